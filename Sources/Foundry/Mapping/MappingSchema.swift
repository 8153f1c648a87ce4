import FoundryInternals

/// How a model's fields map to keys: the key paths in declaration order and the type's policies.
///
/// A class, built once per type and shared: readers and writers hold it by reference, so
/// mapping an object costs no copying of the key tables. `@Mappable` builds one as a `static let`:
///
/// ```swift
/// static let mappingSchema = MappingSchema(
///   fields: [.property("name"), .path("user_stats.views"), .paths(["id", "uuid"])],
///   keyStrategy: .snakeCase
/// )
/// ```
public final class MappingSchema: Sendable {
  /// The fields' keys, in declaration order; generated code refers to them by position.
  public let fields: [FieldKey]
  /// Unknown keys in the input: ignored, rejected or kept.
  public let unknownKeys: UnknownKeyPolicy
  /// How `nil` optionals are written.
  public let nilEncoding: NilEncodingPolicy
  /// Overrides the decoder's coercion mode for this type's fields.
  public let coercion: CoercionMode?
  /// The type's own key strategy; `nil` takes the decoder's (``MappingOptions/keys``), else
  /// the names as written.
  public let keyStrategy: KeyStrategy?
  /// How the type's `Date` and `Data` fields without a transformer read and write; `nil`
  /// takes the decoder's and encoder's settings.
  public let formats: ValueFormats?

  @usableFromInline let resolved: [ResolvedKey]
  /// Whether any field has a validator; lets the reader skip the check entirely.
  @usableFromInline let hasValidators: Bool
  /// For each field that is one plain key, its UTF-8 (the fast lookup); `nil` otherwise.
  let simpleKeys: SimpleKeys
  /// For each plain key that could name an XML attribute, `@` and the key: what a plain key
  /// falls back to in an XML element that has no child of that name.
  let attributeKeys: SimpleKeys
  /// Whether no two plain-key fields name the same XML attribute (`id` and `@id` both name
  /// `@id`): then an element whose every attribute other fields found has none for this one.
  let attributeKeysAreDistinct: Bool
  /// The first segments of every key, for the unknown-key check.
  let knownKeys: Set<String>
  /// Whether every field is a single key (no dots, no flattening): the common, fast case.
  @usableFromInline let isFlat: Bool
  /// Each field's key when the schema is flat (what the streaming writer writes); else empty.
  @usableFromInline let flatKeys: [String]
  /// Each flat key between quotes, when no option can change how it is written (see
  /// `JSONWriter.writeKey(_:quoted:)`); `nil` for keys that may need escaping.
  let quotedFlatKeys: SimpleKeys

  public init(
    fields: [FieldKey],
    keyStrategy: KeyStrategy? = nil,
    unknownKeys: UnknownKeyPolicy = .ignore,
    nilEncoding: NilEncodingPolicy = .omit,
    coercion: CoercionMode? = nil,
    formats: ValueFormats? = nil
  ) {
    self.fields = fields
    self.unknownKeys = unknownKeys
    self.nilEncoding = nilEncoding
    self.coercion = coercion
    self.keyStrategy = keyStrategy
    self.formats = formats
    let resolved = fields.map { ResolvedKey($0, strategy: keyStrategy ?? .asWritten) }
    self.resolved = resolved
    hasValidators = resolved.contains { $0.validator != nil }
    // A `{uri}local` key is not plain: its spelling in the document depends on the prefixes.
    let plainKeys = resolved.map { key -> PathSegment? in
      guard key.alternatives.count == 1, key.alternatives[0].segments.count == 1 else { return nil }
      let segment = key.alternatives[0].segments[0]
      if case .qualified = segment.kind { return nil }
      return segment
    }
    simpleKeys = SimpleKeys(plainKeys.map { $0.map { Array($0.name.utf8) } })
    attributeKeys = SimpleKeys(plainKeys.map { $0?.attributeName.map { Array($0.utf8) } })
    let attributeNames = plainKeys.compactMap { key in key.flatMap { $0.name.hasPrefix("@") ? $0.name : $0.attributeName } }
    attributeKeysAreDistinct = Set(attributeNames).count == attributeNames.count
    var knownKeys = Set(resolved.flatMap { key in key.alternatives.compactMap { $0.segments.first?.name } })
    for field in fields { knownKeys.formUnion(field.flattened?.knownKeys ?? []) }
    self.knownKeys = knownKeys
    isFlat = resolved.allSatisfy { key in key.alternatives.count == 1 && key.alternatives[0].segments.count == 1 }
    flatKeys = isFlat ? resolved.map { $0.alternatives[0].segments[0].name } : []
    quotedFlatKeys = SimpleKeys(
      flatKeys.map { key in
        let quote = UInt8(ascii: "\"")
        let isPlain = key.utf8.allSatisfy { (0x20..<0x7F).contains($0) && $0 != quote && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
        return isPlain ? [quote] + Array(key.utf8) + [quote] : nil
      })
  }
}

extension MappingSchema {
  /// This schema with property names keyed by `strategy`: for a decoder or encoder whose
  /// ``MappingOptions/keys`` applies to types without a strategy of their own.
  func rekeyed(by strategy: KeyStrategy) -> MappingSchema {
    MappingSchema(fields: fields, keyStrategy: strategy, unknownKeys: unknownKeys, nilEncoding: nilEncoding, coercion: coercion, formats: formats)
  }
}

/// How a type's (or a whole decoder's) `Date` and `Data` fields read and write when they have
/// no transformer of their own.
///
/// ```swift
/// @Mappable(formats: ValueFormats(dates: [.rfc1123, .secondsSince1970], data: .base64URL))
/// struct Event { var at: Date; var token: Data }
/// ```
public struct ValueFormats: Sendable {
  /// The date formats read, tried in order; the first is written. Empty: the decoder's.
  public var dates: [DateTransformer]
  /// The base64 variant read and written; `nil`: the decoder's.
  public var data: Base64Transformer?

  /// Formats for `Date` and `Data` fields.
  ///
  /// ```swift
  /// let formats = ValueFormats(dates: [.date(format: "yyyy-MM-dd HH:mm:ss")])
  /// ```
  /// - Parameters:
  ///   - dates: The formats `Date` fields read, tried in order; the first is written.
  ///   - data: The base64 form of `Data` fields; `nil` reads any and writes standard padded base64.
  public init(dates: [DateTransformer] = [], data: Base64Transformer? = nil) {
    self.dates = dates
    self.data = data
  }
}

/// Where a field's value sits in the input.
public struct FieldKey: Sendable {
  enum Source: Sendable, Hashable {
    /// The property's own name, subject to the type's ``KeyStrategy``.
    case property(String)
    /// Explicit key paths, the first present one wins.
    case paths([String])
  }

  let source: Source
  /// A check the value must pass; see ``validated(by:)``.
  var validator: AnyFieldValidator?
  /// The schema of a model flattened into this object (empty path), whose keys therefore
  /// belong to this object too; see ``flattening(_:)``.
  var flattened: MappingSchema?

  /// The property's name, transformed by the type's key strategy.
  /// - Parameters:
  ///   - name: The property's name.
  public static func property(_ name: String) -> FieldKey { FieldKey(source: .property(name)) }
  /// An explicit key path: `a.b`, `items.0.id`, `a\.b` for a dot in a key, `""` for the object itself.
  /// - Parameters:
  ///   - path: The key path.
  public static func path(_ path: String) -> FieldKey { FieldKey(source: .paths([path])) }
  /// Fallback key paths: the first one present in the input wins (`["id", "uuid"]`).
  /// - Parameters:
  ///   - paths: The key paths, in the order they are tried; the first is written.
  public static func paths(_ paths: [String]) -> FieldKey { FieldKey(source: .paths(paths)) }
}

/// How property names become keys when no explicit key is given.
public enum KeyStrategy: Sendable {
  /// The property name as written: `createdAt`.
  case asWritten
  /// `createdAt` → `created_at`, `userID` → `user_id`, `picIDs` → `pic_ids`.
  ///
  /// Words start at a capital; a run of capitals is one word (`userID`, `URLString` →
  /// `url_string`), and a plural acronym keeps its `s` (`imageURLs` → `image_urls`). For
  /// another spelling, name the key with `@Key("...")` or use ``custom(_:)``.
  case snakeCase
  /// `createdAt` → `created-at`.
  case kebabCase
  /// Any function of the property name.
  case custom(@Sendable (String) -> String)

  /// The key a property (or a variant enum's case) named `name` maps to.
  ///
  /// ```swift
  /// KeyStrategy.snakeCase.key(for: "imageURLs")   // "image_urls"
  /// ```
  /// - Parameters:
  ///   - name: The property or case name.
  public func key(for name: String) -> String {
    switch self {
    case .asWritten: name
    case .snakeCase: Self.separated(name, by: "_")
    case .kebabCase: Self.separated(name, by: "-")
    case .custom(let transform): transform(name)
    }
  }

  /// Splits camel case into lowercase words; a run of capitals is one word (`userID` →
  /// `user_id`), with the `s` of a plural acronym (`picIDs` → `pic_ids`).
  static func separated(_ name: String, by separator: Character) -> String {
    var result = ""
    let scalars = Array(name.unicodeScalars)
    for (position, scalar) in scalars.enumerated() {
      let isUpper = CharacterSet.uppercase(scalar)
      if isUpper, position > 0 {
        let previousIsUpper = CharacterSet.uppercase(scalars[position - 1])
        let nextIsLower =
          position + 1 < scalars.count && !CharacterSet.uppercase(scalars[position + 1])
          && scalars[position + 1].properties.isAlphabetic
        if !previousIsUpper || (nextIsLower && !isPluralEnd(scalars, at: position + 1)) { result.append(separator) }
      }
      result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
    }
    return result
  }

  /// Whether `position` holds the `s` of a plural acronym (`IDs`, `URLs`): an `s` after two
  /// or more capitals that ends the word.
  private static func isPluralEnd(_ scalars: [Unicode.Scalar], at position: Int) -> Bool {
    guard scalars.indices.contains(position), scalars[position] == "s", position >= 2,
      CharacterSet.uppercase(scalars[position - 1]), CharacterSet.uppercase(scalars[position - 2])
    else { return false }
    let next = position + 1
    return next == scalars.count || !scalars[next].properties.isLowercase
  }

  private enum CharacterSet {
    static func uppercase(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUppercase }
  }
}

extension FieldKey {
  /// This key (the empty path), with the flattened model's own keys counted as known, so
  /// ``UnknownKeyPolicy/reject`` and ``UnknownKeyPolicy/preserve`` do not treat them as
  /// unknown. `@Key("")` generates it.
  ///
  /// ```swift
  /// .path("").flattening(\Customer.address)
  /// ```
  /// - Parameters:
  ///   - field: The field's position in the type's ``MappingSchema``.
  public func flattening<Root, T: Mappable>(_ field: KeyPath<Root, T>) -> FieldKey {
    var key = self
    key.flattened = T.mappingSchema
    return key
  }

  /// The same, for an optional flattened model.
  /// - Parameters:
  ///   - field: The field's position in the type's ``MappingSchema``.
  public func flattening<Root, T: Mappable>(_ field: KeyPath<Root, T?>) -> FieldKey {
    var key = self
    key.flattened = T.mappingSchema
    return key
  }
}

/// How a `nil` optional is written.
public enum NilEncodingPolicy: Sendable, Hashable {
  /// Leave the key out (the default).
  case omit
  /// Write `null`.
  case null
}

extension MappingSchema {
  /// The key a store writes property `name` under: when a field maps the property by its own
  /// name (`.property`), its key with the schema's key strategy applied; `nil` when no field
  /// does (a field with a path of its own cannot be told apart from another property's).
  ///
  /// ```swift
  /// Settings.mappingSchema.writtenKey(ofProperty: "darkMode")   // "dark_mode" under .snakeCase
  /// ```
  package func writtenKey(ofProperty name: String) -> String? {
    for (field, key) in zip(fields, resolved) {
      if case .property(name) = field.source { return key.keyPath }
    }
    return nil
  }
}

/// A field key with its paths parsed and its strategy applied.
@usableFromInline
struct ResolvedKey: Sendable {
  /// One or more paths, parsed once; an empty path is the object itself.
  let alternatives: [PathExpression]
  /// The UTF-8 of each alternative's first segment, for the in-order member scan.
  let firstKeys: [[UInt8]]
  /// Each alternative as path components, for errors and reports.
  let components: [[MappingPath.Component]]
  /// The key as the user would write it, for messages.
  let display: String
  /// The first key path as written (the key strategy applied): what creation hooks see.
  let keyPath: String
  let validator: AnyFieldValidator?

  init(_ key: FieldKey, strategy: KeyStrategy) {
    validator = key.validator
    let alternatives: [PathExpression]
    switch key.source {
    case .property(let name):
      let key = strategy.key(for: name)
      alternatives = [PathExpression(key: key)]
      display = key
      keyPath = key
    case .paths(let paths):
      alternatives = paths.map { PathExpression($0) }
      display = paths.map { "\"\($0)\"" }.joined(separator: ", ")
      keyPath = paths.first ?? ""
    }
    self.alternatives = alternatives
    firstKeys = alternatives.map { Array(($0.segments.first?.name ?? "").utf8) }
    components = alternatives.map(\.mappingComponents)
  }
}

/// The UTF-8 of a schema's plain keys in one allocation, so lookups read them without
/// reference counting.
final class SimpleKeys: @unchecked Sendable {
  // @unchecked: written once in `init`, then only read; schemas live as long as their type.
  private let base: UnsafeMutablePointer<UInt8>?
  /// Per field: the key's bytes, or `nil` when the field is not one plain key.
  let keys: [UnsafeBufferPointer<UInt8>?]

  init(_ fields: [[UInt8]?]) {
    let total = fields.reduce(0) { $0 + ($1?.count ?? 0) }
    let base: UnsafeMutablePointer<UInt8>? = total > 0 ? .allocate(capacity: total) : nil
    var cursor = 0
    keys = fields.map { bytes in
      guard let bytes, let base else { return bytes.map { _ in UnsafeBufferPointer(start: nil, count: 0) } }
      let start = base + cursor
      start.initialize(from: bytes, count: bytes.count)
      cursor += bytes.count
      return UnsafeBufferPointer(start: start, count: bytes.count)
    }
    self.base = base
  }

  deinit { base?.deallocate() }
}
