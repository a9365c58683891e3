#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one π(x) computation chose and where its time went, for `primetime pi --verbose`:
/// a user comparing runs sees which phase grows, and a change to the engine is measured
/// phase by phase.
public struct PrimeCountDetails: Sendable, Equatable {
  /// One part of the computation and the time it took.
  public struct Phase: Sendable, Equatable {
    public var name: String
    /// Seconds, summed over the threads that worked on it.
    public var seconds: Double
  }

  public var x: UInt64 = 0
  /// Where φ stops sieving: ∛x·α_y.
  public var y: UInt64 = 0
  /// How far the ordinary leaves go: y·α_z.
  public var z: UInt64 = 0
  public var cubeRoot: UInt64 = 0
  public var threads = 0
  /// In the order they start; the tables are built before the threads start.
  public var phases: [Phase] = []
  /// The seconds from start to answer.
  public var wallSeconds = 0.0
  /// The hard special leaves: their number, and the numbers the sieve's multiples of each
  /// level's prime visited (each a memory write).
  public var hardLeaves = 0
  public var sieveCrossings = 0
  /// The words whose bits the hard leaves' counts added, over all leaves.
  public var countedWords = 0

  public init() {}

  /// Whether the hard leaves' sieve counts its crossings, which costs 1%: only when the
  /// details are shown.
  var countsCrossings = false

  public var alphaY: Double { cubeRoot == 0 ? 0 : Double(y) / Double(cubeRoot) }
  public var alphaZ: Double { y == 0 ? 0 : Double(z) / Double(y) }

  /// The time summed over every phase.
  public var totalSeconds: Double { phases.reduce(0) { $0 + $1.seconds } }

  mutating func add(_ name: String, seconds: Double) {
    // Compared as bytes: `==` of two strings calls into the standard library's code, which a
    // count otherwise never pages in.
    if let index = phases.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
      phases[index].seconds += seconds
    } else {
      phases.append(Phase(name: name, seconds: seconds))
    }
  }
}

/// Nanoseconds of a monotonic clock, for phase timings.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
