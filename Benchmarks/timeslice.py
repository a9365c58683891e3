"""The kernel's time slice for the benchmarks that run many workers on one processor
(Benchmarks/oversubscription, Benchmarks/many-core-projection): with its default slice a
thread runs a whole slice before the next, and a worker's share reads as a whole number of
slices; a short one lets them take turns as processors side by side would run them."""
import ctypes, os, platform, struct

SLICE_NANOSECONDS = 100_000


def set_slice(nanoseconds):
    """Asks the kernel for a time slice of `nanoseconds` for this process and the threads it
    starts (sched_setattr's runtime for SCHED_OTHER, read since Linux 6.12); the slice it
    then reports, or None where it has no such call."""
    numbers = {"x86_64": (314, 315), "aarch64": (274, 275)}.get(platform.machine())
    if numbers is None:
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    # struct sched_attr, its first version: size, policy, flags, nice, priority, runtime,
    # deadline, period, util_min, util_max.
    layout = "IIQiIQQQII"
    attributes = ctypes.create_string_buffer(struct.pack(layout, struct.calcsize(layout), 0, 0,
                                                         0, 0, nanoseconds, 0, 0, 0, 0))
    if libc.syscall(numbers[0], 0, attributes, 0) != 0:
        return None
    read = ctypes.create_string_buffer(struct.calcsize(layout))
    if libc.syscall(numbers[1], 0, read, struct.calcsize(layout), 0) != 0:
        return None
    return struct.unpack(layout, read.raw)[5]


def slice_taken():
    """Whether a process here gets the short slice: asked in a child, so that this one and
    the runs on every processor keep the default."""
    child = os.fork()
    if child == 0:
        os._exit(0 if set_slice(SLICE_NANOSECONDS) == SLICE_NANOSECONDS else 1)
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status) == 0
