/// The `@Mappable` model `foundry generate --from-sample` infers from payloads: the types to
/// declare, root first, and how the payload holds the root type.
///
/// ```swift
/// var options = ShapeOptions()
/// options.profilesValues = true
/// let shape = Shape(merging: [document.root], options: options)
/// let model = try SampleInference(shape: shape, format: .json).infer(rootName: "Orders", sampleCount: 1)
/// model.types.map(\.name)   // ["Orders", "Order", "Customer", "Line"]
/// print(MappableSourceWriter(model: model, sources: ["orders.json"]).makeSource())
/// ```
package struct SampleModel: Sendable, Hashable {
  /// The kind of payload the samples were.
  package enum Format: Sendable, Hashable {
    case json
    /// XML, with the root element's name and the namespaces it declares (prefix, or `""`
    /// for the default namespace, and URI), for the root type's `XMLMapping`.
    case xml(root: String, namespaces: [Namespace])
  }

  /// A namespace declared in XML samples.
  package struct Namespace: Sendable, Hashable {
    package var prefix: String
    package var uri: String
  }

  /// The kind of payload the samples were.
  package var format: Format
  /// How a payload holds the root type: `.named(root)`, or an array or dictionary of it.
  package var payloadType: ModelValueType
  /// The types to declare, the root first, then in the order they were first reached.
  package var types: [ModelType]
  /// How many samples were merged.
  package var sampleCount: Int
}

/// One declared type: a struct for a record, an enum for a closed set of strings.
package struct ModelType: Sendable, Hashable {
  /// What the type is.
  package enum Kind: Sendable, Hashable {
    /// A struct (a final class when it contains itself) with fields in payload order.
    case record(fields: [ModelField], keys: KeyStrategyChoice, isClass: Bool)
    /// A string enum: its cases (Swift name, payload value) and the case for anything else.
    case enumeration(cases: [EnumCase], defaultCase: String)
  }

  /// The Swift type name.
  package var name: String
  package var kind: Kind
  /// Where the type was first found, as `inspect` writes paths: `statuses[].user`; empty for
  /// the root.
  package var path: String
  /// How many objects (or strings) the samples had for it.
  package var occurrences: Int
}

/// A case of a generated enum.
package struct EnumCase: Sendable, Hashable {
  /// The Swift case name, backticked when it is a keyword.
  package var name: String
  /// The payload string.
  package var value: String
}

/// The key strategy a record's `@Mappable(keys:)` names; fields whose key it does not produce
/// get `@Key`.
package enum KeyStrategyChoice: String, Sendable, Hashable, CaseIterable {
  case asWritten, snakeCase, kebabCase
}

/// One stored property of a record.
package struct ModelField: Sendable, Hashable {
  /// The payload key, `@name` for an XML attribute, `#text` for an element's text.
  package var key: String
  /// The property name as written after `var`: an identifier, or a keyword in backticks.
  package var name: String
  /// The property's type, without the optional mark.
  package var type: ModelValueType
  /// Whether the property is optional (`T?`).
  package var isOptional: Bool
  /// The initial value, a Swift expression (`[]`, `.unknown`), when the field has one.
  package var defaultValue: String?
  /// The inline transformer, a Swift expression (`.iso8601`), when the field has one.
  package var transformer: String?
  /// What the samples showed that the type alone does not say: `in 3 of 4`, what varies.
  package var notes: [String]
}

/// A property type in a generated model.
package indirect enum ModelValueType: Sendable, Hashable {
  case bool, int, double, string, date, url
  /// `JSONValue`: anything, for values whose type varies beyond what one type reads.
  case json
  /// A generated type, by name.
  case named(String)
  case array(ModelValueType)
  case dictionary(ModelValueType)
  /// An array element that is `null` in some samples: `Int?` in `[Int?]`.
  case optional(ModelValueType)

  /// The type as Swift spells it: `[String: [Item]]`.
  package var swiftName: String {
    switch self {
    case .bool: "Bool"
    case .int: "Int"
    case .double: "Double"
    case .string: "String"
    case .date: "Date"
    case .url: "URL"
    case .json: "JSONValue"
    case .named(let name): name
    case .array(let element): "[\(element.swiftName)]"
    case .dictionary(let value): "[String: \(value.swiftName)]"
    case .optional(let wrapped): wrapped.swiftName + "?"
    }
  }

  /// Whether the type mentions `Date` or `URL`, which need Foundation.
  var needsFoundation: Bool {
    switch self {
    case .date, .url: true
    case .array(let element), .dictionary(let element), .optional(let element): element.needsFoundation
    default: false
    }
  }

  /// Whether the type mentions `JSONValue`, which needs FoundryJSON.
  var needsFoundryJSON: Bool {
    switch self {
    case .json: true
    case .array(let element), .dictionary(let element), .optional(let element): element.needsFoundryJSON
    default: false
    }
  }
}
