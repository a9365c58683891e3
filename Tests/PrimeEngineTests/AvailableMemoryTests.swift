import Testing

@testable import PrimeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A container's memory ceiling, not the machine's memory, is what a count may fill.
struct AvailableMemoryTests {
  /// cgroup v2's `memory.max` and v1's `memory.limit_in_bytes`, on the process's cgroup or
  /// any parent: the least of those set; "max" and unreadable or malformed files set none.
  @Test func aControlGroupLimitsTheMemory() {
    let v2 = [
      "/sys/fs/cgroup/memory.max": "max\n",
      "/sys/fs/cgroup/app/memory.max": "8589934592\n",
      "/sys/fs/cgroup/app/worker/memory.max": "max\n",
      "/sys/fs/cgroup/other/memory.max": "4 GiB\n",
    ]
    #expect(AvailableMemory.limit(cgroups: "0::/app/worker\n", read: { v2[$0] }) == 8 << 30)
    #expect(AvailableMemory.limit(cgroups: "0::/app\n", read: { v2[$0] }) == 8 << 30)
    #expect(AvailableMemory.limit(cgroups: "0::/\n", read: { v2[$0] }) == nil)
    #expect(AvailableMemory.limit(cgroups: "0::/other\n", read: { v2[$0] }) == nil)
    // cgroup v1: the memory controller's hierarchy only; its "no limit" is a huge number.
    let v1 = [
      "/sys/fs/cgroup/memory/job/memory.limit_in_bytes": "2147483648\n",
      "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
      "/sys/fs/cgroup/cpu,cpuacct/job/memory.limit_in_bytes": "1024\n",
    ]
    let lines = "4:memory:/job\n3:cpu,cpuacct:/job\n0::/\n"
    #expect(AvailableMemory.limit(cgroups: lines, read: { v1[$0] }) == 2 << 30)
    #expect(AvailableMemory.limit(cgroups: "3:cpu,cpuacct:/job\n", read: { v1[$0] }) == nil)
    // What a count may use is never more than the machine has.
    let machine = UInt64(sysconf(Int32(_SC_PHYS_PAGES))) * UInt64(sysconf(Int32(_SC_PAGESIZE)))
    #expect(AvailableMemory.bytes > 0 && AvailableMemory.bytes <= machine)
  }

  /// `ulimit -v` and `ulimit -d` leave what the process does not take yet under the tighter
  /// of them; none set leaves the machine's memory.
  @Test func theProcessLimitsLeaveWhatItDoesNotTakeYet() {
    let used = (addressSpace: UInt64(300 << 20), data: UInt64(100 << 20))
    #expect(AvailableMemory.left(limits: (nil, nil), used: used) == nil)
    #expect(AvailableMemory.left(limits: (1 << 30, nil), used: used) == (1 << 30) - (300 << 20))
    #expect(AvailableMemory.left(limits: (nil, 1 << 30), used: used) == (1 << 30) - (100 << 20))
    #expect(AvailableMemory.left(limits: (1 << 30, 500 << 20), used: used) == 400 << 20)
    #expect(AvailableMemory.left(limits: (2 << 30, 1 << 30), used: used) == 924 << 20)
    // A process already past its limit has nothing left, not a wrapped-around number.
    #expect(AvailableMemory.left(limits: (200 << 20, nil), used: used) == 0)
  }

  /// The folders read are the process's cgroup and each parent to the root, under each mount
  /// point of the hierarchy that has the controller.
  @Test func theLimitsAreReadUpToTheRoot() {
    #expect(
      ControlGroups.folders(cgroups: "0::/app/worker\n", controller: "memory").map(\.path) == [
        "/sys/fs/cgroup/app/worker", "/sys/fs/cgroup/unified/app/worker",
        "/sys/fs/cgroup/app", "/sys/fs/cgroup/unified/app",
        "/sys/fs/cgroup", "/sys/fs/cgroup/unified",
      ])
    let v1 = ControlGroups.folders(cgroups: "2:cpu,cpuacct:/a\n4:memory:/b\n", controller: "cpu")
    #expect(v1.allSatisfy { $0.version == 1 })
    #expect(
      v1.map(\.path) == [
        "/sys/fs/cgroup/cpu/a", "/sys/fs/cgroup/cpu,cpuacct/a",
        "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct",
      ])
    #expect(ControlGroups.folders(cgroups: "garbage\n4:memory\n", controller: "memory") == [])
  }
}
