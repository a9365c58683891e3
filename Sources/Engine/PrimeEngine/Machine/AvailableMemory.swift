#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory this process may use: the machine's (`sysconf`), or less where a control group
/// limits it (cgroup v2's `memory.max`, v1's `memory.limit_in_bytes`), read once.
///
/// A count refuses, before it builds anything, tables that would not fit here
/// (``PrimeEngineError/notEnoughMemory(needed:available:)``): in a container allowed 4 GiB on
/// a 512 GiB host, a count sized by the host would be stopped by the system once its tables
/// passed 4 GiB, after minutes of work.
enum AvailableMemory {
  static let bytes: UInt64 = {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    var bytes =
      pages > 0 && size > 0
      ? UInt64(pages).multipliedReportingOverflow(by: UInt64(size)).partialValue : .max
    if let limit = limit(
      cgroups: ControlGroups.contents(of: "/proc/self/cgroup") ?? "",
      read: ControlGroups.contents(of:))
    {
      bytes = min(bytes, limit)
    }
    return bytes
  }()

  /// The least memory limit over the process's cgroup and its parents, from the text of
  /// `/proc/self/cgroup`, or nil when none is set ("max"). `read` gives a file's text (tests
  /// give their own).
  static func limit(cgroups: String, read: (String) -> String?) -> UInt64? {
    var least: UInt64?
    for folder in ControlGroups.folders(cgroups: cgroups, controller: "memory") {
      let file = folder.version == 2 ? "memory.max" : "memory.limit_in_bytes"
      guard let text = read("\(folder.path)/\(file)"),
        case let fields = text.split(whereSeparator: \.isWhitespace), fields.count == 1,
        let bytes = UInt64(fields[0])
      else { continue }
      least = min(least ?? bytes, bytes)
    }
    return least
  }
}
