#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory this process may use: the machine's (`sysconf`), or less where a control group
/// limits it (cgroup v2's `memory.max`, v1's `memory.limit_in_bytes`, read once), or where
/// its own limits leave less address space (`ulimit -v`, `RLIMIT_AS`) or data (`ulimit -d`,
/// `RLIMIT_DATA`) than that, less what it already takes (read at each call).
///
/// A count refuses, before it builds anything, tables that would not fit here
/// (``PrimeEngineError/notEnoughMemory(needed:available:)``): in a container allowed 4 GiB on
/// a 512 GiB host, a count sized by the host would be stopped by the system once its tables
/// passed 4 GiB, after minutes of work; under `ulimit -v`, an allocation past the limit
/// fails, and Swift stops the process on a failed allocation.
enum AvailableMemory {
  static var bytes: UInt64 {
    min(machine, left(limits: processLimits(), used: processUse()) ?? .max)
  }

  /// The machine's memory, or its control group's limit.
  private static let machine: UInt64 = {
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

  /// What a process limited to `limits` (address space, data; nil where unlimited) and
  /// using `used` of each has left under the tighter of them, or nil when neither is set.
  static func left(
    limits: (addressSpace: UInt64?, data: UInt64?), used: (addressSpace: UInt64, data: UInt64)
  ) -> UInt64? {
    let room = [
      limits.addressSpace.map { $0 > used.addressSpace ? $0 - used.addressSpace : 0 },
      limits.data.map { $0 > used.data ? $0 - used.data : 0 },
    ]
    return room.compactMap { $0 }.min()
  }

  /// The process's soft limits on its address space and its data, nil where unlimited.
  private static func processLimits() -> (addressSpace: UInt64?, data: UInt64?) {
    func soft(_ resource: Int32) -> UInt64? {
      var limit = rlimit()
      #if canImport(Glibc)
        let result = getrlimit(__rlimit_resource_t(UInt32(resource)), &limit)
      #else
        let result = getrlimit(resource, &limit)
      #endif
      // Unlimited is all ones on Linux, 2⁶³ − 1 on Darwin: no real limit comes near either.
      guard result == 0, limit.rlim_cur < 1 << 62 else { return nil }
      return UInt64(limit.rlim_cur)
    }
    #if canImport(Glibc)
      return (soft(Int32(RLIMIT_AS.rawValue)), soft(Int32(RLIMIT_DATA.rawValue)))
    #else
      return (soft(RLIMIT_AS), soft(RLIMIT_DATA))
    #endif
  }

  /// The address space and data the process takes now: `/proc/self/statm`'s size and data
  /// fields, in pages (what the kernel counts against `RLIMIT_AS` and `RLIMIT_DATA`); none
  /// where it cannot be read.
  private static func processUse() -> (addressSpace: UInt64, data: UInt64) {
    let fields = (ControlGroups.contents(of: "/proc/self/statm") ?? "")
      .split(whereSeparator: \.isWhitespace).compactMap { UInt64($0) }
    guard fields.count >= 6 else { return (0, 0) }
    let page = UInt64(max(sysconf(Int32(_SC_PAGESIZE)), 1))
    return (fields[0] * page, fields[5] * page)
  }

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
