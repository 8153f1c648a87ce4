/// Enums with raw values map through their raw value: declare the conformance and you are done.
///
/// ```swift
/// enum Status: String, MappableValue { case active, banned }
/// enum Level: Int, MappableValue { case low = 1, high = 2 }
/// ```
/// An unknown raw value is an error that lists the known ones; map unknown values to a
/// default with the `.values([...], default:)` transformer instead.
extension MappableValue where Self: RawRepresentable, RawValue: MappableValue {
  public static func read(from value: ValueReader) throws -> Self {
    let raw = try RawValue.read(from: value)
    guard let result = Self(rawValue: raw) else {
      var expected = "\(Self.self)"
      if let cases = Self.self as? any CaseIterable.Type {
        let names = cases.allCasesDescriptions
        expected += " (one of \(names))"
      }
      throw value.invalid(expected: expected)
    }
    return result
  }

  public func write(to writer: inout ValueWriter) throws { try rawValue.write(to: &writer) }
}

extension CaseIterable {
  fileprivate static var allCasesDescriptions: String {
    allCases.map { value -> String in
      if let raw = (value as? any RawRepresentable)?.rawValue { return "\(raw)" }
      return "\(value)"
    }.map { "\"\($0)\"" }.joined(separator: ", ")
  }
}
