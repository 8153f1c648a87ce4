import FoundryJSON
import FuzzSupport

@_cdecl("FuzzJSONRoundTrip_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzJSONRoundTrip(data, count) }
}

/// parse → write → parse gives the same document, compact and pretty, from the tape and from
/// the value tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRoundTrip(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = fuzzBytes(data, count)
  guard let document = try? JSONDocument(bytes: bytes, options: .lenient) else { return 0 }
  let value = document.value
  for options in [JSONWritingOptions(), .pretty] {
    for written in [document.root.makeJSON(options: options), value.makeJSON(options: options)] {
      let reparsed: JSONDocument
      do {
        reparsed = try JSONDocument(bytes: written)
      } catch {
        fatalError("written JSON does not parse: \(error)\n\(String(decoding: written, as: UTF8.self))")
      }
      fuzzCheck(reparsed.value == value, "parse → write → parse changed the document:\n\(String(decoding: written, as: UTF8.self))")
    }
  }
  return 0
}
