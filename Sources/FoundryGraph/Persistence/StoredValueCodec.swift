import Foundry
import FoundryJSON

/// How a store keeps the values of a transformable or typed-value attribute: as JSON text
/// written by Foundry's own writer (through the attribute's transformer, as an export would),
/// never an opaque archive, so the database's JSON functions can read inside it.
package final class StoredValueCodec {
  private let codec: AttributeCodec

  /// The codec of `attribute` of `entity`; its transformer name is resolved in `registry`.
  /// - Throws: ``GraphError`` `unboundTransformer` for a name the registry does not know.
  package init(_ attribute: Attribute, of entity: String, registry: TransformerRegistry) throws(GraphError) {
    do {
      codec = try AttributeCodec(attribute, of: entity, registry: registry)
    } catch let error as GraphError {
      throw error
    } catch {
      throw GraphError(.unboundTransformer, at: "\(entity).\(attribute.name)", "transformer \"\(attribute.transformerName ?? "")\" is not bound: \(error)")
    }
  }

  /// The value as compact JSON text.
  package func jsonText(_ value: GraphValue) throws -> String {
    try MappingEncoder().encodeToString(AttributeOutput(value: value, codec: codec))
  }

  /// The value JSON text stands for.
  package func value(fromJSON text: String) throws -> GraphValue {
    let decoder = MappingDecoder()
    let node = try decoder.parseJSON(Array(text.utf8), sourceName: nil)
    var result: GraphValue?
    let (_, error) = decoder.run(from: node, sourceName: nil, lossy: false) { result = try codec.read($0) }
    if let error { throw error }
    guard let result else { throw GraphError(.typeMismatch, at: "stored value", "no value in \(text)") }
    return result
  }
}
