import FoundryJSON

/// The shape of a JSON document read element by element along one array, holding one element
/// at a time: what `foundry inspect` prints for a file larger than memory.
///
/// The elements merge into the array's element node exactly as ``Shape/init(of:options:)``
/// merges them; the members around the array (GeoJSON's `type` and `bbox`) are added in
/// document order. The objects along the key path are always read as records, where the whole
/// document's shape could call an object of many uniform members a dictionary.
///
/// ```swift
/// var shape = StreamedShape(keys: ["features"], options: ShapeOptions())
/// shape.add(.member(path: ["type"], value: try JSONDocument(string: #""FeatureCollection""#)))
/// shape.add(.arrayStart)
/// shape.addElement(try JSONDocument(string: #"{"id": "ak1"}"#))
/// print(ShapeRenderer().render(shape.finish()))
/// ```
struct StreamedShape {
  private var builder: ShapeBuilder
  /// The object keys down to the array.
  private let keys: [String]
  /// The node of each object along the key path met so far, the root first, and how many
  /// members it had.
  private var objects: [(node: Shape.NodeID, members: Int)] = []
  /// The array's node, once its `[` was read.
  private var array: Shape.NodeID?
  private var length = 0

  init(keys: [String], options: ShapeOptions) {
    builder = ShapeBuilder(options: options)
    self.keys = keys
  }

  /// Adds a member beside the key path, or places the array among the members.
  mutating func add(_ surrounding: JSONElementScanner.Surrounding) {
    switch surrounding {
    case .member(let path, let value):
      guard let key = path.last else { return }
      builder.observe(value.root, into: field(key, level: path.count - 1))
    case .arrayStart:
      let node = keys.last.map { field($0, level: keys.count - 1) } ?? Shape.rootID
      builder.shape.nodes[node].counts[.array] += 1
      array = node
    }
  }

  /// Adds one element of the array.
  mutating func addElement(_ element: JSONDocument) {
    guard let array else { return }
    let node = builder.shape.nodes[array].element ?? builder.shape.makeNode()
    builder.shape.nodes[array].element = node
    builder.observe(element.root, into: node)
    length += 1
  }

  /// The shape, once the whole input was read.
  mutating func finish() -> Shape {
    if let array { builder.shape.nodes[array].lengths = builder.shape.nodes[array].lengths.including(length) }
    for (node, members) in objects {
      builder.shape.nodes[node].memberCounts = builder.shape.nodes[node].memberCounts.including(members)
    }
    return builder.shape
  }

  /// The node of member `key` of the object at `level` along the key path, added last among
  /// its fields when new.
  private mutating func field(_ key: String, level: Int) -> Shape.NodeID {
    let object = self.object(at: level)
    objects[level].members += 1
    if let position = builder.shape.nodes[object].fieldPositions[key] {
      return builder.shape.nodes[object].fields[position].node
    }
    let node = builder.shape.makeNode()
    builder.shape.appendField(key, node: node, to: object)
    return node
  }

  /// The node of the object at `level` along the key path (0: the root), counted as an object
  /// when first met.
  private mutating func object(at level: Int) -> Shape.NodeID {
    while objects.count <= level {
      let node = objects.isEmpty ? Shape.rootID : field(keys[objects.count - 1], level: objects.count - 1)
      builder.shape.nodes[node].counts[.object] += 1
      objects.append((node, 0))
    }
    return objects[level].node
  }
}

extension StreamedShape {
  /// The shape of the JSON `file`, streamed along the array `layout` names.
  ///
  /// ```swift
  /// let shape = try StreamedShape.read(file, layout: .array(at: "features"), loader: loader, options: ShapeOptions())
  /// ```
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk, one element and the shape.
  static func read(_ file: ChunkedFile, layout: JSONStreamLayout, loader: DocumentLoader, options: ShapeOptions) throws(InputError) -> Shape {
    var streamOptions = JSONStreamOptions()
    streamOptions.maximumElementSize = Int.max
    var scanner = JSONElementScanner(layout: layout, options: loader.options, streamOptions: streamOptions, sourceName: file.sourceName)
    scanner.keepsSurroundings = true
    var shape = StreamedShape(keys: layout.keyPath, options: options)
    try file.pump(into: &scanner) { scanner in
      while true {
        let element = try scanner.next()
        for part in scanner.takeSurroundings() { shape.add(part) }
        guard let element else { return true }
        shape.addElement(element)
      }
    }
    return shape.finish()
  }
}
