import FoundryJSON

/// Reads one value of an enum whose cases carry different payloads: finds which case the
/// payload is, then reads that case's value. `@Mappable(discriminator:)` and
/// `@Mappable(variants:)` generate the code that calls it.
///
/// ```swift
/// static func read(from value: ValueReader) throws -> Attachment {
///   let variant = try VariantReader(value, discriminator: "type")
///   if variant.tag == "image" { return .image(try variant.payload()) }
///   if variant.tag == "video" { return .video(try variant.payload()) }
///   throw variant.unknownTag(expected: ["image", "video"])
/// }
/// ```
public struct VariantReader {
  /// How the payload names its case.
  enum Form {
    /// A member of the payload object itself (`{"type": "image", "url": ...}`).
    case discriminator(String)
    /// The one key of a wrapping object (`{"image": {"url": ...}}`).
    case wrapped
    /// Nothing: the cases are tried in order.
    case untagged
  }

  private let form: Form
  /// The whole value: the payload object, the wrapping object, or the untagged value.
  private let value: ValueReader
  /// The case's payload: `value`, or the wrapping object's one member.
  private let content: ValueReader?
  /// The case's name as the payload gives it; `nil` when untagged.
  public let tag: String?
  /// Where the tag is, for errors: the discriminator member, or the wrapping object.
  private let tagNode: JSONNode?

  /// A payload object that names its case in member `key` (in XML an attribute or a child
  /// element of that name).
  ///
  /// - Parameters:
  ///   - value: The value to read.
  ///   - key: The discriminator member (`type`).
  /// - Throws: ``MappingError`` when the value is not an object or its `key` is missing or
  ///   not a string.
  public init(_ value: ValueReader, discriminator key: String) throws {
    guard value.kind == .object else { throw value.mismatch(expected: "object with a \"\(key)\" member") }
    let node = value.node
    guard let found = node[key] ?? (node.isMarkup ? node["@" + key] : nil) else {
      var error = MappingError(code: .keyNotFound, expected: "string naming the case", reason: "missing discriminator \"\(key)\"", offset: node.byteOffset)
      error.prepend(.key(key))
      throw error
    }
    do {
      tag = try ValueReader(node: found, context: value.context, coercion: value.coercion).string()
    } catch var error as MappingError {
      error.prepend(.key(key))
      throw error
    }
    form = .discriminator(key)
    self.value = value
    content = value
    tagNode = found
  }

  /// A wrapping object whose one key names the case and holds its payload:
  /// `{"image": {"url": ...}}`.
  ///
  /// - Parameters:
  ///   - value: The value to read.
  /// - Throws: ``MappingError`` when the value is not an object with exactly one member.
  public init(wrapped value: ValueReader) throws {
    let members = value.kind == .object ? value.node.members.filter { !$0.key.hasPrefix("#") } : []
    guard members.count == 1, let member = members.first else {
      throw value.mismatch(expected: "object with one member naming the case")
    }
    form = .wrapped
    self.value = value
    tag = member.key
    content = ValueReader(node: member.value, context: value.context, coercion: value.coercion)
    tagNode = value.node
  }

  /// A value whose case is the first whose payload type reads it.
  /// - Parameters:
  ///   - value: The value to read.
  public init(untagged value: ValueReader) {
    form = .untagged
    self.value = value
    tag = nil
    content = value
    tagNode = nil
  }

  // MARK: - Payloads

  /// The payload of the case ``tag`` names, read as a model. The discriminator member is not
  /// an unknown key of the model.
  /// - Parameters:
  ///   - type: The type to decode.
  public func payload<T: Mappable>(_ type: T.Type = T.self) throws -> T {
    guard let content else { throw value.mismatch(expected: "\(T.self)") }
    switch form {
    case .discriminator(let key): return try T.readModel(from: content, ignoring: key)
    case .wrapped, .untagged: return try inCase { try T.read(from: content) }
    }
  }

  /// The payload of the case ``tag`` names, read as any mappable value (a wrapped case's
  /// payload need not be an object).
  /// - Parameters:
  ///   - type: The type to decode.
  public func payload<T: MappableValue>(_ type: T.Type = T.self) throws -> T {
    guard let content else { throw value.mismatch(expected: "\(T.self)") }
    return try inCase { try T.read(from: content) }
  }

  /// The case `make` makes of the value read as its payload, or `nil` when that fails: for trying untagged cases in order.
  ///
  /// The attempt is strict twice over: not lossy, so a case that reads only with defaults
  /// does not win over a later one that fits, and without coercions, so `"7"` is a string
  /// case's, not an integer case's (XML text still reads as numbers, as in strict mode).
  ///
  /// ```swift
  /// if let found = variant.attempt(Identifier.number) { return found }   // case number(Int)
  /// ```
  /// - Parameter make: The case, as a function of its payload.
  public func attempt<Payload: MappableValue, Enum>(_ make: (Payload) -> Enum) -> Enum? {
    let strict = MappingContext(options: value.context.options, isLossy: false, factory: value.context.factory)
    guard let payload = try? Payload.read(from: ValueReader(node: value.node, context: strict, coercion: .strict)) else { return nil }
    return make(payload)
  }

  /// The whole payload as it came, for a `@DefaultCase` that keeps what no case reads; lossy
  /// decoding reports it.
  ///
  /// - Parameter name: The default case's name, for the report.
  public func unknown(keptAs name: String) -> JSONValue {
    if value.context.isLossy {
      var issue = MappingIssue(kind: .unknownVariant, note: "\(tagDescription) kept as .\(name)")
      if case .discriminator(let key) = form { issue.prepend(.key(key)) }
      value.context.record(issue)
    }
    return value.node.value
  }

  /// The error for a payload no case reads.
  ///
  /// - Parameter expected: The cases' names (for untagged variants, their payload types).
  public func unknownTag(expected: [String]) -> MappingError {
    let list = expected.map { tag == nil ? $0 : "\"\($0)\"" }.joined(separator: ", ")
    var error = MappingError(
      code: .unknownVariant, expected: tag == nil ? "one of \(list)" : "a case name among \(list)", found: tagDescription,
      offset: (tagNode ?? value.node).byteOffset)
    if case .discriminator(let key) = form { error.prepend(.key(key)) }
    return error
  }

  private var tagDescription: String {
    guard let tag else { return value.foundDescription }
    return "\(form.isWrapped ? "key" : "case") \"\(tag)\""
  }

  /// Runs `body`, putting a wrapped payload's key in front of its errors' paths.
  private func inCase<T>(_ body: () throws -> T) throws -> T {
    guard case .wrapped = form, let tag else { return try body() }
    let mark = value.context.issueMark
    do {
      let result = try body()
      value.context.prefixIssues(since: mark, with: .key(tag))
      return result
    } catch var error as MappingError {
      error.prepend(.key(tag))
      throw error
    }
  }
}

extension VariantReader {
  /// For XML: a schema whose keys are the names that mark an element as one value of an
  /// enum (its discriminator, or the names wrapping its payloads). `@Mappable` enums answer
  /// it as their ``MappableValue/markupSchema``, so that in an array an element whose one
  /// child has such a name reads as one value, not as a wrapper of repeated elements.
  ///
  /// ```swift
  /// static var markupSchema: MappingSchema? { VariantReader.markupSchema(naming: ["type"]) }
  /// ```
  /// - Parameters:
  ///   - names: The discriminator, or the names of the wrapped cases.
  public static func markupSchema(naming names: [String]) -> MappingSchema {
    MappingSchema(fields: names.map { FieldKey.paths([$0]) })
  }
}

extension VariantReader.Form {
  fileprivate var isWrapped: Bool {
    if case .wrapped = self { return true }
    return false
  }
}
