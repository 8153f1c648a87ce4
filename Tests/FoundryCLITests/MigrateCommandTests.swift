#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FoundryCLI
import Testing

@Suite("foundry migrate")
struct MigrateCommandTests {
  /// The three-version model of the store's migration tests.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("FoundryStoreTests/Fixtures")
  static let shelf = fixtures.appendingPathComponent("Shelf.xcdatamodeld").path

  @Test("the plan a version at a time, a dry run that writes nothing, then the migration")
  func planThenMigrate() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/shelf.sqlite"
    #expect(
      foundry("migrate", "--store", store, "--model", Self.shelf + "/Shelf.xcdatamodel")
        == CommandResult(status: 0, output: "store: \(store) does not exist yet: it is made at Shelf\n", error: ""))
    let plan = """
      store: \(store) is at Shelf
      Shelf -> Shelf 2: + Author.rating, Book.title -> Book.name, + Book.subtitle, + Book.tags, + Tag
      Shelf 2 -> Shelf 3: Author.name -> Author.fullName, - Book.subtitle

      """
    #expect(foundry("migrate", "--store", store, "--model", Self.shelf, "--dry-run") == CommandResult(status: 0, output: plan + "dry run: nothing written\n", error: ""))
    #expect(foundry("migrate", "--store", store, "--model", Self.shelf, "--dry-run").output.hasPrefix("store: \(store) is at Shelf\n"))
    #expect(foundry("migrate", "--store", store, "--model", Self.shelf) == CommandResult(status: 0, output: plan + "migrated to Shelf 3\n", error: ""))
    #expect(
      foundry("migrate", "--store", store, "--model", Self.shelf)
        == CommandResult(status: 0, output: "store: \(store) is at Shelf 3\nnothing to do\n", error: ""))
  }

  @Test("a store of a version the model does not hold, whose step is not lightweight, is refused and left as it was")
  func notLightweight() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/shelf.sqlite"
    _ = foundry("migrate", "--store", store, "--model", Self.fixtures.appendingPathComponent("ShelfRetyped.xcdatamodel").path)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let result = foundry("migrate", "--store", store, "--model", Self.shelf)
    #expect(result.status == 1)
    #expect(result.output.contains("records none of the model's versions"))
    #expect(result.error.contains("not lightweight"), "\(result.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
  }
}
