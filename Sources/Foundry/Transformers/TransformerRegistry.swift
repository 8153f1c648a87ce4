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
