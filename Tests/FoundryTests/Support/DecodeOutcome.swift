import Foundry

/// What decoding `input` as `T` gives: the value described by `describe` (then, when `lossy`,
/// the issues), and the error, as text. For tests that read one input two ways and compare.
func decodeOutcome<T: Mappable>(_ type: T.Type, _ input: String, xml: Bool, lossy: Bool, describe: (T) -> [String]) -> (
  values: [String], error: String?
) {
  let decoder = MappingDecoder()
  if lossy {
    let result = xml ? decoder.decodeLossy(T.self, fromXML: input) : decoder.decodeLossy(T.self, from: Array(input.utf8))
    return ((result.value.map(describe) ?? []) + result.issues.map { "\($0)" }, result.error.map { "\($0)" })
  }
  do {
    let value = xml ? try decoder.decode(T.self, fromXML: input) : try decoder.decode(T.self, from: Array(input.utf8))
    return (describe(value), nil)
  } catch {
    return ([], "\(error)")
  }
}
