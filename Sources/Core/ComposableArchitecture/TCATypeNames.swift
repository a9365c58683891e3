import ComposableCore

/// TCA's name for the reducer `.dependency(_:_:)` makes, so that code (and tests) that write
/// the type out build under this module.
///
/// ```swift
/// let reducer: _DependencyKeyWritingReducer<Toggler> = Toggler()
///   .dependency(\.continuousClock, ImmediateClock())
///   .dependency(\.date.now, Date(timeIntervalSince1970: 0))
/// ```
public typealias _DependencyKeyWritingReducer = DependencyKeyWritingReducer
