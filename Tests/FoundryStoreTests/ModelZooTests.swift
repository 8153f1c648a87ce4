import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// Real Core Data models from public apps, read from `FOUNDRY_MODELS_DIR` (set by `.ci/run`
/// to `../shared/models`; never copied into the package): each bundle's every version loads,
/// the current one becomes tables on each backend and takes generated payloads of each entity
/// exactly as an in-memory graph does, and a store made with each older version opens with the
/// current one (migrated) or is refused with the reasons, never changed halfway.
@Suite("Real models from FOUNDRY_MODELS_DIR", .enabled(if: ModelZoo.directory != nil, "FOUNDRY_MODELS_DIR is not set"))
struct ModelZooTests {
  @Test("every version of every model loads", arguments: ModelZoo.models)
  func versionsLoad(model: String) throws {
    let file = try ModelFile(contentsOf: URL(fileURLWithPath: model))
    for version in ModelZoo.versions(of: model) {
      let versionFile = try ModelFile(contentsOf: version)
      _ = try Schema(versionFile)
    }
    #expect(!(try Schema(file)).entities.isEmpty)
  }

  @Test("the current version becomes tables and imports generated payloads as the graph does", arguments: ModelZoo.models)
  func importsAgree(model: String) async throws {
    let schema = try Schema(try ModelFile(contentsOf: URL(fileURLWithPath: model)))
    for kind in StoreBackendKind.available {
      let store = try await kind.makeStore(schema).store
      #expect(!store.tableDefinitions.isEmpty)
      var generator = PayloadGenerator(schema: schema, seed: UInt64(model.utf8.count))
      let graph = ObjectGraph(schema: schema)
      for entity in schema.entities where generator.canGenerate(entity) {
        let payload = Array(generator.objects(of: entity, count: 5).makeJSONString().utf8)
        let differences = try await GraphStoreAgreement.differences(importing: payload, entity: entity, into: store, graph: graph)
        #expect(differences.isEmpty, "\(kind) \(entity.name): \(differences.joined(separator: "\n"))")
      }
    }
  }

  @Test("a store of an older version opens with the current one, or is refused and left as it was", arguments: ModelZoo.models)
  func olderVersionsMigrate(model: String) async throws {
    let current = try Schema(try ModelFile(contentsOf: URL(fileURLWithPath: model)))
    for version in ModelZoo.versions(of: model) {
      let old = try Schema(try ModelFile(contentsOf: version))
      let made = try await StoreBackendKind.sqlite.makeStore(old)
      var generator = PayloadGenerator(schema: old, seed: 7)
      for entity in old.entities where generator.canGenerate(entity) {
        let payload = Array(generator.objects(of: entity, count: 3).makeJSONString().utf8)
        try await made.store.makeContext().importJSON(payload, entity: entity.name)
      }
      let before = try await ModelZoo.counts(made.store)
      do {
        let migrated = try await made.reopen(current)
        let after = try await ModelZoo.counts(migrated)
        for (name, count) in before where current[name] != nil && !(current[name]?.isAbstract ?? true) {
          #expect(after[name] == count, "\(version.lastPathComponent) → current: \(name)")
        }
      } catch let error as StoreError where error.code == .schemaMismatch {
        #expect(!error.details.isEmpty || !error.message.isEmpty)
        #expect(try await ModelZoo.counts(try await made.reopen(old)) == before, "\(version.lastPathComponent): changed though refused")
      }
    }
  }
}

/// Where the model zoo is, and its models.
enum ModelZoo {
  static let directory = ProcessInfo.processInfo.environment["FOUNDRY_MODELS_DIR"].flatMap { $0.isEmpty ? nil : $0 }

  /// Each `.xcdatamodeld` bundle and bare `.xcdatamodel` two levels down (`owner__repo/Model.xcdatamodeld`).
  static let models: [String] = {
    guard let directory else { return [] }
    let manager = FileManager.default
    let owners = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    return owners.flatMap { owner -> [String] in
      let folder = directory + "/" + owner
      let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      return names.filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.map { folder + "/" + $0 }
    }
  }()

  /// The version folders of a bundle (a bare `.xcdatamodel` is its only version).
  static func versions(of model: String) -> [URL] {
    guard model.hasSuffix(".xcdatamodeld") else { return [URL(fileURLWithPath: model)] }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: model)) ?? []).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
    return names.map { URL(fileURLWithPath: model + "/" + $0) }
  }

  /// The stored objects of each concrete entity (not counting subentities).
  static func counts(_ store: Store) async throws -> [String: Int] {
    let context = try store.makeContext()
    var counts: [String: Int] = [:]
    for entity in store.schema.entities where !entity.isAbstract {
      var request = FetchRequest(entity: entity.name)
      request.includesSubentities = false
      counts[entity.name] = try await context.count(request)
    }
    return counts
  }
}
