#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Reads a `UUID` from its string form (any case) and writes it upper- or lowercase.
///
/// ```swift
/// id = try object.decode(at: 0, using: .uuid)     // "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
/// ```
public struct UUIDTransformer: MappingTransformer, Hashable {
  /// Whether written UUIDs are lowercase (Foundation's `uuidString` is uppercase).
  public let writesLowercase: Bool

  /// A transformer that writes in the given case.
  ///
  /// ```swift
  /// let ids = UUIDTransformer(writesLowercase: true)
  /// ```
  /// - Parameters:
  ///   - writesLowercase: Whether to write lower-case hexadecimal.
  public init(writesLowercase: Bool = false) { self.writesLowercase = writesLowercase }

  /// Reads a UUID string.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a non-string or a malformed UUID.
  public func read(from value: ValueReader) throws -> UUID {
    guard let string = value.textValue else { throw value.mismatch(expected: "UUID") }
    guard let uuid = UUID(uuidString: string) else { throw value.invalid(expected: "UUID") }
    return uuid
  }

  /// Writes the UUID's string form.
  /// - Parameters:
  ///   - uuid: The UUID.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ uuid: UUID, to writer: inout ValueWriter) throws {
    writer.write(writesLowercase ? uuid.uuidString.lowercased() : uuid.uuidString)
  }
}

extension MappingTransformer where Self == UUIDTransformer {
  /// UUIDs as strings, written uppercase.
  ///
  /// ```swift
  /// id = try object.decode(at: 0, using: .uuid)
  /// ```
  public static var uuid: UUIDTransformer { UUIDTransformer() }
}
