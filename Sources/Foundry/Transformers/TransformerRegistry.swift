/// Transformers known by name, for model files, `@Key(..., "name")` and
/// `--transformer NAME=SPEC`.
///
/// A spec is a registered name (`iso8601`) or a factory name and its argument after a colon
/// (`date:yyyy-MM-dd`, `split:,`). ``standard`` knows every built-in transformer.
///
/// ```swift
/// var registry = TransformerRegistry.standard
/// registry.register(Cents(), as: "cents")
/// let day = try registry.transformer(spec: "date:yyyy-MM-dd", as: Date.self)
/// published = try object.decode(at: 0, using: day)
/// ```
///
/// Lookups give an `any MappingTransformer`. Code that knows the field's type turns it into a
/// typed ``AnyMappingTransformer`` with ``transformer(spec:as:)``; code that does not (a model
/// file's attribute) can check ``MappingTransformer/valueType`` first, or open the existential
/// with a generic function.
public struct TransformerRegistry: Sendable {
  /// Makes a transformer from the text after `name:` in a spec, or `nil` when the text is not
  /// a valid argument.
  public typealias Factory = @Sendable (String) -> (any MappingTransformer)?

  private var transformers: [String: any MappingTransformer] = [:]
  private var factories: [String: (argument: String, make: Factory)] = [:]
  /// The specs that names were bound to with ``bind(_:to:)``.
  private var boundSpecs: [String: String] = [:]

  /// An empty registry.
  ///
  /// ```swift
  /// var registry = TransformerRegistry()
  /// registry.register(DateTransformer.iso8601, as: "date")
  /// ```
  public init() {}

  /// Makes `transformer` available under `name`, replacing any earlier one.
  ///
  /// ```swift
  /// registry.register(Cents(), as: "cents")
  /// ```
  /// - Parameters:
  ///   - transformer: The transformer.
  ///   - name: The name specs and model files use.
  public mutating func register(_ transformer: some MappingTransformer, as name: String) {
    transformers[name] = transformer
    boundSpecs[name] = nil
  }

  /// Makes the transformer `spec` names available under `name`, and remembers the spec, so that
  /// a store can record the binding as text and bind it again when it is opened without it.
  ///
  /// ```swift
  /// try registry.bind("ISODay", to: "date:yyyy-MM-dd")
  /// registry.boundSpec(of: "ISODay")   // "date:yyyy-MM-dd"
  /// ```
  /// - Parameters:
  ///   - name: The name model files use (`valueTransformerName`).
  ///   - spec: A spec this registry resolves (``transformer(spec:)``).
  /// - Throws: ``TransformerSpecError`` for a spec this registry does not resolve.
  public mutating func bind(_ name: String, to spec: String) throws {
    let transformer = try transformer(spec: spec)
    transformers[name] = transformer
    // A name bound to another bound name records the spec behind it, which reads alone.
    boundSpecs[name] = boundSpecs[spec] ?? spec
  }

  /// The spec `name` was bound to with ``bind(_:to:)``; `nil` for a name registered as a
  /// transformer value, or not bound.
  ///
  /// ```swift
  /// registry.boundSpec(of: "ISODay")   // "date:yyyy-MM-dd"
  /// ```
  public func boundSpec(of name: String) -> String? { boundSpecs[name] }

  /// This registry, plus every name and factory of `other` it lacks (with the specs they were
  /// bound to): how a store's bindings complete an import's own transformers.
  ///
  /// ```swift
  /// let registry = options.mapping.transformers.adding(store.transformers)
  /// ```
  public func adding(_ other: TransformerRegistry) -> TransformerRegistry {
    var merged = self
    for (name, transformer) in other.transformers where merged.transformers[name] == nil {
      merged.transformers[name] = transformer
      merged.boundSpecs[name] = other.boundSpecs[name]
    }
    for (name, factory) in other.factories where merged.factories[name] == nil { merged.factories[name] = factory }
    return merged
  }

  /// Whether `spec` is a registered name or starts with a factory's name (`date:…`), whatever
  /// its argument: what tells an unbound name apart from a misspelt argument.
  ///
  /// ```swift
  /// TransformerRegistry.standard.knows("date:")        // true (a bad argument, but a known factory)
  /// TransformerRegistry.standard.knows("ColorTransformer")   // false
  /// ```
  public func knows(_ spec: String) -> Bool {
    if transformers[spec] != nil { return true }
    guard let colon = spec.firstIndex(of: ":") else { return false }
    return factories[String(spec[..<colon])] != nil
  }

  /// Makes specs `name:ARGUMENT` build a transformer with `make`.
  ///
  /// ```swift
  /// registry.registerFactory("prefix", argument: "TEXT") { text in
  ///   IdentityTransformer<String>().then { text + $0 } reverse: { String($0.dropFirst(text.count)) }
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The text before the colon.
  ///   - argument: What the argument is, for ``names`` and messages (`FORMAT`).
  ///   - make: Builds the transformer; `nil` rejects the argument.
  public mutating func registerFactory(_ name: String, argument: String = "ARGUMENT", _ make: @escaping Factory) {
    factories[name] = (argument, make)
  }

  /// The transformer registered under `name` (not a factory spec).
  ///
  /// ```swift
  /// TransformerRegistry.standard.transformer(named: "rfc1123")?.valueType   // Date.self
  /// ```
  /// - Parameters:
  ///   - name: The registered name.
  public func transformer(named name: String) -> (any MappingTransformer)? { transformers[name] }

  /// The transformer a spec names: a registered name, or `factory:argument`.
  ///
  /// ```swift
  /// let day = try TransformerRegistry.standard.transformer(spec: "date:yyyy-MM-dd")
  /// ```
  /// - Parameters:
  ///   - spec: A registered name (`iso8601`) or `factory:argument` (`date:yyyy-MM-dd`).
  /// - Throws: ``TransformerSpecError`` for an unknown name or a bad argument.
  public func transformer(spec: String) throws -> any MappingTransformer {
    if let registered = transformers[spec] { return registered }
    if let colon = spec.firstIndex(of: ":"), let factory = factories[String(spec[..<colon])] {
      let argument = String(spec[spec.index(after: colon)...])
      guard let made = factory.make(argument) else {
        throw TransformerSpecError(spec: spec, kind: .badArgument(expected: factory.argument))
      }
      return made
    }
    throw TransformerSpecError(spec: spec, kind: .unknown(known: names))
  }

  /// The transformer a spec names, checked to produce `type`.
  ///
  /// ```swift
  /// let day = try TransformerRegistry.standard.transformer(spec: "date:yyyy-MM-dd", as: Date.self)
  /// ```
  /// - Parameters:
  ///   - spec: A registered name (`iso8601`) or `factory:argument` (`date:yyyy-MM-dd`).
  ///   - type: The value type the transformer must produce.
  /// - Throws: ``TransformerSpecError`` for an unknown spec or another value type.
  public func transformer<T>(spec: String, as type: T.Type) throws -> AnyMappingTransformer<T> {
    let found = try transformer(spec: spec)
    guard let typed = AnyMappingTransformer<T>(found) else {
      throw TransformerSpecError(spec: spec, kind: .wrongType(produces: "\(found.valueType)", expected: "\(T.self)"))
    }
    return typed
  }

  /// The registered names and factory forms (`date:FORMAT`), sorted.
  ///
  /// ```swift
  /// TransformerRegistry.standard.names   // ["base64", "base64url", "bool", "date:FORMAT", ...]
  /// ```
  public var names: [String] {
    (Array(transformers.keys) + factories.map { "\($0.key):\($0.value.argument)" }).sorted()
  }
}
