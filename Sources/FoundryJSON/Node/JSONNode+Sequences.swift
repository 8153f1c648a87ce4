extension JSONNode {
  /// The elements of an array node, walked along the tape.
  ///
  /// ```swift
  /// for element in document.root.elements { print(element.kind) }
  /// ```
  public struct Elements: Sequence, Sendable {
    let children: TapeChildren

    /// The number of elements.
    public var count: Int { children.remaining }

    /// A sequence with no elements.
    public static var empty: Elements { Elements(children: .none) }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(children: children) }

    public struct Iterator: IteratorProtocol {
      var children: TapeChildren

      public mutating func next() -> JSONNode? {
        children.next(span: 0).map { JSONNode(storage: $0.storage, index: $0.index) }
      }
    }
  }

  /// The members of an object node as `(key, value)` pairs, in document order.
  ///
  /// ```swift
  /// for (key, value) in document.root.members { print(key, value.kind) }
  /// ```
  public struct Members: Sequence, Sendable {
    let children: TapeChildren

    /// The number of members, repeated keys included.
    public var count: Int { children.remaining }

    /// A sequence with no members.
    public static var empty: Members { Members(children: .none) }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(children: children) }

    public struct Iterator: IteratorProtocol {
      var children: TapeChildren

      public mutating func next() -> (key: String, value: JSONNode)? {
        children.next(span: 1).map { ($0.storage.string(at: $0.index), JSONNode(storage: $0.storage, index: $0.index + 1)) }
      }
    }
  }
}

/// A walk over the children of a container on the tape: elements, or key-value pairs.
struct TapeChildren: Sendable {
  let storage: JSONStorage?
  var position: Int
  var remaining: Int

  static let none = TapeChildren(storage: nil, position: 0, remaining: 0)

  /// The next child; `span` is how many nodes precede its last one (1 for a key and its value).
  mutating func next(span: Int) -> (storage: JSONStorage, index: Int)? {
    guard let storage, let index = nextIndex(span: span) else { return nil }
    return (storage, index)
  }

  /// ``next(span:)``'s tape index alone.
  mutating func nextIndex(span: Int) -> Int? {
    guard remaining > 0, let storage else { return nil }
    remaining -= 1
    let index = position
    position = storage.next(after: index + span)
    return index
  }
}

extension JSONNode {
  /// The tape positions of an array's elements, for a reader that walks them with one node
  /// (``moveToElement(at:)``) rather than a new node per element: a node holds its document,
  /// and making one cost a retain and a release of it.
  ///
  /// ```swift
  /// var cursor = array
  /// var positions = array.elementPositions
  /// while let position = positions.next() { cursor.moveToElement(at: position) }
  /// ```
  @usableFromInline
  package var elementPositions: ElementPositions {
    ElementPositions(children: TapeChildren(storage: storage, position: index + 1, remaining: kind == .array ? count : 0))
  }

  /// Makes this node the one at tape position `position` of its document, from
  /// ``elementPositions``.
  @usableFromInline
  package mutating func moveToElement(at position: Int) {
    storage.assertTapeIndex(position)
    index = position
  }

  /// See ``JSONNode/elementPositions``.
  @usableFromInline
  package struct ElementPositions: IteratorProtocol {
    var children: TapeChildren

    @usableFromInline
    package mutating func next() -> Int? {
      children.nextIndex(span: 0)
    }
  }
}
