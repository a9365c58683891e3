import PrimeClients

/// Answers from a small table after one progress report; n = 7 never answers.
let nthPrimeFake = NthPrimeClient { n in
  if n == 7 { return NthPrimeClient.never.nthPrime(n) }
  return NthPrimeClient.answering(progress: [0.5]) { n in
    let primes: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
    guard n >= 1 else { throw FakeFailure(message: "there is no \(n)th prime") }
    return primes[n - 1]
  }.nthPrime(n)
}

struct FakeFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
