import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

// Expansions were recorded once and read line by line; recording stays off.
@Suite(
  .macros(
    [
      "Reducer": MacroSpec(
        type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer", "_CaseScopable"])
    ],
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
      }
      struct Single {
        var body: some ReducerOf<Self> {
          return EmptyReducer()
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
        public enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable, Swift.Equatable {
          public typealias StateReducer = Destination
          case detail(ContactDetail.State)
          case edit(EditContact.State)
          case alert(AlertState<Alert>)
        }

        @CasePaths.CasePathable
        public enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Swift.Equatable, Swift.Sendable {
          case detail(ContactDetail.Action)
          case edit(EditContact.Action)
          case alert(Alert)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        public enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(ComposableCore.StoreOf<ContactDetail>)
          case edit(ComposableCore.StoreOf<EditContact>)
          case alert(AlertState<Alert>)
        }

        @preconcurrency @MainActor
        public static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(\.detail, action: \.detail)!)
          case .edit:
            return .edit(store.scope(\.edit, action: \.edit)!)
          case .alert(let v0):
            return .alert(v0)
          }
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

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
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
        enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case confirm(ConfirmationDialogState<Choice>)
        }

        @CasePaths.CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case confirm(Choice)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case confirm(ConfirmationDialogState<Choice>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .confirm(let v0):
            return .confirm(v0)
          }
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
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
      #"""
      enum Session {
        case signedOut(SignIn)
        static var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Session
          case signedOut(SignIn.State)
        }

        @CasePaths.CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case signedOut(SignIn.Action)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case signedOut(ComposableCore.StoreOf<SignIn>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .signedOut:
            return .signedOut(store.scope(\.signedOut, action: \.signedOut)!)
          }
        }
      }

      extension Session: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
      }
      """#
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
      #"""
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
        enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case detail(ContactDetail.State)
          case none
          case pair(a: Int, b: Int)
          case alert(AlertState<Alert>)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(ComposableCore.StoreOf<ContactDetail>)
          case none
          case pair(a: Int, b: Int)
          case alert(AlertState<Alert>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(\.detail, action: \.detail)!)
          case .none:
            return .none
          case .pair(let v0, let v1):
            return .pair(a: v0, b: v1)
          case .alert(let v0):
            return .alert(v0)
          }
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.CombineReducers {
            ComposableCore.Scope(state: \Self.State.AllCasePaths.detail, action: \Self.Action.AllCasePaths.detail) {
              ContactDetail()
            }
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
      }
      """#
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

  /// A typealias is kept; what is left out is filled in around it (TCA's `Feature5`).
  @Test func whatIsWrittenIsKept() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        typealias State = Int
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias State = Int

        enum Action: Equatable, Hashable, Sendable {
        }

        var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  /// A body whose type names the reducer's types, `some Reducer<Int, Bool>`, says what State
  /// and Action are: none is filled in, and its builder takes those types (TCA's rule).
  @Test func aBodyNamingItsTypesGetsNoStateOrAction() {
    assertMacro {
      """
      @Reducer
      struct Toggle {
        var body: some Reducer<Int, Bool> {
          Reduce { count, isOn in .none }
          EmptyReducer()
        }
      }
      @Reducer
      struct Screen {
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Toggle {
        @ComposableCore.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          Reduce { count, isOn in .none }
          EmptyReducer()
        }
      }
      struct Screen {
        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Toggle: ComposableCore.Reducer {
      }

      extension Screen: ComposableCore.Reducer {
      }
      """
    }
  }

  /// A property with an initial value (`let body = …`) or a `reduce(into:action:)` may say
  /// what State and Action are: none is filled in, nor a body (TCA's `Feature4`).
  @Test func aBodyWithAValueOrAReduceMethodGetsNoStateOrAction() {
    assertMacro {
      """
      @Reducer
      struct Stored {
        let body = EmptyReducer<Int, Int>()
      }
      @Reducer
      struct Method {
        func reduce(into state: inout Int, action: Bool) -> Effect<Bool> { .none }
      }
      """
    } expansion: {
      """
      struct Stored {
        let body = EmptyReducer<Int, Int>()
      }
      struct Method {
        func reduce(into state: inout Int, action: Bool) -> Effect<Bool> { .none }
      }

      extension Stored: ComposableCore.Reducer {
      }

      extension Method: ComposableCore.Reducer {
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
        enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case detail(Detail.State)
        }

        @CasePaths.CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(ComposableCore.StoreOf<Detail>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(\.detail, action: \.detail)!)
          }
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

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
      }
      """#
    }
  }

  /// Cases under `#if` are kept under the same conditions in State, Action and body, nested
  /// blocks and `#elseif`/`#else` clauses included; a clause with nothing for one of them
  /// stays empty there, so that the others keep their conditions.
  @Test func casesUnderIfConfigAreKept() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        #if os(macOS)
          case mac(Detail)
          case macAlert(AlertState<Options>)
        #elseif os(iOS)
          @ReducerCaseIgnored case phone
        #else
          case other(Detail)
        #endif
        #if DEBUG
          #if INNER
            case inner(Detail)
          #endif
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        #if os(macOS)
          case mac(Detail)
          case macAlert(AlertState<Options>)
        #elseif os(iOS)
          @ReducerCaseIgnored case phone
        #else
          case other(Detail)
        #endif
        #if DEBUG
          #if INNER
            case inner(Detail)
          #endif
        #endif

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case detail(Detail.State)
          #if os(macOS)
          case mac(Detail.State)
          case macAlert(AlertState<Options>)
          #elseif os(iOS)
          case phone
          #else
          case other(Detail.State)
          #endif
          #if DEBUG
          #if INNER
          case inner(Detail.State)
          #endif
          #endif
        }

        @CasePaths.CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          #if os(macOS)
          case mac(Detail.Action)
          case macAlert(Options)
          #elseif os(iOS)
          #else
          case other(Detail.Action)
          #endif
          #if DEBUG
          #if INNER
          case inner(Detail.Action)
          #endif
          #endif
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(ComposableCore.StoreOf<Detail>)
          #if os(macOS)
          case mac(ComposableCore.StoreOf<Detail>)
          case macAlert(AlertState<Options>)
          #elseif os(iOS)
          case phone
          #else
          case other(ComposableCore.StoreOf<Detail>)
          #endif
          #if DEBUG
          #if INNER
          case inner(ComposableCore.StoreOf<Detail>)
          #endif
          #endif
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(\.detail, action: \.detail)!)
          #if os(macOS)
          case .mac:
            return .mac(store.scope(\.mac, action: \.mac)!)
          case .macAlert(let v0):
            return .macAlert(v0)
          #elseif os(iOS)
          case .phone:
            return .phone
          #else
          case .other:
            return .other(store.scope(\.other, action: \.other)!)
          #endif
          #if DEBUG
          #if INNER
          case .inner:
            return .inner(store.scope(\.inner, action: \.inner)!)
          #endif
          #endif
          }
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.CombineReducers {
            ComposableCore.Scope(state: \Self.State.AllCasePaths.detail, action: \Self.Action.AllCasePaths.detail) {
              Detail()
            }
            #if os(macOS)
            ComposableCore.Scope(state: \Self.State.AllCasePaths.mac, action: \Self.Action.AllCasePaths.mac) {
              Detail()
            }
            #elseif os(iOS)
            #else
            ComposableCore.Scope(state: \Self.State.AllCasePaths.other, action: \Self.Action.AllCasePaths.other) {
              Detail()
            }
            #endif
            #if DEBUG
            #if INNER
            ComposableCore.Scope(state: \Self.State.AllCasePaths.inner, action: \Self.Action.AllCasePaths.inner) {
              Detail()
            }
            #endif
            #endif
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
      }
      """#
    }
  }

  /// A block whose cases are all states only gives the Action and the body nothing.
  @Test func aBlockOfStatesOnlyIsLeftOutOfActionAndBody() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        #if !PRODUCTION_BUILD
          @ReducerCaseIgnored case debug
        #endif
      }
      """
    } expansion: {
      """
      enum Destination {
        #if !PRODUCTION_BUILD
          @ReducerCaseIgnored case debug
        #endif

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum State: ComposableCore.CaseReducerState, ComposableArchitecture.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          #if !PRODUCTION_BUILD
          case debug
          #endif
        }

        @CasePaths.CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {

        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable, CasePaths.CasePathIterable {
          #if !PRODUCTION_BUILD
          case debug
          #endif
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          #if !PRODUCTION_BUILD
          case .debug:
            return .debug
          #endif
          }
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer, ComposableArchitecture._CaseScopable {
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

@Suite(
  .macros(
    [
      "ObservableState": MacroSpec(
        type: ObservableStateMacro.self, conformances: ["ObservableState"])
    ],
    record: .never))
struct ObservableStateMacroTests {
  @Test func theStateConformsAndNothingElseIsWritten() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var child: Child.State?
      }
      """
    } expansion: {
      """
      struct State {
        var child: Child.State?
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """
    }
  }
}
