import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// The differential property test: random schemas and payloads (``RandomLibrary``), imported
/// into an in-memory graph and into a store on each backend, must give the same objects with
/// the same values and links; importing again changes nothing; a dry run leaves the SQLite
/// file byte for byte as it was; and the store's export imports into a new graph as the same
/// objects. Fixed seeds (1...24) in CI; `FOUNDRY_PROPERTY_RUNS=N` runs seeds 1...N.
@Suite("Differential: graph, SQLite and PostgreSQL agree on random schemas and payloads")
struct DifferentialStoreTests {
  static let seeds: [UInt64] = Array(1...UInt64(ProcessInfo.processInfo.environment["FOUNDRY_PROPERTY_RUNS"].flatMap { UInt64($0) } ?? 24))

  @Test("the same objects everywhere, no change on a second import, dry runs write nothing, exports read back", arguments: seeds)
  func agree(seed: UInt64) async throws {
    try await Self.check(try RandomLibrary(seed: seed), seed: seed)
  }

  @Test("the same under Sync's conventions: snake_case keys, dates in any form, relationships by id", arguments: seeds)
  func agreeUnderSyncConventions(seed: UInt64) async throws {
    try await Self.check(try RandomLibrary(seed: seed, conventions: .sync), seed: seed)
  }

  /// The differential checks of one random library.
  static func check(_ library: RandomLibrary, seed: UInt64) async throws {
    var options = GraphImportOptions()
    options.mapping.transformers = RandomLibrary.transformers
    let graph = ObjectGraph(schema: library.schema)
    try graph.importJSON(library.payload, entity: "Root", options: options)
    let expected = Self.lines(graph.objects, schema: library.schema)
    let context = "seed \(seed): \(String(decoding: library.payload, as: UTF8.self))"

    for kind in StoreBackendKind.available {
      let made = try await kind.makeStore(library.schema, transformers: RandomLibrary.transformers)
      let dryRun = try await made.store.makeContext().importJSON(library.payload, entity: "Root", options: options, dryRun: true)
      #expect(dryRun.changes.filter { $0.kind == .insert }.count == graph.objects.count, "\(kind) \(context)")
      #expect(try await ModelZoo.counts(made.store).values.allSatisfy { $0 == 0 }, "\(kind): the dry run wrote")
      try await made.store.makeContext().importJSON(library.payload, entity: "Root", options: options)
      let stored = try await Self.stored(made.store)
      #expect(stored == expected, "\(kind) \(context)\n\(Self.difference(stored, expected))")

      let again = try await made.store.makeContext().importJSON(library.payload, entity: "Root", options: options)
      #expect(again.saved.inserted.isEmpty && again.saved.updated.isEmpty && again.saved.deleted.isEmpty, "\(kind) again: \(again.saved) \(context)")

      if case .file(let file) = made.location {
        let before = Self.bytes(file.path)
        try await made.store.makeContext().importJSON(library.payload, entity: "Root", options: options, dryRun: true)
        #expect(Self.bytes(file.path) == before, "the dry run changed the store file \(context)")
      }

      let reading = try made.store.makeContext()
      let roots = try await reading.fetch(FetchRequest(entity: "Root"))
      var encoding = EncodingOptions()
      encoding.transformers = RandomLibrary.transformers
      let exported = try reading.graph.exportJSON(roots, options: encoding)
      let copy = ObjectGraph(schema: library.schema)
      try copy.importJSON(exported, entity: "Root", options: options)
      let copied = Self.lines(copy.objects, schema: library.schema)
      #expect(copied == expected, "\(kind) export \(String(decoding: exported, as: UTF8.self))\n\(Self.difference(copied, expected))")
    }
  }

  /// Every object of every concrete entity as a line of its values and links, by entity.
  static func lines(_ objects: [ManagedObject], schema: Schema) -> [String: [String]] {
    var lines: [String: [String]] = [:]
    for entity in schema.entities where !entity.isAbstract {
      lines[entity.name] = GraphStoreAgreement.lines(objects.filter { !$0.isDeleted }, of: entity)
    }
    return lines
  }

  /// Every stored object, read in a new context, as ``lines(_:schema:)``.
  static func stored(_ store: Store) async throws -> [String: [String]] {
    let context = try store.makeContext()
    var objects: [ManagedObject] = []
    for entity in store.schema.entities where !entity.isAbstract {
      var request = FetchRequest(entity: entity.name)
      request.includesSubentities = false
      objects += try await context.fetch(request)
    }
    return lines(objects, schema: store.schema)
  }

  /// The lines of each side that the other lacks.
  static func difference(_ one: [String: [String]], _ other: [String: [String]]) -> String {
    one.keys.sorted().compactMap { key in
      let mine = Set(one[key] ?? []), theirs = Set(other[key] ?? [])
      guard mine != theirs else { return nil }
      return "\(key): only here \(mine.subtracting(theirs).sorted()), only there \(theirs.subtracting(mine).sorted())"
    }.joined(separator: "\n")
  }

  /// The store file and its write-ahead log, as bytes.
  static func bytes(_ path: String) -> [Data?] {
    [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) }
  }
}
