import FoundryXML
import PropertyBased
import Testing

/// Random documents (nested elements of a few names, the same name inside itself, namespaces,
/// comments, CDATA, references, and now and then a mistake) streamed in chunks of a random
/// size, with batches of the default size and of a few dozen bytes: the stream hands out the
/// root's children (all, or those of one name) that the whole tree holds, or stops at the error
/// the whole document's parse gives, at the same place, whichever way the scanner cut the bytes.
@Suite("XML streaming: random documents")
struct XMLStreamPropertyTests {
  static let cases = zip(XMLDocumentGenerator.documents, Gen.int(in: 1...48))

  @Test func randomDocumentsStreamAsTheWholeDocumentParses() async {
    var smallBatches = XMLStreamOptions()
    smallBatches.bufferSize = 24
    var verdicts: Set<Bool> = []
    await propertyCheck(count: 1000, input: Self.cases) { document, step in
      let bytes = Array(document.utf8)
      // Every child of the root, or the `a`s among them (an `a` may hold an `a`).
      for path in ["*", "a"] {
        let expected = wholeXMLDocument(bytes, at: path)
        verdicts.insert(expected.error == nil)
        for streamOptions in [XMLStreamOptions(), smallBatches] {
          let cuts = Array(stride(from: step, to: bytes.count, by: step))
          let outcome = streamXML(bytes, at: path, streamOptions: streamOptions, cuts: cuts)
          let context = Comment(rawValue: "'\(path)' in chunks of \(step), buffer \(streamOptions.bufferSize)\n\(document)")
          if expected.error == nil {
            #expect(outcome == expected, context)
          } else {
            #expect(outcome.error == expected.error, context)
          }
        }
      }
    }
    // Both kinds were drawn: documents to hand out and documents to reject.
    #expect(verdicts == [true, false])
  }
}
