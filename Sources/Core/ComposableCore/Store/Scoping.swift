extension Store {
  /// A store for a child feature: its state is read from this store's, its actions are
  /// embedded into this store's.
  ///
  /// Child stores are cheap (two closures) and hold no state of their own. A closure cannot
  /// be compared with another, so each call makes a new one; scope by key paths to get the
  /// same store back.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    return Store<ChildState, ChildAction>(
      runtime: runtime,
      state: { readState()[keyPath: toChildState] },
      send: { sendAction(fromChildAction($0)) }
    )
  }

  /// A store for a child feature whose actions are a case of this store's actions.
  ///
  /// While the child store is held, scoping by the same key paths returns it again, as TCA
  /// 1.x's stores do: a view can use its store's identity.
  ///
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: \.counter)
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    cachedChild(ScopeKey(state: toChildState, action: toChildAction)) {
      let casePath = Action.allCasePaths[keyPath: toChildAction]
      return scope(state: toChildState, action: casePath.embed)
    }
  }

  /// `scope(state:action:)` as TCA's newest releases spell it:
  /// `store.scope(\.counter, action: \.counter)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: toChildState, action: toChildAction)
  }

  /// A store for a child feature whose actions are this store's own: `action: \.self`.
  ///
  /// `action` can only be `\.self`; another key path is reported, and read as `\.self`.
  ///
  /// ```swift
  /// let same = store.scope(\.self, action: \.self)
  /// ```
  @inlinable
  public func scope<ChildState>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: WritableKeyPath<Action, Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, Action> {
    scope(
      state: toChildState, action: toChildAction, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// `scope(_:action:)` with `action: \.self`, under TCA 1.x's labels.
  @inlinable
  public func scope<ChildState>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: WritableKeyPath<Action, Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, Action> {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      .requireSelf(toChildAction, in: "scope")
    return cachedChild(ScopeKey(state: toChildState, action: \Action.self)) {
      scope(state: toChildState, action: { $0 })
    }
  }

  /// A store for the case `toChildAction` of this store's actions.
  ///
  /// A case path made of closures cannot be compared with another, so each call makes a
  /// new store.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed)
  }

  /// A store for a presented child, or `nil` while nothing is presented: the state is a
  /// ``PresentationState`` field, the actions its ``PresentationAction`` case.
  ///
  /// While the child stays presented and its store is held, the same store is returned.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: \.detail) {
  ///   detail.send(.saveTapped)  // reaches the parent as .detail(.presented(.saveTapped))
  /// }
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<ChildAction>>
    >
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let casePath = Action.allCasePaths[keyPath: toChildAction]
    return optionalChild(
      ScopeKey(state: toChildState, action: toChildAction, optional: true), state: toChildState
    ) {
      scope(state: toChildState, action: { casePath.embed(.presented($0)) })
    }
  }

  /// The presented child's store, unlabelled as TCA's newest releases write it.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<ChildAction>>
    >
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(state: toChildState, action: toChildAction)
  }

  /// A store for an optional child whose actions are a case of this store's, or `nil` while
  /// the state is `nil`: `store.scope(\.child, action: \.child.presented)`, or a plain
  /// optional field's.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let casePath = Action.allCasePaths[keyPath: toChildAction]
    return optionalChild(
      ScopeKey(state: toChildState, action: toChildAction, optional: true), state: toChildState
    ) {
      scope(state: toChildState, action: casePath.embed)
    }
  }

  /// A store derived with closures, as TCA before 1.5 scoped.
  @available(
    *, deprecated,
    message: """
      Scope with a key path and a case key path: 'scope(\\.child, action: \\.child)', which \
      also returns the same store while it is held
      """
  )
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    return Store<ChildState, ChildAction>(
      runtime: runtime,
      state: { toChildState(readState()) },
      send: { sendAction(fromChildAction($0)) }
    )
  }

  /// The child store scoped under `key` while something holds it, or a new one made by
  /// `make` and remembered.
  @inlinable
  func cachedChild<ChildState, ChildAction>(
    _ key: ScopeKey, make: () -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let child = children[key]?.store as? Store<ChildState, ChildAction> { return child }
    let child = make()
    remember(child, under: key)
    return child
  }

  /// The unwrapped child store under `key`, or `nil` (and nothing remembered) while the
  /// state is `nil`: a child presented again gets a store of its own, as in TCA.
  @inlinable
  func optionalChild<ChildState, ChildAction>(
    _ key: ScopeKey, state toChildState: KeyPath<State, ChildState?>,
    make: () -> Store<ChildState?, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    if let child = children[key]?.store as? Store<ChildState, ChildAction>,
      readState()[keyPath: toChildState] != nil
    {
      return child
    }
    guard let child = make().unwrapped() else {
      children[key] = nil
      return nil
    }
    remember(child, under: key)
    return child
  }

  @usableFromInline
  func remember(_ child: AnyObject, under key: ScopeKey) {
    if children.count >= childrenPruneCount {
      children = children.filter { $0.value.store != nil }
      // Pruning again only once as many more are held keeps it linear in the scopes made.
      childrenPruneCount = max(8, children.count * 2)
    }
    children[key] = WeakStore(store: child)
  }
}

/// What a child store was scoped by: the key paths of its state and its actions.
@usableFromInline
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  /// Whether the child is the unwrapped store of an optional state.
  let optional: Bool

  @usableFromInline
  init(state: AnyKeyPath, action: AnyKeyPath, optional: Bool = false) {
    self.state = state
    self.action = action
    self.optional = optional
  }
}

/// A child store, held weakly: a parent keeps no child alive.
@usableFromInline
struct WeakStore {
  @usableFromInline weak var store: AnyObject?

  @usableFromInline
  init(store: AnyObject) {
    self.store = store
  }
}

extension SourceLocation {
  /// Reports an action key path other than `\.self` where only `\.self` can be given.
  @usableFromInline
  func requireSelf<Action>(_ keyPath: WritableKeyPath<Action, Action>, in name: String) {
    // `keyPath != \Action.self` traps in the runtime (Swift 6.3) for a computed key path; the
    // identity alone lies at offset 0, as a value cannot hold itself and a class's field
    // has no offset.
    if MemoryLayout<Action>.offset(of: keyPath) != 0 {
      report("\"\(name)\" over the same actions takes \\.self, not \(keyPath).")
    }
  }
}
