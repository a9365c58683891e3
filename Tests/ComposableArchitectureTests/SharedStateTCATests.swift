import ComposableArchitecture
import Testing

// TCA code with @Shared, as SyncUps writes it, under the one import.

struct Meeting: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

extension SharedReaderKey where Self == InMemoryKey<IdentifiedArrayOf<Meeting>>.Default {
  static var meetings: Self { Self[.inMemory("meetings"), default: []] }
}

@Reducer
struct MeetingDetail {
  @ObservableState
  struct State: Equatable {
    @Shared var meeting: Meeting
  }

  enum Action {
    case titleChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let title):
        state.$meeting.withLock { $0.title = title }
        return .none
      }
    }
  }
}

@Reducer
struct MeetingsList {
  @ObservableState
  struct State: Equatable {
    @Shared(.meetings) var meetings
    @Presents var detail: MeetingDetail.State?
  }

  enum Action {
    case addButtonTapped
    case meetingTapped(id: Int)
    case detail(PresentationAction<MeetingDetail.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        let id = state.meetings.count + 1
        state.$meetings.withLock { _ = $0.append(Meeting(id: id, title: "Meeting \(id)")) }
        return .none
      case .meetingTapped(let id):
        guard let meeting = Shared(state.$meetings[id: id]) else { return .none }
        state.detail = MeetingDetail.State(meeting: meeting)
        return .none
      case .detail:
        return .none
      }
    }
    .ifLet(\.$detail, action: \.detail) { MeetingDetail() }
  }
}

@MainActor
struct SharedStateTCATests {
  @Test func editingADetailEditsTheList() async {
    let store = TestStore(initialState: MeetingsList.State()) { MeetingsList() }
    await store.send(.addButtonTapped) {
      $0.$meetings.withLock { _ = $0.append(Meeting(id: 1, title: "Meeting 1")) }
    }
    await store.send(.meetingTapped(id: 1)) {
      $0.detail = MeetingDetail.State(meeting: Shared($0.$meetings[id: 1])!)
    }
    await store.send(\.detail.titleChanged, "Standup") {
      $0.$meetings.withLock { $0[id: 1]?.title = "Standup" }
    }
    #expect(store.state.meetings[id: 1]?.title == "Standup")
  }

  @Test func eachRowIsASharedElement() {
    @Shared(.meetings) var meetings
    $meetings.withLock {
      _ = $0.append(Meeting(id: 1, title: "One"))
      _ = $0.append(Meeting(id: 2, title: "Two"))
    }
    let rows = Array($meetings)
    rows[1].withLock { $0.title = "Deux" }
    #expect(meetings.map(\.title) == ["One", "Deux"])
  }
}
