import PrimeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--verbose` prints on standard error after an answer, as primecount's `-v` does: the
/// parameters chosen, each phase's time and share, the threads and the peak memory, so that
/// a user sees where the time goes.
func verboseReport(_ details: PrimeCountDetails, peakMemoryKiB: Int = peakMemoryKiB()) -> String {
  var lines: [String] = []
  lines.append("x = \(grouped(String(details.x)))")
  if details.y > 0 {
    lines.append("y = \(grouped(String(details.y))) (α_y = \(fixed(details.alphaY, 3)))")
    lines.append("z = \(grouped(String(details.z))) (α_z = \(fixed(details.alphaZ, 3)))")
    lines.append(
      "tables: primes to y in \(details.primeBits) bits, factor table values in "
        + "\(details.factorValueBits)")
  }
  let asked =
    details.threadsAsked > details.threads
    ? "\(details.threadsAsked) asked, too little work for more; " : ""
  let processors = "\(details.availableProcessors) processor"
  let plural = details.availableProcessors == 1 ? "" : "s"
  lines.append("threads = \(details.threads) (\(asked)\(processors)\(plural) available)")
  let total = details.totalSeconds
  let width = details.phases.map(\.name.count).max() ?? 0
  for phase in details.phases {
    let share = total > 0 ? 100 * phase.seconds / total : 0
    let padding = String(repeating: " ", count: width - phase.name.count)
    lines.append("\(phase.name)\(padding)  \(fixed(phase.seconds, 3)) s  \(fixed(share, 1))%")
  }
  if details.hardLeaves > 0, let hard = details.phases.first(where: { $0.name == "hard leaves" }) {
    let leaves = Double(details.hardLeaves)
    lines.append(
      "hard leaves: \(grouped(String(details.hardLeaves))), "
        + "\(fixed(hard.seconds * 1e9 / leaves, 1)) ns each (with the sieve), "
        + "\(fixed(Double(details.countedWords) / leaves, 2)) words counted each; "
        + "sieve crossings: \(grouped(String(details.sieveCrossings)))")
  }
  lines.append(
    "time: \(fixed(details.wallSeconds, 3)) s, \(fixed(total, 3)) s over the threads")
  lines += threadLines(details)
  lines.append("peak memory: \(fixed(Double(peakMemoryKiB) / 1024, 1)) MiB")
  return lines.map { $0 + "\n" }.joined()
}

/// Where the threads' time went, phase by phase: wall time, processor time (the threads'
/// sum, the least and the most one thread spent), time spent waiting to be handed work, the
/// units of work handed out and the threads that took any; then the workers' jobs of every
/// kind together, whose "most" is the busiest worker's whole share; then what the whole
/// process used. A run with more threads than processors shows its waste here: busy time
/// short of the phases' seconds (threads ready but not running), waiting, system time and
/// context switches. Times have four decimals: sixteen workers on π(3·10¹³) each spend 2–4 ms in
/// the hard leaves, and to the millisecond the busiest read as 1.14× or 1.25× the mean from
/// one run to the next with the same work.
private func threadLines(_ details: PrimeCountDetails) -> [String] {
  let rows = details.phases + (details.allJobs.map { [$0] } ?? [])
  let width = rows.map(\.name.count).max() ?? 0
  func column(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
  let header =
    "  " + String(repeating: " ", count: width) + column("wall", 10) + column("busy", 10)
    + column("least", 9) + column("most", 9) + column("waiting", 10) + column("jobs", 8)
    + column("threads", 9)
  var lines = ["threads' time (s):", header]
  for phase in rows {
    let padding = String(repeating: " ", count: width - phase.name.count)
    lines.append(
      "  \(phase.name)\(padding)" + column(fixed(phase.wallSeconds, 4), 10)
        + column(fixed(phase.busySeconds, 4), 10) + column(fixed(phase.leastBusySeconds, 4), 9)
        + column(fixed(phase.mostBusySeconds, 4), 9)
        + column(fixed(phase.waitingSeconds, 4), 10)
        + column(String(phase.jobs), 8)
        + column(phase.threads > 0 ? String(phase.threads) : "-", 9))
  }
  let usage = details.usage
  lines.append(
    "process: \(fixed(usage.userSeconds, 3)) s user, \(fixed(usage.systemSeconds, 3)) s system, "
      + "\(usage.voluntaryContextSwitches) voluntary and \(usage.involuntaryContextSwitches) "
      + "involuntary context switches")
  return lines
}

/// The process's peak resident memory so far, in KiB.
func peakMemoryKiB() -> Int { PrimeCountDetails.ProcessUsage.now().peakMemoryKiB }

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
  var scaled = (value * pow(10, Double(digits))).rounded()
  let negative = scaled < 0
  scaled = abs(scaled)
  var text = String(Int(scaled))
  if digits > 0 {
    if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
  }
  return (negative ? "-" : "") + text
}
