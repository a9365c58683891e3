import ComposableArchitecture
import Testing

// Four `@Reducer` enums in one file, as TCA's MacroTests has them: Swift 6.3's type checker
// crashed on this file while the generated State and Action enums got their `CasePathable`
// conformance from an extension macro expanded inside the `@Reducer` expansion.
enum ManyEnumReducers {
  @Reducer struct Feature {}
  @Reducer
  enum Destination1 {
    case feature1(Feature)
  }
  @Reducer
  enum Destination2 {
    case feature1(Feature)
    case feature2(Feature)
  }
  @Reducer
  enum Destination3 {
    case feature1(Feature)
    case feature2(Feature)
    case feature3(Feature)
  }
  @Reducer
  enum Destination4 {
    case feature1(Feature)
    case feature2(Feature)
    case feature3(Feature)
    case feature4(Feature)
  }
}

@Test func fourEnumReducersInOneFileAreCasePathable() {
  let state = ManyEnumReducers.Destination4.State.feature3(ManyEnumReducers.Feature.State())
  #expect(state.is(\.feature3))
  #expect(!state.is(\.feature4))
  #expect(Array(ManyEnumReducers.Destination4.State.allCasePaths).count == 4)
}
