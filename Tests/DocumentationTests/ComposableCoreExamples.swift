import ComposableCore
import ComposableTestSupport
import PrimeClients
import Testing

// The examples of ComposableCore's doc comments. The features they name (a counter, a detail
// that saves and dismisses itself, a stack of details) are declared once here and shared.

// Reducer
struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case incrementTapped, decrementTapped }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped: state.count += 1
      case .decrementTapped: state.count -= 1
      }
      return .none
    }
  }
}

// Reduce
struct Tally: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case incrementTapped }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      }
    }
  }
}

// Effect, Store, StoreTask, dependency(_:_:)
struct NthPrimeCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var prime: UInt64?
  }
  enum Action: Equatable {
    case nthPrimeButtonTapped
    case nthPrimeResponse(UInt64)
  }
  enum CancelID { case request }

  @Dependency(\.nthPrime) var nthPrime

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .nthPrimeButtonTapped:
        return .run { [n = state.count] send in
          for try await event in nthPrime(n) {
            if case .prime(let prime) = event { await send(.nthPrimeResponse(prime)) }
          }
        }
        .cancellable(id: CancelID.request, cancelInFlight: true)
      case .nthPrimeResponse(let prime):
        state.prime = prime
        return .none
      }
    }
  }
}

// Scope, CasePaths, CombineReducers, ReducerBuilder, Store, Exhaustivity
struct Dashboard: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var changes = 0
    @PresentationState var detail: Detail.State?
  }
  enum Action: Equatable {
    case counter(Counter.Action)
    case detail(PresentationAction<Detail.Action>)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      // The parent sees the state its child left.
      if case .counter = action { state.changes = state.counter.count }
      return .none
    }
  }
}

extension Dashboard.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let counter = AnyCasePath(Dashboard.Action.counter)
    public let detail = AnyCasePath(Dashboard.Action.detail)
  }
  public static let allCasePaths = AllCasePaths()
}

/// The dashboard with the scope written without its `state:` label, as TCA's newest releases
/// write it.
struct UnlabelledDashboard: Reducer {
  typealias State = Dashboard.State
  typealias Action = Dashboard.Action

  var body: some ReducerOf<Self> {
    Scope(\.counter, action: \.counter) { Counter() }
  }
}

struct CombinedDashboard: Reducer {
  typealias State = Dashboard.State
  typealias Action = Dashboard.Action

  var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Reduce { state, action in .none }
    }
    .ifLet(\.$detail, action: \.detail) { Detail() }
  }
}

struct LoggingDashboard: Reducer {
  typealias State = Dashboard.State
  typealias Action = Dashboard.Action

  var isLogging: Bool

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    if isLogging {
      Reduce { state, action in
        print(action)
        return .none
      }
    }
    Reduce { state, action in
      state.changes += 1
      return .none
    }
  }
}

// Store
struct CounterView {
  struct State: Equatable {
    var title: String

    init(_ counter: Counter.State) {
      title = "Count: \(counter.count)"
    }
  }
}

// Dismiss, PresentationState, StackState
struct Detail: Reducer {
  struct State: Equatable { var isSaving = false }
  enum Action: Equatable { case saveTapped }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveTapped:
        state.isSaving = true
        return .run { _ in await dismiss() }
      }
    }
  }
}

struct DetailHost: Reducer {
  struct State: Equatable {
    @PresentationState var detail: Detail.State?
  }
  enum Action {
    case detail(PresentationAction<Detail.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in .none }
      .ifLet(\.$detail, action: \.detail) { Detail() }
  }
}

extension DetailHost.Action: Equatable, CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath(DetailHost.Action.detail)
  }
  static let allCasePaths = AllCasePaths()
}

// CaseReducer: an enum of features written out, as `@Reducer enum` writes it.
enum Screen: CaseReducer {
  enum State: Equatable, CasePathable, CaseReducerState {
    typealias StateReducer = Screen
    case detail(Detail.State)

    struct AllCasePaths: Sendable {
      let detail = AnyCasePath(State.detail)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum Action: Equatable, CasePathable {
    case detail(Detail.Action)

    struct AllCasePaths: Sendable {
      let detail = AnyCasePath(Action.detail)
    }
    static let allCasePaths = AllCasePaths()
  }
  static var body: some Reducer<State, Action> {
    Scope(state: \.detail, action: \.detail) { Detail() }
  }
}

struct ScreenHost: Reducer {
  struct State: Equatable {
    @PresentationState var screen: Screen.State?
  }
  enum Action: Equatable, CasePathable {
    case screen(PresentationAction<Screen.Action>)

    struct AllCasePaths: Sendable {
      let screen = AnyCasePath(Action.screen)
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$screen, action: \.screen)
  }
}

/// The screens a stack or a presentation shows: here only the detail.
struct Path: Reducer {
  enum State: Equatable { case detail(Detail.State) }
  enum Action: Equatable { case detail(Detail.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.detail, action: \.detail) { Detail() }
  }
}

extension Path.State: CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath(Path.State.detail)
  }
  static let allCasePaths = AllCasePaths()
}

extension Path.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath(Path.Action.detail)
  }
  static let allCasePaths = AllCasePaths()
}

struct Navigator: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Path.State?
  }
  enum Action: Equatable {
    case destination(PresentationAction<Path.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .ifLet(\.$destination, action: \.destination) { Path() }
  }
}

extension Navigator.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let destination = AnyCasePath(Navigator.Action.destination)
  }
  static let allCasePaths = AllCasePaths()
}

struct NavigationRoot: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action {
    case path(StackActionOf<Path>)
    case showDetail
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showDetail:
        state.path.append(.detail(Detail.State()))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }
}

extension NavigationRoot.Action: Equatable, CasePathable {
  struct AllCasePaths: Sendable {
    let path = AnyCasePath(NavigationRoot.Action.path)
  }
  static let allCasePaths = AllCasePaths()
}

// IfLet
struct CounterSheet: Reducer {
  struct State: Equatable { var counter: Counter.State? }
  enum Action: Equatable {
    case counter(Counter.Action)
    case openTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .openTapped = action { state.counter = Counter.State() }
      return .none
    }
    .ifLet(\.counter, action: \.counter) { Counter() }
  }
}

extension CounterSheet.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath(CounterSheet.Action.counter)
  }
  static let allCasePaths = AllCasePaths()
}

// IfCaseLet, Scope into an enum
struct LoggedIn: Reducer {
  struct State: Equatable {
    var name: String
    var visits = 0
  }
  enum Action: Equatable { case refreshed }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.visits += 1
    return .none
  }
}

struct Session: Reducer {
  enum State: Equatable {
    case loggedOut
    case loggedIn(LoggedIn.State)
  }
  enum Action: Equatable {
    case logInTapped(name: String)
    case loggedIn(LoggedIn.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .logInTapped(let name) = action { state = .loggedIn(LoggedIn.State(name: name)) }
      return .none
    }
    .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  }
}

struct LoggedInScope: Reducer {
  typealias State = Session.State
  typealias Action = Session.Action

  var body: some ReducerOf<Self> {
    Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }
  }
}

extension Session.State: CasePathable {
  struct AllCasePaths: Sendable {
    let loggedIn = AnyCasePath(Session.State.loggedIn)
  }
  static let allCasePaths = AllCasePaths()
}

extension Session.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let loggedIn = AnyCasePath(Session.Action.loggedIn)
  }
  static let allCasePaths = AllCasePaths()
}

// ForEach
struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

struct RowList: Reducer {
  struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case addTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .addTapped = action { state.rows.append(Row.State(id: state.rows.count)) }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

extension RowList.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let rows = AnyCasePath(RowList.Action.rows)
  }
  static let allCasePaths = AllCasePaths()
}

// Binding
struct CountField: Reducer {
  struct State: Equatable {
    var count = 0
    var typedCount = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.typedCount):
        state.count = Int(state.typedCount) ?? state.count
        return .none
      case .binding:
        return .none
      }
    }
  }
}

extension CountField.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let binding = AnyCasePath(CountField.Action.binding)
  }
  static let allCasePaths = AllCasePaths()
}

// OnChange
struct CountMirror: Reducer {
  struct State: Equatable {
    var count = 0
    var typedCount = ""
  }
  enum Action: Equatable { case incrementTapped }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.count += 1
      return .none
    }
    .onChange(of: \.count) { oldValue, newValue in
      Reduce { state, _ in
        state.typedCount = String(newValue)
        return .none
      }
    }
  }
}

struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var searches = 0
  }
  enum Action: Equatable {
    case queryChanged(String)
    case search
  }

  // The API takes a comparison and a reducer builder, as TCA's `onChange` does.
  // swift-format-ignore: OnlyOneTrailingClosureArgument
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
      case .search:
        state.searches += 1
      }
      return .none
    }
    .onChange(of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }) { _, _ in
      Reduce { state, _ in .send(.search) }
    }
  }
}

// EffectTiming, withTaskCancellation
struct DebouncedSearch: Reducer {
  struct State: Equatable { var results: [Int] = [] }
  enum Action: Equatable {
    case queryChanged(String)
    case searchSubmitted(String)
    case results([Int])
  }
  enum CancelID { case search }

  let search: @Sendable (String) async throws -> [Int]
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .queryChanged(let query):
        return .run { send in await send(.results(try await search(query))) }
          .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .searchSubmitted(let query):
        return .run { send in
          try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
            await send(.results(try await search(query)))
          }
        }
      case .results(let results):
        state.results = results
        return .none
      }
    }
  }
}

// EffectCancellation
struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case startTapped, stopTapped, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .stopTapped:
        return .run { _ in Task.cancel(id: CancelID.timer) }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

// Send
struct DownloadClient: Sendable {
  var progress: @Sendable () -> AsyncStream<Double>
}

struct Download: Reducer {
  struct State: Equatable { var progress = 0.0 }
  enum Action: Equatable {
    case startTapped
    case progressUpdated(Double)
  }

  let client: DownloadClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .run { send in
          for await progress in client.progress() {
            await send(.progressUpdated(progress))
          }
        }
      case .progressUpdated(let progress):
        state.progress = progress
        return .none
      }
    }
  }
}

// AlertState, ButtonState
struct FavoriteRow: Reducer {
  struct State: Equatable {
    var isDeleted = false
    @PresentationState var alert: AlertState<Action.Alert>?
  }
  enum Action: Equatable {
    case deleteTapped
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable { case confirmDeletion }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.alert = AlertState {
          TextState("Delete 7?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("It is removed from every window.")
        }
        return .none
      case .alert(.presented(.confirmDeletion)):
        state.isDeleted = true
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension FavoriteRow.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let alert = AnyCasePath(FavoriteRow.Action.alert)
  }
  static let allCasePaths = AllCasePaths()
}

// RecordActivity
struct FavoriteList: Reducer {
  struct State: Equatable {
    var favorites: [Int]
    var activity: [String] = []
  }
  enum Action: Equatable {
    case addTapped(Int)
    case removeTapped(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addTapped(let prime): state.favorites.append(prime)
    case .removeTapped(let index): state.favorites.remove(at: index)
    }
    return .none
  }
}

@MainActor
struct ComposableCoreExamples {
  @Test func aReducerChangesItsState() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.decrementTapped) { $0.count = 0 }
  }

  @Test func reduceIsTheFeaturesOwnLogic() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.incrementTapped) { $0.count = 1 }
  }

  @Test func anEffectSendsItsAnswerBack() async {
    let store = TestStore(initialState: NthPrimeCounter.State(count: 6)) {
      NthPrimeCounter()
    } withDependencies: {
      $0.nthPrime = .answering(progress: [0.5]) { n in n == 6 ? 13 : 0 }
    }
    await store.send(.nthPrimeButtonTapped)
    await store.receive(.nthPrimeResponse(13)) { $0.prime = 13 }
  }

  @Test func aStoreRunsAFeatureAndScopesToAChild() {
    let store = Store(initialState: Dashboard.State()) { Dashboard() }
    store.send(.counter(.incrementTapped))
    let counter = store.scope(state: \.counter, action: \.counter)
    let title = counter.observe { "Count: \($0.count)" }
    #expect(title.value == "Count: 1")
    counter.send(.incrementTapped)
    #expect(title.value == "Count: 2")
    #expect(store.state.changes == 2)
  }

  @Test func aStoreReadsItsStateAndScopesIntoWhatItPresents() async {
    let store = Store(initialState: DetailHost.State()) { DetailHost() }
    #expect(store.scope(state: \.detail, action: \.detail) == nil)
    let dashboard = Store(initialState: Dashboard.State()) { Dashboard() }
    dashboard.send(.counter(.incrementTapped))
    #expect(dashboard.counter.count == 1)
    do {
      let store = dashboard.scope(state: \.counter, action: \.counter)
      let count = store.withState(\.count)
      #expect(count == 1)
    }

    let shown = Store(initialState: DetailHost.State(detail: Detail.State())) { DetailHost() }
    do {
      let store = shown
      if let detail = store.scope(state: \.detail, action: \.detail) {
        detail.send(.saveTapped)  // reaches the parent as .detail(.presented(.saveTapped))
      }
    }
    #expect(shown.detail?.isSaving == true)
  }

  @Test func aTestStoreTakesItsStateTypeFromTheReducer() async {
    let store = TestStore(initialState: .init()) { NthPrimeCounter() }
    #expect(store.state == NthPrimeCounter.State(count: 0, prime: nil))
  }

  @Test func aStoreKeepsTheDependenciesItWasMadeWith() async {
    let store = Store(initialState: NthPrimeCounter.State()) {
      NthPrimeCounter()
    } withDependencies: {
      $0.nthPrime = .answering { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped).finish()
    #expect(store.state.prime == 13)
  }

  @Test func aStoreTaskEndsWithTheEffects() async {
    let store = Store(initialState: NthPrimeCounter.State(count: 7)) {
      NthPrimeCounter()
    } withDependencies: {
      $0.nthPrime = .answering { _ in 17 }
    }
    let task = store.send(.nthPrimeButtonTapped)
    await task.finish()  // every effect the action led to has ended
    #expect(store.state.prime == 17)
  }

  @Test func anObserverHearsOnlyChanges() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var rendered: [String] = []
    func render(_ view: CounterView.State) { rendered.append(view.title) }
    let view = store.observe { CounterView.State($0) }
    let subscription = view.subscribe { render($0) }
    store.send(.incrementTapped)
    store.send(.incrementTapped)
    #expect(rendered == ["Count: 1", "Count: 2"])
    subscription.cancel()
    store.send(.incrementTapped)
    #expect(rendered == ["Count: 1", "Count: 2"])
  }

  @Test func observedAnnouncesNewValues() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let title = store.observe(\.count)
    let subscription = title.subscribe { print("count is now", $0) }
    store.send(.incrementTapped)
    #expect(title.value == 1)
    subscription.cancel()
  }

  @Test func casePathsEmbedAChildsActions() {
    let path = Dashboard.Action.allCasePaths.counter
    #expect(path.embed(.incrementTapped) == .counter(.incrementTapped))
    #expect(path.extract(from: .counter(.decrementTapped)) == .decrementTapped)
    #expect(path.extract(from: .detail(.dismiss)) == nil)
  }

  @Test func aScopeRunsTheChildBeforeTheParent() async {
    let store = TestStore(initialState: Dashboard.State()) { Dashboard() }
    await store.send(.counter(.incrementTapped)) {
      $0.counter.count = 1
      $0.changes = 1
    }
  }

  @Test func aScopeWithoutTheStateLabelScopesAlike() async {
    let store = TestStore(initialState: Dashboard.State()) { UnlabelledDashboard() }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 1 }
  }

  @Test func combinedReducersTakeAnOperatorAsOne() async {
    let store = TestStore(initialState: Dashboard.State(detail: Detail.State())) {
      CombinedDashboard()
    }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 1 }
    await store.send(.detail(.presented(.saveTapped))) { $0.detail?.isSaving = true }
    await store.receive(.detail(.dismiss)) { $0.detail = nil }
  }

  @Test(arguments: [false, true])
  func aBodyTakesIfStatements(isLogging: Bool) async {
    let store = TestStore(initialState: Dashboard.State()) {
      LoggingDashboard(isLogging: isLogging)
    }
    await store.send(.counter(.incrementTapped)) {
      $0.counter.count = 1
      $0.changes = 1
    }
  }

  @Test func aCaseReducerRunsTheFeatureOfItsCase() async {
    let store = TestStore(initialState: ScreenHost.State(screen: .detail(Detail.State()))) {
      ScreenHost()
    }
    await store.send(.screen(.presented(.detail(.saveTapped)))) {
      $0.screen = .detail(Detail.State(isSaving: true))
    }
    await store.receive(.screen(.dismiss)) { $0.screen = nil }
  }

  @Test func aFieldsChangeIsACaseOfTheBindingAction() async {
    let store = TestStore(initialState: CountField.State()) { CountField() }
    await store.send(\.binding.typedCount, "42") {
      $0.typedCount = "42"
      $0.count = 42
    }
    let action = CountField.Action.binding(.set(\.typedCount, "7"))
    let typed: String? = action[case: \.binding.typedCount]
    #expect(typed == "7")
    let count: Int? = action[case: \.binding.count]
    #expect(count == nil)
  }

  @Test func aPresentedFeatureDismissesItself() async {
    let store = TestStore(initialState: DetailHost.State(detail: Detail.State())) {
      DetailHost()
    }
    await store.send(.detail(.presented(.saveTapped))) { $0.detail?.isSaving = true }
    await store.receive(.detail(.dismiss)) { $0.detail = nil }
  }

  @Test func aDestinationIsChangedThroughItsCase() async {
    let store = TestStore(initialState: Navigator.State(destination: .detail(Detail.State()))) {
      Navigator()
    }
    await store.send(.destination(.presented(.detail(.saveTapped)))) {
      $0.$destination[case: \.detail]?.isSaving = true
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func aStackPushesAndPops() async {
    let store = TestStore(initialState: NavigationRoot.State()) { NavigationRoot() }
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 0, action: .detail(.saveTapped)))) {
      $0.path[id: 0, case: \.detail]?.isSaving = true
    }
    await store.receive(.path(.popFrom(id: 0))) { $0.path[id: 0] = nil }
  }

  @Test func ifLetRunsTheChildWhileItIsThere() async {
    let store = TestStore(initialState: CounterSheet.State()) { CounterSheet() }
    await store.send(.openTapped) { $0.counter = Counter.State() }
    await store.send(.counter(.incrementTapped)) { $0.counter?.count = 1 }
  }

  @Test func ifCaseLetRunsTheChildInItsCase() async {
    let store = TestStore(initialState: Session.State.loggedOut) { Session() }
    await store.send(.logInTapped(name: "Ada")) { $0 = .loggedIn(LoggedIn.State(name: "Ada")) }
    await store.send(.loggedIn(.refreshed)) {
      $0 = .loggedIn(LoggedIn.State(name: "Ada", visits: 1))
    }
  }

  @Test func aScopeIntoAnEnumCase() async {
    let store = TestStore(initialState: Session.State.loggedIn(LoggedIn.State(name: "Ada"))) {
      LoggedInScope()
    }
    await store.send(.loggedIn(.refreshed)) {
      $0 = .loggedIn(LoggedIn.State(name: "Ada", visits: 1))
    }
  }

  @Test func forEachRunsOneReducerPerElement() async {
    let store = TestStore(initialState: RowList.State()) { RowList() }
    await store.send(.addTapped) { $0.rows = [Row.State(id: 0)] }
    await store.send(.addTapped) { $0.rows.append(Row.State(id: 1)) }
    await store.send(.rows(.element(id: 1, action: .incrementTapped))) {
      $0.rows[id: 1]?.count = 1
    }
  }

  @Test func aBindingActionSetsAField() {
    let store = Store(initialState: CountField.State()) { CountField() }
    store.send(.binding(.set(\.typedCount, "42")))
    #expect(store.state.typedCount == "42")
    #expect(store.state.count == 42)
  }

  @Test func onChangeRunsWhenTheValueChanged() async {
    let store = TestStore(initialState: CountMirror.State()) { CountMirror() }
    await store.send(.incrementTapped) {
      $0.count = 1
      $0.typedCount = "1"
    }
  }

  @Test func onChangeComparesAsItIsTold() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.queryChanged("Prime")) { $0.query = "Prime" }
    await store.receive(.search) { $0.searches = 1 }
    // The same query in other letters: no search.
    await store.send(.queryChanged("prime")) { $0.query = "prime" }
  }

  @Test func aDebouncedEffectRunsOnceTheTypingStops() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedSearch.State()) {
      DebouncedSearch { query in [Int(query) ?? 0] }
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("7"))
    await store.send(.queryChanged("71"))
    await clock.advanceOnceSleeping(by: .milliseconds(300))
    await store.receive(.results([71])) { $0.results = [71] }
  }

  @Test func withTaskCancellationRunsAPartOfAnEffect() async {
    let store = TestStore(initialState: DebouncedSearch.State()) {
      DebouncedSearch { query in [Int(query) ?? 0] }
    }
    await store.send(.searchSubmitted("5"))
    await store.receive(.results([5])) { $0.results = [5] }
  }

  @Test func anEffectIsCancelledByItsID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTapped)
    await clock.advanceOnceSleeping(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopTapped)
    await store.finish()
  }

  @Test func sendFeedsActionsBack() async {
    let client = DownloadClient {
      AsyncStream {
        $0.yield(0.5)
        $0.yield(1)
        $0.finish()
      }
    }
    let store = TestStore(initialState: Download.State()) { Download(client: client) }
    await store.send(.startTapped)
    await store.receive(.progressUpdated(0.5)) { $0.progress = 0.5 }
    await store.receive(.progressUpdated(1)) { $0.progress = 1 }
  }

  @Test func anEffectsActionsOutsideAStore() async {
    var numbers: [Int] = []
    for await number in Effect<Int>.merge(.send(1), .run { await $0(2) }).actions {
      numbers.append(number)
    }
    // numbers == [1, 2]
    #expect(numbers == [1, 2])
  }

  @Test func aDependencyIsSetForOneReducer() async {
    let store = TestStore(initialState: NthPrimeCounter.State()) {
      NthPrimeCounter()
        .dependency(\.nthPrime, .answering { _ in 13 })
    }
    await store.send(.nthPrimeButtonTapped)
    await store.receive(.nthPrimeResponse(13)) { $0.prime = 13 }
  }

  @Test func anAlertSendsItsButtonsAction() async {
    let store = TestStore(initialState: FavoriteRow.State()) { FavoriteRow() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete 7?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("It is removed from every window.")
      }
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.isDeleted = true
    }
  }

  @Test func aCancelButtonSendsNothing() {
    let alert = AlertState<FavoriteRow.Action.Alert> {
      TextState("Delete 7?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }  // sends nothing: it only dismisses
    }
    #expect(alert.buttons.map(\.action.action) == [.confirmDeletion, nil])
  }

  @Test func loggingKeepsWhatTheReducerDoes() {
    let store = Store(initialState: Counter.State(), reducer: Counter().logging { print($0) })
    store.send(.incrementTapped)
    #expect(store.state.count == 1)

    let lines = LockIsolated<[String]>([])
    let logged = Store(
      initialState: Counter.State(),
      reducer: Counter().logging { line in lines.withValue { $0.append(line) } })
    logged.send(.incrementTapped)
    #expect(lines.value.count == 1)
    #expect(lines.value.first?.hasPrefix("action: ") == true)
  }

  @available(*, deprecated, message: "recordingActivity(into:_:) is deprecated, tested still")
  @Test func activityIsRecordedFromTheStateBefore() async {
    let store = TestStore(initialState: FavoriteList.State(favorites: [2, 3, 5])) {
      FavoriteList().recordingActivity(into: \.activity) { state, action in
        guard case .removeTapped(let index) = action else { return nil }
        return "Removed \(state.favorites[index])"
      }
    }
    await store.send(.removeTapped(1)) {
      $0.favorites = [2, 5]
      $0.activity = ["Removed 3"]
    }
    await store.send(.addTapped(7)) { $0.favorites = [2, 5, 7] }
  }
}
