extension WritableKeyPath {
  /// The value at this path in `root`, read through memory when the path is stored properties
  /// of structs, else as `root[keyPath: self]`.
  ///
  /// The standard library reads through a key path by looking up a generic type's metadata
  /// at each read: hundreds of instructions, where the stored property is one load away.
  /// Reducers read their children's state after every action, and a derived shared value
  /// (`$parent.child`) is read by every view that shows it.
  @inlinable
  @inline(__always)
  package func read(from root: inout Root, offset: Int?) -> Value {
    guard let offset else { return root[keyPath: self] }
    return withUnsafeMutableBytes(of: &root) { bytes in
      (bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee
    }
  }

  /// The value at this path in `root`: ``read(from:offset:)`` with the path's offset found.
  @inlinable
  @inline(__always)
  package func read(from root: inout Root) -> Value {
    read(from: &root, offset: MemoryLayout<Root>.offset(of: self))
  }
}
