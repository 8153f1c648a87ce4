#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON

/// How a store keeps one attribute's values: by the type of the value, after the attribute's
/// transformer, never by the payload's form.
///
/// - An attribute of a scalar type (a `Date`, a string, ...) keeps that type, whatever
///   transformer reads it from payloads.
/// - A transformable attribute whose transformer makes a scalar (`date:yyyy-MM-dd` makes a
///   `Date`) is kept as that scalar type: the same column type as a `Date` attribute.
/// - Any other value is kept as JSON text written by Foundry's own writer, so the database's
///   JSON functions can read inside it: a value the transformer makes that is itself mappable
///   (the `[String]` of `split:,`) as that value's own JSON (an array); a typed value
///   (`.value`) through its type; a transformable attribute with no transformer, or one whose
///   transformer is not bound, as the payload's JSON; anything else as the transformer writes it.
///
/// ```swift
/// let storage = try StoredValueCodec(attribute, of: "Book", registry: registry)
/// storage.storedType                       // .transformable: kept as JSON
/// try storage.jsonText(.json(["drama", "fantasy"]))   // ["drama","fantasy"]
/// ```
///
/// Unchecked `Sendable`: every member is a constant set once, and the closures only read
/// constants (the attribute's codec and its transformer, itself `Sendable`).
package final class StoredValueCodec: @unchecked Sendable {
  /// What the store keeps: a scalar attribute type, or `.transformable`/`.value` for JSON.
  package let storedType: AttributeType
  /// Whether the attribute is transformable and its transformer is not bound (its values are
  /// the payload's JSON as it is).
  package let isUnbound: Bool
  /// The type of the values the transformer makes, for the store's record (`Date`, `Array<String>`).
  package let transformedType: String?
  private let read: (ValueReader) throws -> GraphValue
  private let write: (GraphValue, inout ValueWriter) throws -> Void

  /// The storage of `attribute` of `entity`; its transformer name is resolved in `registry`.
  /// - Throws: ``GraphError`` `unboundTransformer` for a name the registry does not know on an
  ///   attribute that is not transformable; `typeMismatch` for a transformer whose values the
  ///   attribute cannot hold.
  package init(_ attribute: Attribute, of entity: String, registry: TransformerRegistry) throws(GraphError) {
    let location = "\(entity).\(attribute.name)"
    isUnbound = AttributeCodec.isUnbound(attribute, in: registry)
    let codec: AttributeCodec
    let bound: (String, any MappingTransformer)?
    do {
      codec = try AttributeCodec(attribute, of: entity, registry: registry)
      bound = try AttributeCodec.transformer(of: attribute, in: registry)
    } catch let error as GraphError {
      throw error
    } catch {
      throw GraphError(.unboundTransformer, at: location, "transformer \"\(attribute.transformerName ?? "")\" is not bound: \(error)")
    }
    // JSON values as they are (`json`) are kept as an unbound transformer's are.
    transformedType = bound.flatMap { $0.1.valueType == JSONValue.self ? nil : "\($0.1.valueType)" }
    guard attribute.type == .transformable, let (_, transformer) = bound else {
      storedType = attribute.type
      read = { try codec.read($0) }
      write = { try codec.write($0, &$1) }
      return
    }
    let form = Self.form(of: transformer)
    storedType = form.type ?? .transformable
    read = form.read ?? { try codec.read($0) }
    write = form.write ?? { try codec.write($0, &$1) }
  }

  /// Whether the store keeps the values as JSON text.
  package var isJSON: Bool {
    switch storedType {
    case .transformable, .value: true
    default: false
    }
  }

  /// The value as compact JSON text.
  package func jsonText(_ value: GraphValue) throws -> String {
    try MappingEncoder().encodeToString(StoredOutput(value: value, write: write))
  }

  /// The value JSON text stands for.
  package func value(fromJSON text: String) throws -> GraphValue {
    let decoder = MappingDecoder()
    let node = try decoder.parseJSON(Array(text.utf8), sourceName: nil)
    var result: GraphValue?
    let (_, error) = decoder.run(from: node, sourceName: nil, lossy: false) { result = try read($0) }
    if let error { throw error }
    guard let result else { throw GraphError(.typeMismatch, at: "stored value", "no value in \(text)") }
    return result
  }

  /// How the values a transformer makes are kept: a scalar type, or their own JSON when they
  /// are mappable; `nil` members where the transformer itself must write and read them.
  private static func form<X: MappingTransformer>(of transformer: X) -> (
    type: AttributeType?, read: ((ValueReader) throws -> GraphValue)?, write: ((GraphValue, inout ValueWriter) throws -> Void)?
  ) {
    if let scalar = scalarType(of: X.Value.self) { return (scalar, nil, nil) }
    guard let mappable = X.Value.self as? any MappableValue.Type, X.Value.self != JSONValue.self else { return (nil, nil, nil) }
    let read = { (value: ValueReader) throws -> GraphValue in
      let made = try mappable.read(from: value)
      guard let wrapped = GraphValue.wrapping(made, for: .transformable) else {
        throw value.invalid(expected: "\(X.Value.self)", reason: "the stored value is not equatable")
      }
      return wrapped
    }
    let write = { (value: GraphValue, writer: inout ValueWriter) throws in
      guard let typed = value.base as? any MappableValue else {
        throw MappingError(code: .invalidValue, expected: "\(X.Value.self)", found: "\(value)", reason: "the store cannot write this value")
      }
      try typed.write(to: &writer)
    }
    return (nil, read, write)
  }

  /// The attribute type a store keeps values of `type` as, for the scalar types; `nil` for
  /// any other type (kept as JSON).
  static func scalarType(of type: Any.Type) -> AttributeType? {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self): .string
    case ObjectIdentifier(Bool.self): .boolean
    case ObjectIdentifier(Int.self), ObjectIdentifier(Int64.self): .integer64
    case ObjectIdentifier(Int32.self): .integer32
    case ObjectIdentifier(Int16.self): .integer16
    case ObjectIdentifier(Double.self): .double
    case ObjectIdentifier(Float.self): .float
    case ObjectIdentifier(Decimal.self): .decimal
    case ObjectIdentifier(Date.self): .date
    case ObjectIdentifier(Data.self): .binary
    case ObjectIdentifier(UUID.self): .uuid
    case ObjectIdentifier(URL.self): .uri
    default: nil
    }
  }
}

/// One stored value as something `MappingEncoder` writes.
private struct StoredOutput: MappableValue {
  let value: GraphValue
  let write: (GraphValue, inout ValueWriter) throws -> Void

  static func read(from value: ValueReader) throws -> StoredOutput {
    throw MappingError(code: .invalidValue, reason: "a stored value is not read this way")
  }

  func write(to writer: inout ValueWriter) throws { try write(value, &writer) }
}
