import FoundryJSON

/// Per decoding call: for each model type read from XML, the attribute shape of the last
/// element read and where each of the type's fields found its attribute there. The next
/// element of the same shape (the usual case: OSM nodes, feed items) answers every attribute
/// lookup, present or missing, without a search.
///
/// ```swift
/// let shape = cache.shape(for: schema, at: node)   // the last one, when node matches it
/// shape.attributeValue(field: 2, of: node)          // node's tape index of field 2's value
/// ```
struct MarkupShapeCache {
  /// A few types at a time: a document's element types, in practice.
  private static let capacity = 16
  private var shapes: [MarkupFieldShape] = []
  /// Where the last type looked up was found.
  private var lastFound = 0
  /// The shape a new type replaces when the cache is full.
  private var nextReplaced = 0

  /// The shape of `schema`'s fields in `node`: the last one when `node` has its attributes,
  /// else a new one learned from `node`, which replaces it (readers of elements of the old
  /// shape keep theirs).
  mutating func shape(for schema: MappingSchema, at node: JSONNode) -> MarkupFieldShape {
    // Elements of one type usually follow each other, or alternate with their children's.
    var index = shapes.indices.contains(lastFound) && shapes[lastFound].schema === schema ? lastFound : 0
    while index < shapes.count, shapes[index].schema !== schema { index += 1 }
    lastFound = index
    if index < shapes.count, shapes[index].matches(node) { return shapes[index] }
    let learned = MarkupFieldShape(schema: schema, node: node)
    if index < shapes.count {
      shapes[index] = learned
    } else if shapes.count < Self.capacity {
      shapes.append(learned)
    } else {
      shapes[nextReplaced] = learned
      nextReplaced = (nextReplaced + 1) % Self.capacity
    }
    return learned
  }
}

/// Where one model type's fields find their attributes in elements of one attribute shape.
/// Immutable: a reader holds the shape of its element while the cache moves on.
final class MarkupFieldShape {
  /// Held, so no other schema can take its identity while the shape lives.
  let schema: MappingSchema
  private let attributes: MarkupAttributeShape
  /// Per field: the tape offset (from the element) of its attribute's value, or -1 when the
  /// shape lacks it.
  private let fieldOffsets: [Int]

  init(schema: MappingSchema, node: JSONNode) {
    self.schema = schema
    let attributes = MarkupAttributeShape(of: node)
    self.attributes = attributes
    fieldOffsets = schema.simpleKeys.keys.indices.map { field in
      Self.attributeKey(of: field, in: schema).flatMap(attributes.valueOffset(ofKey:)) ?? -1
    }
  }

  /// Whether `node` has the attributes of this shape.
  func matches(_ node: JSONNode) -> Bool { attributes.matches(node) }

  /// The tape index of `field`'s attribute value in `node` (an element of this shape), or
  /// `nil` when the element has no such attribute.
  @inline(__always)
  func attributeValue(field: Int, of node: JSONNode) -> Int? {
    guard fieldOffsets.indices.contains(field) else { return nil }
    let offset = fieldOffsets[field]
    return offset >= 0 ? node.firstChildIndex - 1 + offset : nil
  }

  /// The attribute key (`@name`) a field reads: its own key when that names an attribute,
  /// else the attribute its plain key falls back to.
  private static func attributeKey(of field: Int, in schema: MappingSchema) -> UnsafeBufferPointer<UInt8>? {
    guard let key = schema.simpleKeys.keys[field] else { return nil }
    return key.first == UInt8(ascii: "@") ? key : schema.attributeKeys.keys[field]
  }
}
