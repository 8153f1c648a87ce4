import FoundryTestSupport
import FoundryXML
import Testing

/// The W3C XML Conformance Test Suite through the stream scanner: every applicable case is
/// accepted or rejected as the whole-document parser does, with the same message and place,
/// whether the input comes whole or a byte at a time. Skipped without
/// `$FOUNDRY_CONFORMANCE_DIR`, like ``XMLConformanceTests``.
@Suite("W3C XML Conformance Test Suite through streaming (external)")
struct XMLStreamConformanceTests {
  @Test func suite() throws {
    guard ConformanceSuite.directory != nil else {
      print(ConformanceSuite.skipNotice("W3C XML Conformance Test Suite (streaming)"))
      return
    }
    let catalog = try #require(ConformanceCatalog(), "cannot read \(ConformanceCatalog.folder)/xmlconf.xml")
    var compared = 0
    var differences: [String] = []
    for testCase in catalog.applicableCases() {
      guard let bytes = ConformanceSuite.contents(ConformanceCatalog.folder, testCase.path) else { continue }
      // UTF-16 is refused by design; those cases are read whole.
      if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { continue }
      let whole = Self.wholeError(bytes)
      for (name, cuts) in [("whole", [Int]()), ("bytewise", Array(bytes.indices))] {
        for scanner in [XMLElementScanner(at: "*"), XMLElementScanner.validating(options: .init(), streamOptions: smallBatches, sourceName: nil)] {
          compared += 1
          let streamed = Self.streamError(bytes, scanner: scanner, cuts: cuts)
          if streamed != whole {
            differences.append("\(testCase.id) (\(name)): whole \(whole?.description ?? "accepted"), streamed \(streamed?.description ?? "accepted")")
          }
        }
      }
    }
    print("W3C XML Conformance Test Suite through streaming: \(compared - differences.count) of \(compared) runs agree")
    #expect(differences.isEmpty, "\(differences.count) differ:\n\(differences.prefix(40).joined(separator: "\n"))")
  }

  static func wholeError(_ bytes: [UInt8]) -> XMLErrorPlace? {
    do {
      _ = try XMLTree(bytes: bytes)
      return nil
    } catch let error as XMLParsingError {
      return XMLErrorPlace(error)
    } catch {
      return XMLErrorPlace(message: "\(error)", line: 0, column: 0, offset: 0)
    }
  }

  static func streamError(_ bytes: [UInt8], scanner: XMLElementScanner, cuts: [Int]) -> XMLErrorPlace? {
    var scanner = scanner
    var start = 0
    do {
      for end in cuts.filter({ $0 > 0 && $0 < bytes.count }) + [bytes.count] {
        scanner.append(bytes[start..<end])
        start = end
        while try scanner.next() != nil {}
      }
      scanner.finish()
      while try scanner.next() != nil {}
      return nil
    } catch let error as XMLParsingError {
      return XMLErrorPlace(error)
    } catch {
      return XMLErrorPlace(message: "\(error)", line: 0, column: 0, offset: 0)
    }
  }
}
