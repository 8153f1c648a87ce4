import FoundryXML
import FuzzSupport

@_cdecl("FuzzXMLRoundTrip_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzXMLRoundTrip(data, count) }
}

/// parse → write → parse gives the same document (root, comments and processing instructions
/// around it), written compactly from the tape and from the value tree (pretty output adds text). Entities are
/// written expanded and attribute defaults explicit, so the DOCTYPE is not needed again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLRoundTrip(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = fuzzBytes(data, count)
  let options = XMLParsingOptions.faithful
  guard let tree = try? XMLTree(bytes: bytes, options: options) else { return 0 }
  let value = tree.value
  let writtenFromTape: [UInt8]
  let writtenFromValue: [UInt8]
  do {
    writtenFromTape = try tree.makeXML()
    writtenFromValue = try value.makeXML()
  } catch {
    fatalError("a parsed tree could not be written: \(error)")
  }
  for written in [writtenFromTape, writtenFromValue] {
    let reparsed: XMLDocumentValue
    do {
      reparsed = try XMLTree(bytes: written, options: options).value
    } catch {
      fatalError("written XML does not parse: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    fuzzCheck(
      reparsed.root == value.root && reparsed.prologue == value.prologue && reparsed.epilogue == value.epilogue,
      "parse → write → parse changed the document:\n\(String(decoding: written, as: UTF8.self))")
  }
  return 0
}
