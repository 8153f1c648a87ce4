import ArgumentParser
import Foundry

/// The `--transformer NAME=SPEC` options of the commands that read a model's transformable
/// attributes (`import`, `query`, `export`), and the registry they make.
///
/// ```
/// $ foundry import authors.json --model Library.xcdatamodeld --entity Author --root authors \
///     --transformer ISODay=date:yyyy-MM-dd
/// ```
///
/// The owner checks the bindings in its `validate()` (by calling ``registry()``), so that a bad
/// binding is reported in the same order among the owner's usage errors as before.
struct TransformerOptions: ParsableArguments {
  @Option(
    name: .customLong("transformer"),
    help: ArgumentHelp("Bind a transformer name the model uses to a built-in spec (ISODay=date:yyyy-MM-dd).", valueName: "name=spec")
  )
  var bindings: [TransformerBinding] = []

  /// The built-in transformers plus the bindings, bound in the order given.
  ///
  /// - Throws: A `ValidationError` naming the first binding whose spec does not resolve.
  func registry() throws -> TransformerRegistry {
    var registry = TransformerRegistry.standard
    for binding in bindings { try binding.bind(in: &registry) }
    return registry
  }
}
