#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where Linux's control groups keep the limits set on this process.
///
/// A container's limits (a CPU quota, a memory ceiling) are not the machine's: sysconf still
/// says 64 processors and 512 GiB where the container may use two and 4 GiB, and a count
/// sized by the machine is throttled or stopped by the system. `/proc/self/cgroup` names the
/// process's cgroup in each hierarchy: cgroup v2's single one as `0::/path`, mounted at
/// `/sys/fs/cgroup` (or `/sys/fs/cgroup/unified` beside v1's), and v1's one per controller
/// as `4:memory:/path`, mounted at `/sys/fs/cgroup/memory` (or at the controllers' joined
/// names, `cpu,cpuacct`). A limit set on any parent applies too, so every folder up to the
/// hierarchy's root is read. Memory: none kept.
enum ControlGroups {
  /// A folder that may hold a limit on this process, and the interface it speaks: 2 for
  /// cgroup v2's files (`cpu.max`, `memory.max`), 1 for v1's (`cpu.cfs_quota_us`,
  /// `memory.limit_in_bytes`).
  struct Folder: Equatable {
    var version: Int
    var path: String
  }

  /// The folders whose limits on `controller` ("cpu", "memory") apply to this process, from
  /// the text of `/proc/self/cgroup`: the process's own cgroup first, then each parent.
  ///
  ///     folders(cgroups: "0::/app/worker\n", controller: "memory").map(\.path)
  ///     // ["/sys/fs/cgroup/app/worker", "/sys/fs/cgroup/unified/app/worker",
  ///     //  "/sys/fs/cgroup/app", "/sys/fs/cgroup/unified/app",
  ///     //  "/sys/fs/cgroup", "/sys/fs/cgroup/unified"]
  static func folders(cgroups: String, controller: String) -> [Folder] {
    var folders: [Folder] = []
    for line in cgroups.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let controllers = fields[1].split(separator: ",")
      let version: Int
      let roots: [String]
      if fields[0] == "0" && controllers.isEmpty {
        version = 2
        roots = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]
      } else if controllers.contains(Substring(controller)) {
        version = 1
        let joined = "/sys/fs/cgroup/\(fields[1])"
        roots = controllers.count == 1 ? [joined] : ["/sys/fs/cgroup/\(controller)", joined]
      } else {
        continue
      }
      var path = String(fields[2])
      while true {
        let folder = path == "/" ? "" : path
        folders += roots.map { Folder(version: version, path: $0 + folder) }
        guard path != "/", !path.isEmpty else { break }
        path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if path.isEmpty { path = "/" }
      }
    }
    return folders
  }

  /// A small file's text, or nil when it cannot be read.
  static func contents(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }
}
