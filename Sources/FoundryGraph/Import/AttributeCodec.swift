#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON

/// How one attribute's values are read from payloads and written back: by the attribute's
/// type, or through its named transformer. A class, so import steps hold it as one reference.
final class AttributeCodec {
  private let type: AttributeType
  /// The named transformer's reading and writing; `nil` reads and writes by type.
  private let transformed: (read: (ValueReader) throws -> GraphValue, write: (GraphValue, inout ValueWriter) throws -> Void)?
  /// Whether values are written by their type, through no transformer.
  var writesByType: Bool { transformed == nil }
  /// For untransformed strings, integers and doubles: how the import's fast path reads them
  /// straight from the tape (see ``plainValue(at:in:)``).
  private let plain: Plain?

  private enum Plain {
    case string
    case integer(ClosedRange<Int64>)
    case double
  }

  /// The codec of `attribute` (of entity `entity`); a transformer name is resolved in `registry`.
  /// - Throws: The registry's error for a name it does not know; ``GraphError`` `typeMismatch`
  ///   for a transformer whose values the attribute cannot hold.
  init(_ attribute: Attribute, of entity: String, registry: TransformerRegistry) throws {
    type = attribute.type
    let bound = try Self.transformer(of: attribute, in: registry)
    transformed = try bound.map { name, transformer in
      try Self.open(transformer, name: name, type: attribute.type, at: "\(entity).\(attribute.name)")
    }
    switch (bound == nil, attribute.type) {
    case (true, .string): plain = .string
    case (true, .integer16): plain = .integer(Int64(Int16.min)...Int64(Int16.max))
    case (true, .integer32): plain = .integer(Int64(Int32.min)...Int64(Int32.max))
    case (true, .integer64): plain = .integer(Int64.min...Int64.max)
    case (true, .double): plain = .double
    default: plain = nil
    }
  }

  /// The transformer `attribute` reads through, with its name; `nil` when it has none, or when
  /// it is a transformable attribute whose transformer `registry` does not know: such an
  /// attribute keeps the payload's JSON value as it is (see ``isUnbound(_:in:)``).
  /// - Throws: The registry's error for another attribute's unknown name, or a bad argument.
  static func transformer(of attribute: Attribute, in registry: TransformerRegistry) throws -> (String, any MappingTransformer)? {
    guard let name = attribute.transformerName else { return nil }
    if isUnbound(attribute, in: registry) { return nil }
    return (name, try registry.transformer(spec: name))
  }

  /// Whether `attribute` is transformable and names a transformer `registry` does not know:
  /// its values are the payload's JSON, kept as they are.
  package static func isUnbound(_ attribute: Attribute, in registry: TransformerRegistry) -> Bool {
    guard attribute.type == .transformable, let name = attribute.transformerName else { return false }
    return !registry.knows(name)
  }

  /// Whether ``plainValue(at:in:)`` may read the attribute.
  var readsPlain: Bool { plain != nil }

  /// The value at tape index `index` (from `ObjectReader.simpleLookup`) when it is plainly of
  /// the attribute's type; `nil` when it must be read the general way (``read(_:)``), which
  /// applies coercions and says what is wrong.
  func plainValue(at index: Int, in reader: ObjectReader) -> GraphValue? {
    switch plain {
    case .string: reader.plainString(at: index).map(GraphValue.string)
    case .integer(let range): reader.plainInt64(at: index).flatMap { range.contains($0) ? .integer($0) : nil }
    case .double: reader.plainDouble(at: index).map(GraphValue.double)
    case nil: nil
    }
  }

  /// Reads the attribute's value from a payload value; a typed value equal to `current` (the
  /// attribute's value so far) comes back as `current` itself, with no new box.
  func read(_ value: ValueReader, replacing current: GraphValue? = nil) throws -> GraphValue {
    guard let transformed else { return try Self.read(value, as: type, replacing: current) }
    return try transformed.read(value)
  }

  /// Writes the attribute's value.
  func write(_ value: GraphValue, _ writer: inout ValueWriter) throws {
    guard let transformed else { return try value.write(to: &writer) }
    try transformed.write(value, &writer)
  }

  /// Reads a value of an attribute type without a transformer.
  static func read(_ value: ValueReader, as type: AttributeType, replacing current: GraphValue? = nil) throws -> GraphValue {
    switch type {
    case .string: return .string(try value.string())
    case .integer16: return .integer(Int64(try value.integer(Int16.self)))
    case .integer32: return .integer(Int64(try value.integer(Int32.self)))
    case .integer64: return .integer(try value.integer(Int64.self))
    case .double: return .double(try value.double())
    case .float: return .float(try Float.read(from: value))
    case .decimal: return .decimal(try value.decimal())
    case .boolean: return .bool(try value.bool())
    case .date: return .date(try Date.read(from: value))
    case .binary: return .data(try Data.read(from: value))
    case .uuid: return .uuid(try UUID.read(from: value))
    case .uri: return .url(try URL.read(from: value))
    case .transformable: return .json(try JSONValue.read(from: value))
    case .value(let valueType):
      guard case .custom(let custom)? = current else { return .custom(try valueType.read(value)) }
      return .custom(try valueType.read(value, replacing: custom))
    }
  }

  private static func open<X: MappingTransformer>(
    _ transformer: X, name: String, type: AttributeType, at location: String
  ) throws(GraphError) -> ((ValueReader) throws -> GraphValue, (GraphValue, inout ValueWriter) throws -> Void) {
    guard canHold(X.Value.self, as: type) else {
      throw GraphError(.typeMismatch, at: location, "transformer \"\(name)\" makes \(X.Value.self) values, not \(type)")
    }
    let read = { (value: ValueReader) throws -> GraphValue in
      let produced = try transformer.read(from: value)
      guard let wrapped = GraphValue.wrapping(produced, for: type), let fitted = wrapped.converted(to: type) else {
        throw value.invalid(expected: "\(type)", reason: "the transformer produced a \(X.Value.self)")
      }
      return fitted
    }
    let write = { (value: GraphValue, writer: inout ValueWriter) throws in
      guard let typed = Self.unwrap(value, as: X.Value.self) else {
        throw MappingError(code: .invalidValue, expected: "\(X.Value.self)", found: "\(value)", reason: "the attribute's transformer cannot write this value")
      }
      try transformer.write(typed, to: &writer)
    }
    return (read, write)
  }

  /// The graph value as the transformer's value type.
  private static func unwrap<T>(_ value: GraphValue, as type: T.Type) -> T? {
    if let convertible = T.self as? any GraphValueConvertible.Type, let typed = convertible.init(graphValue: value) as? T {
      return typed
    }
    return value.base as? T
  }
}
