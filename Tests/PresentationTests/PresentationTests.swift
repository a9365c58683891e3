import ComposableCore
import Foundation
import NthPrimeLookup
import Presentation
import Testing

struct PresentationTests {
  @Test(arguments: [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
    (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
    (112, "112th"), (1_002, "1,002nd"), (0, "0th"), (-1, "-1st"), (-3, "-3rd"), (-11, "-11th"),
    (Int.min, "-9,223,372,036,854,775,808th"), (Int.max, "9,223,372,036,854,775,807th"),
  ])
  func ordinals(_ n: Int, _ text: String) {
    #expect(Formatting.ordinal(n) == text)
  }

  @Test func numbers() {
    #expect(Formatting.number(0) == "0")
    #expect(Formatting.number(999) == "999")
    #expect(Formatting.number(1_000) == "1,000")
    #expect(Formatting.number(-1_234_567) == "-1,234,567")
    #expect(Formatting.number(UInt64.max) == "18,446,744,073,709,551,615")
    #expect(Formatting.number(Int.min) == "-9,223,372,036,854,775,808")
    #expect(Formatting.number(Int128(Int64.max) * -1_000) == "-9,223,372,036,854,775,807,000")
    // Every length of number, each sign, against grouping done another way.
    var generator = SystemRandomNumberGenerator()
    for digits in 1...19 {
      for _ in 0..<20 {
        let n = Int.random(in: 0...Int(pow(10, Double(digits - 1))) * 9, using: &generator)
        for value in [n, -n] {
          let plain = String(value.magnitude)
          let groups = stride(from: plain.count, to: 0, by: -3).reversed().map { end in
            plain.dropFirst(max(end - 3, 0)).prefix(end - max(end - 3, 0))
          }
          let expected = (value < 0 ? "-" : "") + groups.joined(separator: ",")
          #expect(Formatting.number(value) == expected)
        }
      }
    }
  }

  @Test func textWritesItsPiecesInOrder() {
    #expect(
      Formatting.text {
        $0.write("What is the ")
        $0.write(ordinal: 1_001)
        $0.write(" prime?")
      } == "What is the 1,001st prime?")
    #expect(
      Formatting.text {
        $0.write("Counter demo — ")
        $0.write(2)
        $0.write(" of ")
        $0.write(-3_000)
      } == "Counter demo — 2 of -3,000")
    #expect(Formatting.text { $0.write(Int.min) } == Formatting.number(Int.min))
    #expect(Formatting.text { _ in } == "")
    // A literal of one scalar has no UTF-8 of its own to copy.
    #expect(Formatting.text { $0.write(StaticString(unicodeScalarLiteral: "é")) } == "é")
    // Past the buffer on the stack the text goes on in a string: nothing is lost.
    let long = Formatting.text {
      for n in 1...40 {
        $0.write("item ")
        $0.write(n)
        $0.write("; ")
      }
    }
    #expect(long == (1...40).map { "item \($0); " }.joined())
    #expect(long.utf8.count > 128)
  }

  @Test func sizeClassFollowsTheWidth() {
    #expect(
      [40, 79, 80, 119, 120, 300].map(SizeClass.init(columns:)) == [
        .compact, .compact, .regular, .regular, .desktop, .desktop,
      ])
  }

  @Test func alertsForAnswers() {
    #expect(
      AlertView.State(AlertState<Never>.nthPrime(n: 7, result: .success(17)))
        == AlertView.State(title: "The 7th prime is 17"))
    #expect(
      AlertView.State(AlertState<Never>.nthPrime(n: 1_000_000, result: .success(15_485_863))).title
        == "The 1,000,000th prime is 15,485,863")
    let failure = NthPrimeLookup.Failure("there is no 0th prime: primes are counted from 1")
    #expect(
      AlertView.State(AlertState<Never>.nthPrime(n: 0, result: .failure(failure)))
        == AlertView.State(
          title: "No 0th prime", message: "there is no 0th prime: primes are counted from 1"))
    let negative = NthPrimeLookup.Failure("there is no prime number -12")
    #expect(
      AlertView.State(AlertState<Never>.nthPrime(n: -12, result: .failure(negative))).title
        == "No prime is numbered -12")
  }
}
