#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Reads a `Decimal` exactly from a number's text or from a string (in either coercion
/// mode), as prices often come; writes a number, or a string.
///
/// ```swift
/// price = try object.decode(at: 0, using: .decimal)          // 19.99 or "19.99"
/// try object.encode(price, at: 0, using: .decimalString)     // "19.99"
/// ```
public struct DecimalTransformer: MappingTransformer, Hashable {
  /// Whether the value is written as a string instead of a number.
  public let writesString: Bool

  /// A transformer that writes numbers, or strings.
  ///
  /// ```swift
  /// let money = DecimalTransformer(writesString: true)
  /// ```
  /// - Parameters:
  ///   - writesString: Whether to write a string rather than a number.
  public init(writesString: Bool = false) { self.writesString = writesString }

  /// Reads the exact decimal value of a number or a numeric string.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for other values, or more digits than `Decimal` holds.
  public func read(from value: ValueReader) throws -> Decimal {
    if let string = value.textValue {
      guard let number = ValueReader.number(in: string) else { throw value.invalid(expected: "Decimal") }
      guard let decimal = number.decimal else { throw value.invalid(expected: "Decimal", reason: "more digits than Decimal holds") }
      return decimal
    }
    return try value.decimal()
  }

  /// Writes the exact decimal text, as a number or a string.
  /// - Parameters:
  ///   - decimal: The number.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ decimal: Decimal, to writer: inout ValueWriter) throws {
    if writesString {
      guard !decimal.isNaN else { throw MappingError(code: .invalidValue, expected: "a number", found: "NaN") }
      writer.write(decimal.description)
    } else {
      try writer.write(decimal)
    }
  }
}

extension MappingTransformer where Self == DecimalTransformer {
  /// Decimals from numbers or strings, written as numbers.
  ///
  /// ```swift
  /// price = try object.decode(at: 0, using: .decimal)
  /// ```
  public static var decimal: DecimalTransformer { DecimalTransformer() }

  /// Decimals from numbers or strings, written as strings (`"19.99"`).
  ///
  /// ```swift
  /// try object.encode(price, at: 0, using: .decimalString)
  /// ```
  public static var decimalString: DecimalTransformer { DecimalTransformer(writesString: true) }
}
