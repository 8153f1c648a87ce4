/// The cases of an enum generated for a closed set of strings, its default case for values
/// the samples did not show, and the value-table transformer that maps them.
///
/// ```swift
/// let builder = EnumBuilder(name: "Status", values: ["paid", "in-transit"])
/// builder.cases.map(\.name)   // ["paid", "inTransit"]
/// builder.defaultCase         // "unknown"
/// builder.transformer         // ".values([\"paid\": Status.paid, \"in-transit\": .inTransit], default: .unknown)"
/// ```
struct EnumBuilder {
  let name: String
  let cases: [EnumCase]
  let defaultCase: String

  init(name: String, values: [String]) {
    self.name = name
    var used: Set<String> = []
    var cases: [EnumCase] = []
    for value in values {
      var caseName = SampleNames.caseName(forValue: value)
      let stem = caseName
      var counter = 2
      while used.contains(Self.bare(caseName)) {
        caseName = stem + String(counter)
        counter += 1
      }
      used.insert(Self.bare(caseName))
      cases.append(EnumCase(name: caseName, value: value))
    }
    self.cases = cases
    defaultCase = ["unknown", "other", "undefined", "unrecognized"].first { !used.contains($0) } ?? "unknown_"
  }

  /// `.values([...], default: .unknown)`: the table from payload strings to cases.
  var transformer: String {
    let entries = cases.enumerated().map { position, item in
      SwiftNames.stringLiteral(item.value) + ": " + (position == 0 ? name : "") + "." + Self.bare(item.name)
    }
    return ".values([\(entries.joined(separator: ", "))], default: .\(defaultCase))"
  }

  /// A name without backticks: after a dot, Swift reads keywords as members.
  static func bare(_ name: String) -> String {
    name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
  }
}

/// Finds record types that contain themselves other than through an array or a dictionary
/// (`Comment.parent: Comment?`): a struct cannot, so those become final classes.
enum RecordCycles {
  static func markClasses(in types: inout [ModelType]) {
    var indices: [String: Int] = [:]
    for (index, type) in types.enumerated() { indices[type.name] = index }
    let edges: [[Int]] = types.map { type in
      guard case .record(let fields, _, _) = type.kind else { return [] }
      return fields.compactMap { field in
        if case .named(let name) = field.type { return indices[name] }
        return nil
      }
    }
    for start in types.indices {
      var seen: Set<Int> = []
      var stack = edges[start]
      var isCyclic = false
      while let next = stack.popLast() {
        if next == start { isCyclic = true; break }
        if seen.insert(next).inserted { stack += edges[next] }
      }
      if isCyclic, case .record(let fields, let keys, _) = types[start].kind {
        types[start].kind = .record(fields: fields, keys: keys, isClass: true)
      }
    }
  }
}
