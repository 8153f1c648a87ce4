import ArgumentParser
import Foundry

/// One `--transformer NAME=SPEC` of `foundry import`: a transformer name a model uses, bound
/// to a built-in transformer spec.
///
/// ```swift
/// let binding = TransformerBinding(argument: "ISODay=date:yyyy-MM-dd")
/// binding?.name   // "ISODay"
/// binding?.spec   // "date:yyyy-MM-dd"
/// var registry = TransformerRegistry.standard
/// try binding?.bind(in: &registry)
/// ```
struct TransformerBinding: ExpressibleByArgument, Sendable, Hashable {
  /// The name the model gives (`valueTransformerName` or `JSONTransformerName`).
  let name: String
  /// What it stands for: a registered name (`iso8601`) or `factory:argument` (`date:yyyy-MM-dd`).
  let spec: String

  /// Splits `NAME=SPEC` at the first `=`; `nil` when either side is empty.
  init?(argument: String) {
    guard let equals = argument.firstIndex(of: "=") else { return nil }
    name = String(argument[..<equals])
    spec = String(argument[argument.index(after: equals)...])
    guard !name.isEmpty, !spec.isEmpty else { return nil }
  }

  /// Registers the transformer ``spec`` names under ``name``. Specs resolve in `registry`, so a
  /// binding may name a transformer an earlier binding registered.
  ///
  /// - Throws: A `ValidationError` naming the option and listing the known specs.
  func bind(in registry: inout TransformerRegistry) throws {
    do {
      try registry.bind(name, to: spec)
    } catch {
      let known = registry.names.joined(separator: ", ")
      let reason = "\(error)"
      // An unknown spec's message already lists them; a bad argument's does not.
      let listed = reason.contains(known) ? reason : "\(reason) (known: \(known))"
      throw ValidationError("--transformer \(name)=\(spec): \(listed)")
    }
  }
}
