extension JSONWriter {
  // MARK: - Numbers

  /// Writes a number exactly as its text: numbers read from a document keep the spelling
  /// they came with (`1.0`, `1E+2`, `-0`).
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.writeNumber(JSONNumber(text: "1.50") ?? 0)  // 1.50
  /// ```
  /// - Parameters:
  ///   - number: The number, written with its text.
  public mutating func writeNumber(_ number: JSONNumber) {
    switch number.storage {
    case .integer(let value):
      _writeInteger(value)
    case .text(let text):
      separate()
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
      slot = .afterValue
    }
  }

  /// Writes an integer exactly, in decimal; `Int64` and `UInt64` and everything narrower
  /// are formatted straight into the output, wider values through their text.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginArray()
  /// writer.writeInteger(-42)
  /// writer.writeInteger(UInt64.max)
  /// writer.endArray()  // [-42,18446744073709551615]
  /// ```
  /// - Parameters:
  ///   - value: The integer.
  @inlinable
  public mutating func writeInteger<Integer: BinaryInteger>(_ value: Integer) {
    if let small = Int64(exactly: value) {
      _writeInteger(small)
    } else if let large = UInt64(exactly: value) {
      _writeInteger(large)
    } else {
      _writeIntegerText(String(value))
    }
  }

  /// Writes a `Double` as the shortest text that reads back as the same value: integral values
  /// below 10^15 without a fraction (`2`), others as `Double.description` spells them (`0.1`,
  /// `1e+300`, `-0.0`), exactly as ``JSONNumber/init(_:)-(Double)`` does. JSON has no infinity
  /// or NaN: those are written as `null`, as JavaScript's `JSON.stringify` does; check
  /// `isFinite` first to treat them otherwise.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginArray()
  /// writer.writeDouble(0.1)
  /// writer.writeDouble(2)
  /// writer.writeDouble(.nan)
  /// writer.endArray()  // [0.1,2,null]
  /// ```
  /// - Parameters:
  ///   - value: The number; it must be finite.
  public mutating func writeDouble(_ value: Double) {
    if let number = JSONNumber(value) {
      writeNumber(number)
    } else {
      writeNull()
    }
  }

  @usableFromInline
  mutating func _writeInteger(_ value: Int64) {
    appendInteger(magnitude: value.magnitude, isNegative: value < 0)
  }

  @usableFromInline
  mutating func _writeInteger(_ value: UInt64) {
    appendInteger(magnitude: value, isNegative: false)
  }

  /// Writes the decimal text of an integer too wide for 64 bits.
  @usableFromInline
  mutating func _writeIntegerText(_ text: String) {
    separate()
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    slot = .afterValue
  }

  /// Formats the digits right to left in a small stack buffer, then copies them in one piece.
  private mutating func appendInteger(magnitude: UInt64, isNegative: Bool) {
    separate()
    if magnitude < 10, !isNegative {
      bytes.append(Byte.zero &+ UInt8(truncatingIfNeeded: magnitude))
    } else {
      // 20 digits hold UInt64.max; one more for the sign.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
        var position = buffer.count
        var remaining = magnitude
        repeat {
          let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
          position -= 1
          buffer[position] = Byte.zero &+ UInt8(truncatingIfNeeded: digit)
          remaining = quotient
        } while remaining != 0
        if isNegative {
          position -= 1
          buffer[position] = Byte.minus
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position...]))
      }
    }
    slot = .afterValue
  }
}
