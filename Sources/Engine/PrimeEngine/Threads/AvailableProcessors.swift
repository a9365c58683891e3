import CGMP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processors this process may use: the fewest of those online, those its affinity mask
/// allows (`taskset`, a container's cpuset) and its CPU quota (a cgroup's `cpu.max`, or
/// `cpu.cfs_quota_us` under cgroup v1, rounded up), read once.
///
/// A container given two processors' worth of quota on a 64-processor host sees 64 online:
/// sixty-four busy workers there are throttled in turn, each holding a share of the work the
/// others wait for.
enum AvailableProcessors {
  static let count: Int = {
    let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    var count = online
    let affinity = Int(primetime_affinity_processors())
    if affinity > 0 { count = min(count, affinity) }
    if let quota = quota(cgroups: contents(of: "/proc/self/cgroup") ?? "", read: contents(of:)) {
      count = min(count, quota)
    }
    return max(1, count)
  }()

  /// The processors a CPU quota allows, from the text of `/proc/self/cgroup`: the least over
  /// the process's cgroup and its parents (a limit set on any of them applies), or nil when
  /// none is set. `read` gives a file's text (tests give their own).
  static func quota(cgroups: String, read: (String) -> String?) -> Int? {
    var least: Int?
    func consider(_ processors: Int?) {
      if let processors { least = min(least ?? processors, processors) }
    }
    for line in cgroups.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let controllers = fields[1].split(separator: ",")
      var path = String(fields[2])
      while true {
        let folder = path == "/" ? "" : path
        if fields[0] == "0" && controllers.isEmpty {
          // cgroup v2, mounted at /sys/fs/cgroup, or at …/unified beside v1's controllers.
          for root in ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"] {
            consider(read("\(root)\(folder)/cpu.max").flatMap(processors(cpuMax:)))
          }
        } else if controllers.contains("cpu") {
          for root in ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"] {
            if let quota = read("\(root)\(folder)/cpu.cfs_quota_us"),
              let period = read("\(root)\(folder)/cpu.cfs_period_us")
            {
              consider(processors(cpuMax: quota + " " + period))
            }
          }
        }
        guard path != "/", !path.isEmpty else { break }
        path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if path.isEmpty { path = "/" }
      }
    }
    return least
  }

  /// The processors of a quota written as cgroup v2's `cpu.max` ("200000 100000": 200 ms of
  /// processor time per 100 ms, two processors; "max 100000": no limit), rounded up; v1's
  /// quota and period read the same way (−1: no limit).
  static func processors(cpuMax: String) -> Int? {
    let fields = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]),
      quota > 0, period > 0
    else { return nil }
    return max(1, (quota + period - 1) / period)
  }

  /// A small file's text, or nil when it cannot be read.
  private static func contents(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }
}
