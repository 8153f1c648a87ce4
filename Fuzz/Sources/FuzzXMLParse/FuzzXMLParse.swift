import FoundryXML
import FuzzSupport

@_cdecl("FuzzXMLParse_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzXMLParse(data, count) }
}

/// XML parsing with DTDs, with the default and the faithful options, whole and streamed: any
/// input gives a tree or an `XMLParsingError`, and the streaming scanner agrees with the tree
/// parser on which documents are well-formed and how many elements the root holds (except on
/// UTF-16, which streaming refuses by design).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLParse(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = fuzzBytes(data, count)
  var namespaceless = XMLParsingOptions.faithful
  namespaceless.resolvesNamespaces = false
  for options in [XMLParsingOptions(), .faithful, namespaceless] {
    let tree = try? XMLTree(bytes: bytes, options: options)
    if let tree {
      // Decode every name, attribute and text the tape only delimited.
      _ = tree.value
    }
    guard !isUTF16(bytes) else { continue }
    let streamed = streamedElementCount(bytes, options: options)
    if let tree {
      fuzzCheck(streamed == tree.root.elements.count, "streamed \(String(describing: streamed)) elements, parsed \(tree.root.elements.count)")
    } else {
      fuzzCheck(streamed == nil, "streaming accepted input the tree parser rejects")
    }
  }
  return 0
}

/// The root's child elements, fed to the scanner in chunks; `nil` on an error.
private func streamedElementCount(_ bytes: [UInt8], options: XMLParsingOptions) -> Int? {
  var scanner = XMLElementScanner(at: "*", options: options)
  // The chunk size comes from the input, so chunk boundaries fall everywhere over the corpus.
  return fuzzStreamedCount(
    bytes, chunkSize: Int(bytes.last ?? 7) % 61, into: &scanner,
    append: { $0.append($1) }, next: { try $0.next() != nil }, finish: { $0.finish() })
}

/// Whether the input starts as UTF-16 does: a byte order mark, or a zero byte in its first two.
private func isUTF16(_ bytes: [UInt8]) -> Bool {
  guard bytes.count >= 2 else { return false }
  return bytes[0] == 0 || bytes[1] == 0 || (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
}
