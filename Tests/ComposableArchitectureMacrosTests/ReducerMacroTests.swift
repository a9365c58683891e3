import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

// Expansions were recorded once and read line by line; recording stays off.
@Suite(
  .macros(
    ["Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"])],
    record: .never))
struct ReducerMacroTests {
  @Test func aStructBecomesAReducerWithCasePathableActions() {
    assertMacro {
      """
      @Reducer
      struct Counter {
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case increment
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        struct State: Equatable {
          var count = 0
        }
        @CasePaths.CasePathable
        enum Action {
          case increment
        }
        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Counter: ComposableCore.Reducer {
      }
      """
    }
  }

  // A body that returns explicitly, or that has its builder already, is left as it is.
  @Test func aBodyWithItsBuilderOrAReturnIsLeftAlone() {
    assertMacro {
      """
      @Reducer
      struct Pair {
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
          EmptyReducer()
        }
      }
      @Reducer
      struct Single {
        var body: some ReducerOf<Self> {
          return EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Pair {
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
          EmptyReducer()
        }

        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
        }

        enum Action: Equatable, Hashable, Sendable {
        }
      }
      struct Single {
        var body: some ReducerOf<Self> {
          return EmptyReducer()
        }

        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
        }

        enum Action: Equatable, Hashable, Sendable {
        }
      }

      extension Pair: ComposableCore.Reducer {
      }

      extension Single: ComposableCore.Reducer {
      }
      """
    }
  }

  // The attributes already there are not added again. (The conformance is: the test harness
  // offers every conformance the macro declares, where the compiler offers only those the type
  // lacks; `Screen: Reducer` compiled gets no extension, as TCAShapedFeatureTests show.)
  @Test func attributesWrittenAlreadyAreNotWrittenAgain() {
    assertMacro {
      """
      @Reducer
      public struct Screen: Reducer {
        @CasePathable @dynamicMemberLookup
        public enum State: Equatable {
          case one(Int)
        }
        @CasePathable
        public enum Action {
          case tap
        }
      }
      """
    } expansion: {
      """
      public struct Screen: Reducer {
        @CasePathable @dynamicMemberLookup
        public enum State: Equatable {
          case one(Int)
        }
        @CasePathable
        public enum Action {
          case tap
        }

        public var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
      }

      extension Screen: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func anEnumStateIsCasePathableWithDynamicMembers() {
    assertMacro {
      """
      @Reducer
      struct Screens {
        enum State {
          case first(Int)
        }
        enum Action {
          case first(Int)
        }
      }
      """
    } expansion: {
      """
      struct Screens {
        @CasePaths.CasePathable @dynamicMemberLookup
        enum State {
          case first(Int)
        }
        @CasePaths.CasePathable
        enum Action {
          case first(Int)
        }

        var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
      }

      extension Screens: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func anEnumOfFeaturesBecomesACaseReducer() {
    assertMacro {
      """
      @Reducer(state: .equatable, action: .equatable, .sendable)
      public enum Destination {
        case detail(ContactDetail)
        case edit(EditContact)
        case alert(AlertState<Alert>)
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case detail(ContactDetail)
        case edit(EditContact)
        case alert(AlertState<Alert>)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        public enum State: ComposableCore.CaseReducerState, Swift.Equatable {
          public typealias StateReducer = Destination
          case detail(ContactDetail.State)
          case edit(EditContact.State)
          case alert(AlertState<Alert>)
        }

        @CasePaths.CasePathable
        public enum Action: Swift.Equatable, Swift.Sendable {
          case detail(ContactDetail.Action)
          case edit(EditContact.Action)
          case alert(Alert)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        public static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.CombineReducers {
            ComposableCore.Scope(state: \Self.State.AllCasePaths.detail, action: \Self.Action.AllCasePaths.detail) {
              ContactDetail()
            }
            ComposableCore.Scope(state: \Self.State.AllCasePaths.edit, action: \Self.Action.AllCasePaths.edit) {
              EditContact()
            }
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """#
    }
  }

  @Test func anEnumOfAlertsAloneHasAnEmptyBody() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case confirm(ConfirmationDialogState<Choice>)
      }
      """
    } expansion: {
      """
      enum Destination {
        case confirm(ConfirmationDialogState<Choice>)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState {
          typealias StateReducer = Destination
          case confirm(ConfirmationDialogState<Choice>)
        }

        @CasePaths.CasePathable
        enum Action {
          case confirm(Choice)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func aBodyWrittenByHandIsKept() {
    assertMacro {
      """
      @Reducer
      enum Session {
        case signedOut(SignIn)
        static var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      enum Session {
        case signedOut(SignIn)
        static var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState {
          typealias StateReducer = Session
          case signedOut(SignIn.State)
        }

        @CasePaths.CasePathable
        enum Action {
          case signedOut(SignIn.Action)
        }
      }

      extension Session: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """
    }
  }

  // A case that is not one unlabelled feature, or that is marked `@ReducerCaseIgnored`, is a
  // state with no action and no scope; an `Action` written by hand is kept, not generated.
  @Test func aCaseThatHoldsNoFeatureIsAStateOnly() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(ContactDetail)
        case none
        case pair(a: Int, b: Int)
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)
        @CasePathable
        enum Action {
          case detail(ContactDetail.Action)
          case alert(Alert)
        }
      }
      """
    } expansion: {
      """
      enum Destination {
        case detail(ContactDetail)
        case none
        case pair(a: Int, b: Int)
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)
        @CasePathable
        enum Action {
          case detail(ContactDetail.Action)
          case alert(Alert)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState {
          typealias StateReducer = Destination
          case detail(ContactDetail.State)
          case none
          case pair(a: Int, b: Int)
          case alert(AlertState<Alert>)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.CombineReducers {
            ComposableCore.Scope(state: \\Self.State.AllCasePaths.detail, action: \\Self.Action.AllCasePaths.detail) {
              ContactDetail()
            }
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """
    }
  }
  /// `@Reducer struct Feature {}`: what TCA's macro fills in, a State, an Action and a body.
  @Test func aStructLeavingOutStateActionAndBodyGetsThem() {
    assertMacro {
      """
      @Reducer
      public struct Empty {
      }
      """
    } expansion: {
      """
      public struct Empty {

          public struct State: Codable, Equatable, Hashable, Sendable {
              public init() {
              }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public var body: some ComposableCore.Reducer<Self.State, Self.Action> {
              ComposableCore.EmptyReducer<Self.State, Self.Action>()
          }
      }

      extension Empty: ComposableCore.Reducer {
      }
      """
    }
  }

  /// A struct that writes `reduce(into:action:)` and a typealias for its State gets only the
  /// Action it leaves out.
  @Test func whatIsWrittenIsKept() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        typealias State = Int
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias State = Int
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }

        enum Action: Equatable, Hashable, Sendable {
        }
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  /// A case's default is how its feature's reducer is made.
  @Test func anEnumCasesDefaultMakesItsReducer() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail = Detail(id: 7))
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail = Detail(id: 7))

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState {
          typealias StateReducer = Destination
          case detail(Detail.State)
        }

        @CasePaths.CasePathable
        enum Action {
          case detail(Detail.Action)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.CombineReducers {
            ComposableCore.Scope(state: \Self.State.AllCasePaths.detail, action: \Self.Action.AllCasePaths.detail) {
              Detail(id: 7)
            }
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """#
    }
  }

  /// Cases under `#if` are refused with a clear error, never silently left out.
  @Test func casesUnderIfConfigAreAnError() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        #if DEBUG
        case debug(DebugPanel)
        #endif
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        #if DEBUG
        ╰─ 🛑 '@Reducer' enums cannot have cases inside '#if': move them out, or write the State, Action and body by hand
        case debug(DebugPanel)
        #endif
      }
      """
    }
  }
}

@Suite(.macros(["Presents": PresentsMacro.self], record: .never))
struct PresentsMacroTests {
  @Test func anOptionalIsKeptInPresentationState() {
    assertMacro {
      """
      struct State {
        @Presents public var destination: Destination.State?
      }
      """
    } expansion: {
      """
      struct State {
        public var destination: Destination.State? {
          @storageRestrictions(initializes: $destination)
          init(initialValue) {
            $destination = ComposableCore.PresentationState(wrappedValue: initialValue)
          }
          get {
            $destination.wrappedValue
          }
          set {
            $destination.wrappedValue = newValue
          }
        }

        public var $destination: ComposableCore.PresentationState<Destination.State>
      }
      """
    }
  }

  @Test func whatCannotBePresentedIsRefused() {
    assertMacro {
      """
      struct State {
        @Presents var count: Int
        @Presents var detail: Detail.State? = Detail.State()
        @Presents let fixed: Int?
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var count: Int
        ┬────────
        ╰─ 🛑 @Presents applies to optional state: 'var count: Int?'
        @Presents var detail: Detail.State? = Detail.State()
        ┬────────
        ╰─ 🛑 A presented feature starts absent: remove the initial value, or make it nil
        @Presents let fixed: Int?
        ┬────────
        ╰─ 🛑 @Presents applies to one 'var' of optional state
      }
      """
    }
  }
}
