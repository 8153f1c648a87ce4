#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Where a value writes itself: the counterpart of ``ValueReader``.
///
/// ```swift
/// func write(to writer: inout ValueWriter) throws { writer.write(degrees) }
/// ```
///
/// A writer either streams JSON text straight into a `JSONWriter` (what `MappingEncoder`
/// uses) or builds a `JSONValue` tree (for nested key paths and `Codable` interop).
public struct ValueWriter {
  /// The output when streaming; `nil` when building a tree.
  @usableFromInline var stream: JSONWriter?
  /// The tree built so far, when not streaming.
  @usableFromInline var tree: JSONValue = .null
  @usableFromInline let context: EncodingContext

  /// A writer that builds a ``JSONValue`` tree.
  @usableFromInline
  init(context: EncodingContext) {
    self.context = context
  }

  /// A writer that streams into `stream`.
  init(streaming stream: JSONWriter, context: EncodingContext) {
    self.stream = stream
    self.context = context
  }

  /// The tree written, for a tree-building writer; assigning writes the value either way.
  var value: JSONValue {
    get { tree }
    set { write(newValue) }
  }

  /// Writes a string.
  /// - Parameters:
  ///   - string: The string.
  public mutating func write(_ string: String) {
    if stream != nil { stream?.writeString(string) } else { tree = .string(string) }
  }
  /// Writes a Boolean.
  /// - Parameters:
  ///   - bool: The Boolean.
  public mutating func write(_ bool: Bool) {
    if stream != nil { stream?.writeBool(bool) } else { tree = .bool(bool) }
  }
  /// Writes an exact integer.
  /// - Parameters:
  ///   - integer: The integer.
  public mutating func write<T: BinaryInteger>(_ integer: T) {
    if stream != nil { stream?.writeInteger(integer) } else { tree = .number(JSONNumber(integer)) }
  }
  /// Writes a double with its shortest round-trip text; infinities and NaN fail.
  /// - Parameters:
  ///   - double: The number; it must be finite.
  public mutating func write(_ double: Double) throws {
    guard let number = JSONNumber(double) else {
      throw MappingError(code: .invalidValue, expected: "a finite number", found: "\(double)", reason: "JSON has no infinities or NaN")
    }
    write(number)
  }
  /// Writes a `Decimal` exactly.
  /// - Parameters:
  ///   - decimal: The number.
  public mutating func write(_ decimal: Decimal) throws {
    guard let number = JSONNumber(decimal) else {
      throw MappingError(code: .invalidValue, expected: "a number", found: "NaN", reason: "JSON has no NaN")
    }
    write(number)
  }
  /// Writes number text as it is.
  /// - Parameters:
  ///   - number: The number, written with its text.
  public mutating func write(_ number: JSONNumber) {
    if stream != nil { stream?.writeNumber(number) } else { tree = .number(number) }
  }
  /// Writes `null`.
  public mutating func writeNull() {
    if stream != nil { stream?.writeNull() } else { tree = .null }
  }
  /// Writes any JSON value.
  /// - Parameters:
  ///   - json: The value.
  public mutating func write(_ json: JSONValue) {
    if stream != nil { stream?.write(json) } else { tree = json }
  }

  /// Writes an array, one element at a time.
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - body: Writes one element into the writer of its place.
  @inlinable
  public mutating func writeArray<S: Sequence>(_ elements: S, _ body: (S.Element, inout ValueWriter) throws -> Void) throws {
    if stream != nil {
      stream?.beginArray()
      for element in elements { try body(element, &self) }
      stream?.endArray()
      return
    }
    var array: [JSONValue] = []
    array.reserveCapacity(elements.underestimatedCount)
    for element in elements {
      var writer = ValueWriter(context: context)
      try body(element, &writer)
      array.append(writer.tree)
    }
    tree = .array(array)
  }

  /// Writes an object: `key` names each member, `body` writes its value.
  /// - Parameters:
  ///   - members: The members, in order.
  ///   - key: The member's name.
  ///   - body: Writes one member's value into the writer of its place.
  public mutating func writeObject<S: Sequence>(
    _ members: S, key: (S.Element) -> String, value body: (S.Element, inout ValueWriter) throws -> Void
  ) throws {
    if stream != nil {
      stream?.beginObject()
      for member in members {
        stream?.writeKey(key(member))
        try body(member, &self)
      }
      stream?.endObject()
      return
    }
    var object = JSONObject()
    for member in members {
      var writer = ValueWriter(context: context)
      try body(member, &writer)
      object[key(member)] = writer.tree
    }
    tree = .object(object)
  }

  /// Writes an object whose member names are known only after each value is written.
  /// - Parameters:
  ///   - members: The members, in order.
  ///   - body: Writes one member's value and returns its name.
  public mutating func writeObject<S: Sequence>(_ members: S, _ body: (S.Element, inout ValueWriter) throws -> String) throws {
    var object = JSONObject()
    for member in members {
      var writer = ValueWriter(context: context)
      let key = try body(member, &writer)
      object[key] = writer.tree
    }
    write(JSONValue.object(object))
  }

  /// Writes any mappable value.
  /// - Parameters:
  ///   - value: The value.
  public mutating func encode<T: MappableValue>(_ value: T) throws {
    try value.write(to: &self)
  }
}

/// The state of one encoding call.
@usableFromInline
final class EncodingContext {
  let options: EncodingOptions
  /// Whether the output becomes XML: fields that ``XMLMappable`` marks are written as `@key`.
  @usableFromInline let producesMarkup: Bool
  /// The `Date`/`Data` formats of the model being written, when it has its own.
  ///
  /// This and ``rekeying`` are read (and switched) once per object written, by one encoding
  /// call on one thread, never during another access: their dynamic exclusivity checks were a
  /// measurable share of `json.encode` (the Performance article), so they are left out.
  @usableFromInline @exclusivity(unchecked) var formats: ValueFormats?
  /// The schemas ``EncodingOptions/keys`` rekeys.
  @exclusivity(unchecked) var rekeying: SchemaRekeying
  /// For copies and equality: the class instances met so far (see ``ReferenceMarks``).
  @usableFromInline let references: ReferenceMarks?

  init(options: EncodingOptions, producesMarkup: Bool = false, references: ReferenceMarks? = nil) {
    self.options = options
    self.producesMarkup = producesMarkup
    self.references = references
    rekeying = SchemaRekeying(options.keys)
  }
}
