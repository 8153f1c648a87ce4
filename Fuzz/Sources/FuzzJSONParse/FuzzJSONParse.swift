import FoundryJSON
import FuzzSupport

@_cdecl("FuzzJSONParse_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzJSONParse(data, count) }
}

/// JSON parsing, strict and lenient, whole and streamed: any input gives a document or a
/// `JSONParsingError`, and the streaming scanner agrees with the whole-document parser on
/// which top-level arrays are well-formed and how many elements they hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParse(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = fuzzBytes(data, count)
  for options in [JSONParsingOptions(), .lenient] {
    let document = try? JSONDocument(bytes: bytes, options: options)
    if let document {
      // Decode every string and number the tape only delimited.
      _ = document.value
    }
    let streamed = streamedElementCount(bytes, options: options)
    if let document, document.root.kind == .array {
      fuzzCheck(streamed == document.root.count, "streamed \(String(describing: streamed)) elements, parsed \(document.root.count)")
    } else {
      fuzzCheck(streamed == nil, "streaming accepted input the parser rejects (or whose root is no array)")
    }
  }
  return 0
}

/// The elements of the top-level array, fed to the scanner in chunks; `nil` on an error.
private func streamedElementCount(_ bytes: [UInt8], options: JSONParsingOptions) -> Int? {
  var scanner = JSONElementScanner(layout: .array(), options: options)
  // The chunk size comes from the input, so chunk boundaries fall everywhere over the corpus.
  return fuzzStreamedCount(
    bytes, chunkSize: Int(bytes.first ?? 7) % 61, into: &scanner,
    append: { $0.append($1) }, next: { try $0.next() != nil }, finish: { $0.finish() })
}
