import Foundation
import Foundry
import FoundryGraph
import FoundrySQLite
import FoundryStore
import FoundryXML
import Testing

/// ``Store/importXML(contentsOf:entity:root:options:transformers:batchSize:dryRun:)``: the JSON
/// batch import's guarantees, for the repeated elements of an XML file.
extension BatchImportTests {
  /// The authors of ``payload(authors:badAt:)`` as XML, one `<author>` per
  /// line (author `n` on line `n + 1`): books repeated as `<books>`, tags as `<tags>`, links
  /// to two earlier books as `<related>`.
  static func xmlPayload(authors: Int, badAt: Int? = nil) -> String {
    let items = (1...authors).map { id in
      let books = (0..<2).map { index in
        let book = id * 10 + index
        let price = id == badAt ? "not a number" : "\(1900 + id)"
        let related = id > 2 ? "<related>\((id - 1) * 10)</related><related>\((id - 2) * 10)</related>" : ""
        return "<books><id>\(book)</id><title>Book \(book)</title><price>\(price)</price>"
          + "<tags>shared</tags><tags>tag \(id % 3)</tags><publisher>7</publisher>\(related)</books>"
      }
      return "  <author><id>\(id)</id><name>Author \(id)</name>\(books.joined())</author>"
    }
    return "<library>\n" + items.joined(separator: "\n") + "\n</library>\n"
  }

  func writeXML(_ payload: String) throws -> URL { try write(payload, pathExtension: "xml") }

  @Test("XML: batches of any size store the same objects, values and links as one import", arguments: StoreBackendKind.available, [1, 3, 1000])
  func xmlSameAsOneImport(backend: StoreBackendKind, batchSize: Int) async throws {
    let store = try await backend.makeStore().store
    let payload = Self.xmlPayload(authors: 10)
    let report = try await store.importXML(contentsOf: try writeXML(payload), entity: "Author", root: "author", batchSize: batchSize)
    #expect(report.elementCount == 10)
    #expect(report.saved.inserted.count == 35)  // 10 authors, 20 books, 4 tags, 1 publisher
    let wholeStore = try Store(inMemoryWith: Library.schema)
    let whole = try await wholeStore.makeContext().importXML(Array(payload.utf8), entity: "Author", root: "author")
    #expect(whole.saved.inserted.count == report.saved.inserted.count)
    #expect(whole.graph.objectCounts == report.graph.objectCounts)
    let snapshot = try await Self.snapshot(of: store)
    #expect(snapshot.count == 35)
    #expect(try await snapshot == Self.snapshot(of: wholeStore))
  }

  @Test("XML: a bad element in the last batch leaves the store as it was, and the error names its place", arguments: StoreBackendKind.available)
  func xmlFailureRollsBack(_ backend: StoreBackendKind) async throws {
    let (good, bad) = (try writeXML(Self.xmlPayload(authors: 2)), try writeXML(Self.xmlPayload(authors: 7, badAt: 7)))
    try await expectRollback(on: backend, path: "$.author[6].books[0].price", location: ".xml:8:") { store in
      try await store.importXML(contentsOf: good, entity: "Author", root: "author")
    } failing: { store in
      try await store.importXML(contentsOf: bad, entity: "Author", root: "author", batchSize: 2)
    }
  }

  @Test("XML: with the wildcard root, an error names the element met and counts it among its namesakes", arguments: StoreBackendKind.available)
  func wildcardRootNamesTheElement(_ backend: StoreBackendKind) async throws {
    // A <writer> first, then three <author>s, the last of them bad: the third author.
    var lines = Self.xmlPayload(authors: 4, badAt: 4).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[1] = lines[1].replacingOccurrences(of: "author>", with: "writer>")
    let bad = try writeXML(lines.joined(separator: "\n"))
    try await expectRollback(on: backend, path: "$.author[2].books[0].price", location: ".xml:5:") { _ in
    } failing: { store in
      try await store.importXML(contentsOf: bad, entity: "Author", root: "*", batchSize: 2)
    }
    var options = GraphImportOptions()
    options.isLossy = true
    let store = try await backend.makeStore().store
    let report = try await store.importXML(contentsOf: bad, entity: "Author", root: "*", options: options, batchSize: 3)
    #expect(report.graph.issues.contains { $0.path.description.hasPrefix("$.author[2].") }, "\(report.graph.issues)")
    #expect(!report.graph.issues.contains { $0.path.description.contains("*") })
  }

  @Test("XML: a dry run lists every change and writes nothing", arguments: StoreBackendKind.available)
  func xmlDryRun(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let report = try await store.importXML(contentsOf: try writeXML(Self.xmlPayload(authors: 4)), entity: "Author", root: "author", batchSize: 2, dryRun: true)
    #expect(report.saved.isEmpty)
    #expect(report.changes.filter { $0.kind == .insert }.count == 17)  // 4 authors, 8 books, 4 tags, 1 publisher
    #expect(try await Self.snapshot(of: store).isEmpty)
  }

  @Test("XML: no element at the path, or a malformed file, is an error and writes nothing")
  func missingElementsAndMalformedFiles() async throws {
    let store = try Store(inMemoryWith: Library.schema)
    let missing = await #expect(throws: StoreError.self) {
      try await store.importXML(contentsOf: try writeXML(Self.xmlPayload(authors: 2)), entity: "Author", root: "writer")
    }
    #expect(missing?.code == .mapping)
    #expect((missing?.underlying as? MappingError)?.path.description == "$.writer")
    let broken = Self.xmlPayload(authors: 3).replacingOccurrences(of: "<name>Author 3</name>", with: "<name>Author 3</nam>")
    let malformed = await #expect(throws: StoreError.self) {
      try await store.importXML(contentsOf: try writeXML(broken), entity: "Author", root: "author", batchSize: 1)
    }
    #expect(malformed?.code == .mapping && malformed?.underlying is XMLParsingError)
    #expect(try await Self.snapshot(of: store).isEmpty)
  }
}
