import Benchmark
import PrimeEngine

// In-process figures for the engine's hot paths. Comparisons with other tools are in
// `compare-anchors`, which runs them side by side.

func seeded(_ count: Int) -> [UInt64] {
  var state: UInt64 = 2026
  return (0..<count).map { _ in
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return (z ^ (z >> 31)) | 1
  }
}

let benchmarks: @Sendable () -> Void = {
  let oneCall = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo,
    maxDuration: .seconds(2))
  let long = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds,
    maxDuration: .seconds(10), maxIterations: 5)

  Benchmark("isPrime.randomOdd64", configuration: oneCall) { benchmark in
    let numbers = seeded(1_000)
    for _ in benchmark.scaledIterations {
      for n in numbers { blackHole(Primality.isPrime(n)) }
    }
  }

  Benchmark("isPrime.primesNear2to63", configuration: oneCall) { benchmark in
    var primes: [UInt64] = []
    var p: UInt64 = 1 << 63
    while primes.count < 1_000 {
      p = Primality.nextPrime(after: p)!
      primes.append(p)
    }
    for _ in benchmark.scaledIterations {
      for n in primes { blackHole(Primality.isPrime(n)) }
    }
  }

  Benchmark(
    "isProbablePrime.1000digits",
    configuration: .init(metrics: [.wallClock], timeUnits: .microseconds)
  ) {
    benchmark in
    let prime = (BigInteger.power(10, 999) + 1).nextPrime()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(prime.isProbablePrime) }
  }

  Benchmark("sieveCount.1e9", configuration: long) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try! SegmentedSieve.count(in: 0...1_000_000_000))
    }
  }

  // How long a cancelled request keeps computing: from cancel() to the thrown
  // CancellationError, in µs (target: under 20 ms at every moment, setup included). Each
  // benchmark cancels at one delay after the start, from 0 ms (the setup) to well into
  // the counting.
  for delay in [0, 1, 2, 5, 10, 20, 50, 100, 200, 400, 800] {
    Benchmark(
      "cancellationLatency.after\(delay)ms",
      configuration: .init(
        metrics: [.custom("cancelToStopMicroseconds", useScalingFactor: false)],
        maxDuration: .seconds(10), maxIterations: 20)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        let task = Task { try await NthPrime.nthPrime(9_876_543_210_987) as UInt64 }
        if delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
        let start = ContinuousClock.now
        task.cancel()
        _ = try? await task.value
        let elapsed = start.duration(to: .now)
        benchmark.measurement(
          .custom("cancelToStopMicroseconds"),
          Int(
            elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds
              / 1_000_000_000_000))
      }
    }
  }

  for n in [123_456_789, 12_345_678_901, 1_234_567_890_123] {
    Benchmark("nthPrime.\(n)", configuration: long) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try! NthPrime.nthPrime(n) as UInt64) }
    }
  }
}
