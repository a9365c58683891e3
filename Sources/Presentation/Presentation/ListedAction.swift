/// An adapter's action whose every case is listed where the compiler checks it: a face that
/// names actions (the web's `data-action`, a script's words) derives its names from
/// ``everyCase``, and a case added to the action does not compile until it is listed.
///
/// Two exhaustive switches do the checking: ``listedCase`` names each action's case (a new
/// action does not compile until it has one), and ``actions(of:)`` gives each case's actions
/// (a new case does not compile until it gives them). `Case` is `CaseIterable`, so the list
/// of cases is the compiler's. An action without arguments can be its own `Case`: declare it
/// `CaseIterable` and nothing else.
///
/// ```swift
/// enum Action: ListedAction {
///   case incrementTapped
///   case rowTapped(prime: Int)
///
///   enum Case: CaseIterable { case incrementTapped, rowTapped }
///   var listedCase: Case {
///     switch self {
///     case .incrementTapped: .incrementTapped
///     case .rowTapped: .rowTapped
///     }
///   }
///   static func actions(of listedCase: Case) -> [Self] {
///     switch listedCase {
///     case .incrementTapped: [.incrementTapped]
///     case .rowTapped: [.rowTapped(prime: 0)]
///     }
///   }
/// }
/// ```
public protocol ListedAction: Hashable, Sendable {
  /// The action's cases, without their arguments.
  associatedtype Case: CaseIterable, Hashable, Sendable

  /// Which case this action is.
  var listedCase: Case { get }

  /// The actions of `listedCase` with empty arguments (no prime, no offsets, no text): one, or,
  /// for a case that wraps another listed action, one per action of that one.
  static func actions(of listedCase: Case) -> [Self]

  /// This action with its arguments emptied: one of ``everyCase``. A case that wraps another
  /// listed action empties that one's.
  var withoutArguments: Self { get }
}

extension ListedAction {
  /// One action of every case, with empty arguments.
  public static var everyCase: [Self] { Case.allCases.flatMap(actions(of:)) }

  /// The one action of this case with empty arguments. A type with a case that wraps another
  /// listed action writes its own.
  public var withoutArguments: Self { Self.actions(of: listedCase)[0] }
}

extension ListedAction where Self: CaseIterable, Case == Self {
  public var listedCase: Self { self }
  public static func actions(of listedCase: Self) -> [Self] { [listedCase] }
  public var withoutArguments: Self { self }
}
