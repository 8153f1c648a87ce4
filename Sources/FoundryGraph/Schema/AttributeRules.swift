/// What a model file's validation settings ask of an attribute's values: `minValueString` and
/// `maxValueString` (a range for numbers, a length range for strings) and
/// `regularExpressionString` (a pattern the whole string matches).
///
/// ```swift
/// AttributeRules(minimum: 1, maximum: 5)             // a rating
/// AttributeRules(minimum: 2, pattern: "[A-Z].*")     // a name: two characters or more, capitalized
/// ```
public struct AttributeRules: Sendable, Hashable {
  /// The smallest number, or the fewest characters of a string.
  public var minimum: Double?
  /// The largest number, or the most characters of a string.
  public var maximum: Double?
  /// A regular expression the whole string must match.
  public var pattern: String?

  /// Rules; none by default.
  /// - Parameters:
  ///   - minimum: The smallest number (or string length) allowed; `nil` for none.
  ///   - maximum: The largest number (or string length) allowed; `nil` for none.
  ///   - pattern: A regular expression the whole string must match; `nil` for none.
  public init(minimum: Double? = nil, maximum: Double? = nil, pattern: String? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.pattern = pattern
  }

  /// Whether there is any rule.
  public var isEmpty: Bool { minimum == nil && maximum == nil && pattern == nil }

  /// What `value` breaks, as messages (`7 is above the maximum 5`); none when it follows them.
  func violations(of value: GraphValue) -> [String] {
    guard !isEmpty else { return [] }
    if case .string(let text) = value {
      var problems = bounds(Double(text.count), unit: " characters")
      if let pattern {
        if let regex = try? Regex(pattern) {
          if (try? regex.wholeMatch(in: text)) == nil { problems.append("\"\(text)\" does not match \(pattern)") }
        } else {
          problems.append("the pattern \(pattern) is not a regular expression")
        }
      }
      return problems
    }
    let number: Double? =
      switch value {
      case .integer(let integer): Double(integer)
      case .double(let double): double
      case .float(let float): Double(float)
      case .decimal(let decimal): Double("\(decimal)")
      default: nil
      }
    return number.map { bounds($0, unit: "") } ?? []
  }

  private func bounds(_ measured: Double, unit: String) -> [String] {
    let shown = measured == measured.rounded() ? "\(Int64(measured))" : "\(measured)"
    var problems: [String] = []
    if let minimum, measured < minimum { problems.append("\(shown)\(unit) is below the minimum \(Self.text(minimum))") }
    if let maximum, measured > maximum { problems.append("\(shown)\(unit) is above the maximum \(Self.text(maximum))") }
    return problems
  }

  private static func text(_ number: Double) -> String { number == number.rounded() ? "\(Int64(number))" : "\(number)" }
}
