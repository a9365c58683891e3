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
    if let quota = quota(
      cgroups: ControlGroups.contents(of: "/proc/self/cgroup") ?? "",
      read: ControlGroups.contents(of:))
    {
      count = min(count, quota)
    }
    return max(1, count)
  }()

  /// The processors a CPU quota allows, from the text of `/proc/self/cgroup`: the least over
  /// the process's cgroup and its parents (a limit set on any of them applies), or nil when
  /// none is set. `read` gives a file's text (tests give their own).
  static func quota(cgroups: String, read: (String) -> String?) -> Int? {
    var least: Int?
    for folder in ControlGroups.folders(cgroups: cgroups, controller: "cpu") {
      let allowed =
        folder.version == 2
        ? read("\(folder.path)/cpu.max").flatMap(processors(cpuMax:))
        : read("\(folder.path)/cpu.cfs_quota_us").flatMap { quota in
          read("\(folder.path)/cpu.cfs_period_us").flatMap { processors(cpuMax: quota + " " + $0) }
        }
      if let allowed { least = min(least ?? allowed, allowed) }
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
}
