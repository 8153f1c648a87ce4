import FoundryJSON

extension Shape {
  /// The shape of `root` and everything below it.
  ///
  /// ```swift
  /// let shape = Shape(of: try JSONDocument(string: "[1, 2.5, null]").root)
  /// shape[shape.root.element ?? 0].counts.kinds  // [.null, .int, .double]
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of values, walking the tape once (twice over the keys
  ///   of each object, to decide whether it is a dictionary).
  package init(of root: JSONNode, options: ShapeOptions = .init()) {
    var builder = ShapeBuilder(options: options)
    builder.observe(root)
    self = builder.shape
  }

  /// The merged shape of several documents, as if they were the elements of one array seen
  /// at the root: a key missing from some of them is optional.
  ///
  /// ```swift
  /// let shape = Shape(merging: [first.root, second.root])
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of values of all the documents.
  package init(merging roots: [JSONNode], options: ShapeOptions = .init()) {
    var builder = ShapeBuilder(options: options)
    for root in roots { builder.observe(root) }
    self = builder.shape
  }
}

/// The walk behind ``Shape/init(of:options:)``: one pass along the document with an explicit
/// stack of open containers, adding every value to the node of its place.
struct ShapeBuilder {
  var shape = Shape()
  let options: ShapeOptions
  /// The serial number of the last object entered, for counting a key once per object.
  private var objectSerial = 0

  /// The open arrays and objects, innermost last.
  private var stack: [Frame] = []

  /// An open array or object and the children still to walk. A struct rather than an enum so
  /// that the walk advances the top frame in place, without copying it off the stack.
  private struct Frame {
    /// The elements still to walk; empty for an object.
    var elements: JSONNode.Elements.Iterator
    /// The members still to walk; empty for an array.
    var members: JSONNode.Members.Iterator
    let isObject: Bool
    /// The node of the elements, or the node of the object.
    let target: Shape.NodeID
    /// The object's serial number.
    let serial: Int
    /// The position of the current member in the object.
    var position = -1
    /// Where the object's new keys go.
    var anchor = Anchor.unknown

    static func array(_ node: JSONNode, element: Shape.NodeID) -> Frame {
      Frame(
        elements: node.elements.makeIterator(), members: JSONNode.Members.empty.makeIterator(),
        isObject: false, target: element, serial: 0
      )
    }

    static func object(_ node: JSONNode, object: Shape.NodeID, serial: Int) -> Frame {
      Frame(
        elements: JSONNode.Elements.empty.makeIterator(), members: node.members.makeIterator(),
        isObject: true, target: object, serial: serial
      )
    }
  }

  /// Where a key the record has not seen goes among its fields, so that keys seen late still
  /// print next to their neighbours: before the next member of the object that the record
  /// already knows, or last when none follows. Found by looking ahead, once per stretch of
  /// new keys.
  private enum Anchor {
    /// Not looked up yet, or the anchor was passed.
    case unknown
    /// Before the field `key`, the member at `position` of the object.
    case before(key: String, position: Int)
    /// After every field: no known key follows.
    case end
  }

  init(options: ShapeOptions) { self.options = options }

  /// Adds `value` and everything below it to the node `id` (by default the root node).
  mutating func observe(_ value: JSONNode, into id: Shape.NodeID = Shape.rootID) {
    if let frame = add(value, to: id) { stack.append(frame) }
    while let top = stack.indices.last {
      let opened: Frame?
      if stack[top].isObject {
        guard let (key, value) = stack[top].members.next() else {
          stack.removeLast()
          continue
        }
        stack[top].position += 1
        opened = add(value, to: node(for: key, frame: top))
      } else {
        guard let element = stack[top].elements.next() else {
          stack.removeLast()
          continue
        }
        opened = add(element, to: stack[top].target)
      }
      if let opened { stack.append(opened) }
    }
  }

  /// Counts `value` at node `id`; returns the frame to walk its children, if it has any.
  private mutating func add(_ value: JSONNode, to id: Shape.NodeID) -> Frame? {
    switch value.kind {
    case .null: shape.nodes[id].counts[.null] += 1
    case .bool: shape.nodes[id].counts[.bool] += 1
    case .number:
      shape.nodes[id].counts[value.isInteger ? .int : .double] += 1
      if options.profilesValues, let number = value.number { shape.nodes[id].updateProfile { $0.observe(number: number) } }
    case .string:
      shape.nodes[id].counts[.string] += 1
      if options.profilesValues, let string = value.string { shape.nodes[id].updateProfile { $0.observe(string: string) } }
      if shape.nodes[id].example == nil, let string = value.string, !string.isEmpty {
        shape.nodes[id].example = shortened(string)
      }
    case .array:
      shape.nodes[id].counts[.array] += 1
      shape.nodes[id].lengths = shape.nodes[id].lengths.including(value.count)
      guard value.count > 0 else { return nil }
      let element = shape.nodes[id].element ?? shape.makeNode()
      shape.nodes[id].element = element
      return .array(value, element: element)
    case .object:
      shape.nodes[id].counts[.object] += 1
      shape.nodes[id].memberCounts = shape.nodes[id].memberCounts.including(value.count)
      guard value.count > 0 else { return nil }
      if options.summarizesMaps {
        let pattern = mapPattern(of: value)
        if let map = shape.nodes[id].map {
          if pattern != map.pattern { shape.nodes[id].map?.pattern = .key }
        } else if let pattern {
          shape.convertToMap(id, pattern: pattern)
        } else if shape.nodes[id].fields.count > options.maximumFields {
          shape.convertToMap(id, pattern: .key)
        }
      }
      objectSerial += 1
      return .object(value, object: id, serial: objectSerial)
    }
    return nil
  }

  /// The node the value of member `key` goes to: the dictionary's value node, or the key's
  /// field, created on first sight at the ``Anchor`` of the object walked by frame `top`. A
  /// record that outgrows ``ShapeOptions/maximumFields`` becomes a dictionary here.
  private mutating func node(for key: String, frame top: Int) -> Shape.NodeID {
    let object = stack[top].target
    let serial = stack[top].serial
    if let map = shape.nodes[object].map { return map.value }
    if let position = shape.nodes[object].fieldPositions[key] {
      if shape.nodes[object].fields[position].lastObject != serial {
        shape.nodes[object].fields[position].presence += 1
        shape.nodes[object].fields[position].lastObject = serial
      }
      return shape.nodes[object].fields[position].node
    }
    if options.summarizesMaps, shape.nodes[object].fields.count >= options.maximumFields {
      shape.convertToMap(object, pattern: .key)
      if let map = shape.nodes[object].map { return map.value }
    }
    if shape.nodes[object].fields.count >= options.maximumKeptFields {
      shape.nodes[object].omittedMembers += 1
      if let values = shape.nodes[object].omittedValues { return values }
      let values = shape.makeNode()
      shape.nodes[object].omittedValues = values
      return values
    }
    let child = shape.makeNode()
    let field = Shape.Field(name: key, node: child, presence: 1, lastObject: serial)
    shape.insertField(field, in: object, at: insertionPosition(frame: top))
    return child
  }

  /// The field position for a new key of the object walked by frame `top`, looking ahead in
  /// the object for the next known key when the anchor is unknown or already passed.
  ///
  /// - Complexity: amortized O(1) per member: each lookahead ends at the anchor it finds, and
  ///   the next one starts past it.
  private mutating func insertionPosition(frame top: Int) -> Int {
    let object = stack[top].target
    switch stack[top].anchor {
    case .before(_, let position) where position > stack[top].position: break
    case .end: break
    case .unknown, .before:
      stack[top].anchor = .end
      var ahead = stack[top].members
      var position = stack[top].position
      while let (key, _) = ahead.next() {
        position += 1
        if shape.nodes[object].fieldPositions[key] != nil {
          stack[top].anchor = .before(key: key, position: position)
          break
        }
      }
    }
    if case .before(let key, _) = stack[top].anchor, let position = shape.nodes[object].fieldPositions[key] {
      return position
    }
    return shape.nodes[object].fields.count
  }

  /// The dictionary pattern of one object: ``KeyPattern/id`` or ``KeyPattern/date`` when every
  /// key is one, ``KeyPattern/key`` when it has ``ShapeOptions/mapThreshold`` members or more
  /// whose values share one JSON type, `nil` for a record.
  ///
  /// Stops at the first member that rules both out, usually the first key of a record.
  private func mapPattern(of object: JSONNode) -> KeyPattern? {
    var pattern: KeyPattern?
    var isUniform = object.count >= options.mapThreshold
    var firstKind: JSONNode.Kind?
    var isFirst = true
    for (key, value) in object.members {
      if isFirst {
        pattern = KeyPattern(classifying: key)
        firstKind = value.kind
        isFirst = false
      } else {
        if pattern != nil, KeyPattern(classifying: key) != pattern { pattern = nil }
        if value.kind != firstKind { isUniform = false }
      }
      if pattern == nil, !isUniform { return nil }
    }
    return pattern ?? (isUniform ? .key : nil)
  }

  /// `string` cut to ``ShapeOptions/maximumExampleLength`` characters, with `...` when cut.
  private func shortened(_ string: String) -> String {
    let limit = max(options.maximumExampleLength, 1)
    guard string.count > limit else { return string }
    return String(string.prefix(limit)) + "..."
  }
}
