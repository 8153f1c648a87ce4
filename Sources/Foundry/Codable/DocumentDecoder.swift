import FoundryJSON

/// The `Decoder` that reads `Decodable` types straight from a document's tape.
///
/// One instance serves a whole decoding call: nested values push their node on a stack and
/// pop it afterwards, as swift-foundation's `JSONDecoderImpl` does, so only keyed containers
/// allocate (the standard library boxes them). The coding path is a stack of cheap steps,
/// turned into `CodingKey`s only when asked for; error paths are built while unwinding.
///
/// The mutable state skips the runtime exclusivity checks (a tenth of a decode): only this
/// module touches it, in short accesses that never overlap.
final class DocumentDecoder: Decoder {
  // Unchecked exclusivity, here and below: one decoding call owns the decoder (ARCHITECTURE.md, Invariants: "One owner").
  /// The value being decoded.
  @exclusivity(unchecked) private(set) var node: JSONNode
  let context: MappingContext
  let coercion: CoercionMode
  let keyStrategy: CodableKeyStrategy
  let userInfo: [CodingUserInfoKey: Any]
  /// The steps from the first value to ``node``.
  @exclusivity(unchecked) private(set) var steps: [CodingPathStep]
  /// For a `superDecoder()`: the key it was made for, which its top-level containers put in
  /// front of their paths (``steps`` holds it below the top).
  private let rootDepth: Int
  private let rootSteps: [CodingPathStep]

  // Unchecked exclusivity: one owner, as for `node`.
  /// Scratch space for the repeated-key check of each object.
  @exclusivity(unchecked) var fingerprints: [UInt64] = []
  /// Snake-case lookups: the candidate key for each coding key, and converted document keys.
  @exclusivity(unchecked) var snakeCandidates: [String: String?] = [:]
  @exclusivity(unchecked) var camelCasedKeys: [String: String] = [:]
  /// How the types met so far decode (see ``SpecialDecoding``).
  @exclusivity(unchecked) private var kinds: [(type: ObjectIdentifier, kind: SpecialDecoding.Kind)] = []
  @exclusivity(unchecked) private var nextKindSlot = 0
  /// The entry of ``kinds`` found last.
  @exclusivity(unchecked) private var lastKind: (type: ObjectIdentifier, kind: SpecialDecoding.Kind)?

  init(
    node: JSONNode, context: MappingContext, coercion: CoercionMode, steps: [CodingPathStep] = [],
    rootSteps: [CodingPathStep] = [], userInfo: [CodingUserInfoKey: Any] = [:]
  ) {
    self.node = node
    self.context = context
    self.coercion = coercion
    keyStrategy = context.options.codableKeys
    self.steps = steps
    rootDepth = steps.count
    self.rootSteps = rootSteps
    self.userInfo = userInfo
  }

  /// A decoder for `reader`'s value, sharing its decoding call.
  convenience init(reader: ValueReader) {
    self.init(node: reader.node, context: reader.context, coercion: reader.coercion)
  }

  var codingPath: [any CodingKey] { (steps + extraSteps).map(\.codingKey) }

  /// The steps a container made now adds in front of its paths: the `superDecoder()` key at
  /// the top, nothing below.
  private var extraSteps: [CodingPathStep] { steps.count == rootDepth ? rootSteps : [] }

  /// The current value as the mapping runtime reads it: typed accessors with coercions.
  var reader: ValueReader { ValueReader(node: node, context: context, coercion: coercion) }

  func reader(_ node: JSONNode) -> ValueReader { ValueReader(node: node, context: context, coercion: coercion) }

  // MARK: - Containers

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try KeyedDocumentContainer<Key>(decoder: self, object: node, depth: steps.count, extraSteps: extraSteps))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try UnkeyedDocumentContainer(decoder: self, array: node, depth: steps.count, extraSteps: extraSteps)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  // MARK: - Values

  /// Decodes the top-level value (or a field's value for the mapping runtime).
  func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
    do {
      return try decodeCurrent(T.self)
    } catch {
      throw MappingError.converting(error, depth: steps.count, offset: node.byteOffset)
    }
  }

  /// Decodes `child`, the value at `step` below the current one (or below a nested
  /// container's `extraSteps`); errors come back with those steps in front of their path.
  func decode<T: Decodable>(_ type: T.Type, from child: JSONNode, at step: CodingPathStep, extraSteps: [CodingPathStep] = []) throws -> T {
    if SpecialDecoding.isScalar(T.self) {
      do {
        return try SpecialDecoding.scalar(T.self, from: reader(child))
      } catch {
        throw Self.prefixed(MappingError.converting(error, depth: 0, offset: child.byteOffset), step, extraSteps)
      }
    }
    let saved = node
    node = child
    if !extraSteps.isEmpty { steps.append(contentsOf: extraSteps) }
    steps.append(step)
    defer {
      node = saved
      steps.removeLast()
      if !extraSteps.isEmpty { steps.removeLast(extraSteps.count) }
    }
    do {
      return try decodeCurrent(T.self)
    } catch {
      throw Self.prefixed(MappingError.converting(error, depth: steps.count, offset: child.byteOffset), step, extraSteps)
    }
  }

  private static func prefixed(_ error: MappingError, _ step: CodingPathStep, _ extraSteps: [CodingPathStep]) -> MappingError {
    var error = error
    error.prepend(step.component)
    for extra in extraSteps.reversed() { error.prepend(extra.component) }
    return error
  }

  /// Decodes the current value: scalars and the types `JSONDecoder` treats specially by
  /// hand, everything else through the type's own `init(from:)` with this decoder.
  func decodeCurrent<T: Decodable>(_ type: T.Type) throws -> T {
    if SpecialDecoding.isScalar(T.self) { return try SpecialDecoding.scalar(T.self, from: reader) }
    let kind = kind(of: T.self)
    if case .plain = kind { return try T(from: self) }
    return try SpecialDecoding.decode(T.self, kind: kind, from: self)
  }

  /// How `type` decodes, from a small cache: a conformance check costs more than a scan.
  private func kind(of type: Any.Type) -> SpecialDecoding.Kind {
    let id = ObjectIdentifier(type)
    // The elements of an array, and the values of sibling fields, ask for the same type in a row.
    if let last = lastKind, last.type == id { return last.kind }
    for entry in kinds where entry.type == id {
      lastKind = entry
      return entry.kind
    }
    let kind = SpecialDecoding.classify(type)
    if kinds.count < 32 {
      kinds.append((id, kind))
    } else {
      kinds[nextKindSlot] = (id, kind)
      nextKindSlot = (nextKindSlot + 1) % kinds.count
    }
    return kind
  }

  /// A separate decoder for `superDecoder()`: the same call, its own stack.
  func makeSuperDecoder(node: JSONNode, depth: Int, extraSteps: [CodingPathStep]) -> DocumentDecoder {
    DocumentDecoder(
      node: node, context: context, coercion: coercion, steps: Array(steps.prefix(depth)), rootSteps: extraSteps,
      userInfo: userInfo)
  }

  /// The coding path of a container made at `depth` with `extraSteps` of its own.
  func codingPath(depth: Int, extraSteps: [CodingPathStep]) -> [any CodingKey] {
    (steps.prefix(depth) + extraSteps).map(\.codingKey)
  }
}
