#if !_runtime(_ObjC)
  @testable import ComposableTestSupport
  import XCTest

  /// `XCTExpectFailure` on Linux, as TCA code's tests call it: a failure the kit reports that a
  /// matcher accepts does not fail the test; one it does not accept still does; an expectation
  /// no failure meets is itself a failure, unless it is not strict.
  final class XCTExpectFailureTests: XCTestCase {
    func testABlockExpectsTheFailureItsMatcherAccepts() {
      var seen: [String] = []
      let result = XCTExpectFailure {
        reportIssue("Can't modify unrelated case \"int\"")
        return 42
      } issueMatcher: {
        seen.append($0.compactDescription)
        return $0.compactDescription.hasSuffix("unrelated case \"int\"")
      }
      XCTAssertEqual(result, 42)
      XCTAssertEqual(seen, ["Can't modify unrelated case \"int\""])
    }

    /// A reducer's warning is matched by TCA's first line ("Coming from TCA").
    @MainActor func testAWarningIsMatchedByTCAsFirstLine() async {
      let store = TestStore(initialState: Int?.none) {
        EmptyReducer<Int?, Void>()
          .ifLet(\.self, action: \.self) {}
      }
      let location = "ComposableTestSupportTests/XCTExpectFailureTests.swift:\(#line - 2)"
      XCTExpectFailure {
        $0.compactDescription.hasPrefix(
          #"An "ifLet" at "\#(location)" received a child action when child state was "nil"."#)
      }
      await store.send(())
    }

    /// The matcher sees where the failure was reported, as XCTest's issues say it.
    func testTheMatcherSeesWhereTheFailureWasReported() {
      let line = #line + 2
      XCTExpectFailure {
        reportIssue("Somewhere")
      } issueMatcher: {
        $0.sourceCodeContext.location?.lineNumber == line
          && $0.sourceCodeContext.location?.fileURL.lastPathComponent
            == "XCTExpectFailureTests.swift"
      }
    }

    /// The inner block's matcher refuses the failure, which goes on to the outer one, and no
    /// failure met the inner expectation, which is reported there too.
    func testAFailureTheMatcherRefusesAndAnUnmetExpectationAreReported() {
      var seenOutside: [String] = []
      XCTExpectFailure {
        XCTExpectFailure {
          reportIssue("Something else")
        } issueMatcher: {
          $0.compactDescription == "Expected"
        }
      } issueMatcher: {
        seenOutside.append($0.compactDescription)
        return true
      }
      XCTAssertEqual(seenOutside, ["Something else", "Expected failure did not occur."])
    }

    func testANonStrictExpectationMayGoUnmet() {
      var seenOutside: [String] = []
      XCTExpectFailure(strict: false) {
        XCTExpectFailure("a reason", strict: false) {}
        XCTExpectFailure("not enabled", enabled: false) {}
      } issueMatcher: {
        seenOutside.append($0.compactDescription)
        return true
      }
      XCTAssertEqual(seenOutside, [])
    }

    /// A test store's failures, as TCA's tests expect them.
    @MainActor
    func testATestStoresFailuresAreExpected() async {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Bool> { count, increments in
          if increments { count += 1 }
          return .none
        }
      }
      await store.send(true) { $0 = 1 }
      XCTExpectFailure {
        store.assert { $0 = 2 }
      } issueMatcher: {
        $0.compactDescription.hasPrefix("A state change does not match expectation")
      }
      XCTExpectFailure {
        $0.compactDescription.hasPrefix("Expected state to change, but no change occurred.")
      }
      await store.send(false) { $0 = 1 }
    }

    /// Without a block, failures reported in the rest of the test are expected.
    func testAnExpectationForTheRestOfTheTest() {
      XCTExpectFailure {
        $0.compactDescription.hasPrefix("Unimplemented")
      }
      reportIssue("Unimplemented: 'client.fetch'")
      XCTAssertEqual(ExpectedFailures.shared.expectations.map(\.isUnmet), [false])
    }

    /// The next test starts with no expectation of the previous one's.
    func testTheNextTestStartsWithNoExpectation() {
      XCTAssertEqual(ExpectedFailures.shared.expectations.count, 0)
    }
  }
#endif
