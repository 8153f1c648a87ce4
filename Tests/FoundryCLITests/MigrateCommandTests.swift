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

  @Test("--versions orders versions not named as Xcode names them, and refuses names the model lacks")
  func namedVersions() throws {
    let directory = try TemporaryDirectory()
    // The Shelf model with its versions renamed: in name order "one", "three", "two".
    let bundle = directory.path + "/Renamed.xcdatamodeld"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    for (old, new) in [("Shelf", "Shelf-one"), ("Shelf 2", "Shelf-two"), ("Shelf 3", "Shelf-three")] {
      try FileManager.default.copyItem(atPath: Self.shelf + "/\(old).xcdatamodel", toPath: bundle + "/\(new).xcdatamodel")
    }
    let current = try String(contentsOfFile: Self.shelf + "/.xccurrentversion", encoding: .utf8)
    try current.split(separator: "Shelf 3", omittingEmptySubsequences: false).joined(separator: "Shelf-three")
      .write(toFile: bundle + "/.xccurrentversion", atomically: true, encoding: .utf8)
    let store = directory.path + "/shelf.sqlite"
    _ = foundry("migrate", "--store", store, "--model", bundle + "/Shelf-one.xcdatamodel")
    let order = "Shelf-one, Shelf-two,Shelf-three"
    let plan = """
      store: \(store) is at Shelf-one
      Shelf-one -> Shelf-two: + Author.rating, Book.title -> Book.name, + Book.subtitle, + Book.tags, + Tag
      Shelf-two -> Shelf-three: Author.name -> Author.fullName, - Book.subtitle

      """
    #expect(foundry("migrate", "--store", store, "--model", bundle, "--versions", order, "--dry-run").output == plan + "dry run: nothing written\n")
    #expect(foundry("migrate", "--store", store, "--model", bundle, "--versions", order) == CommandResult(status: 0, output: plan + "migrated to Shelf-three\n", error: ""))

    let unknown = foundry("migrate", "--store", store, "--model", bundle, "--versions", "Shelf-one,Shelf-four")
    #expect(unknown.status == 1)
    #expect(unknown.error.contains("the model has no version 'Shelf-four' (its versions: Shelf-one, Shelf-three, Shelf-two)"), "\(unknown.error)")
    #expect(foundry("migrate", "--store", store, "--model", bundle, "--versions", "Shelf-one,Shelf-one").error.contains("names a version twice"))
    #expect(foundry("migrate", "--store", store, "--model", bundle + "/Shelf-one.xcdatamodel", "--versions", "Shelf-one").error.contains("goes with a .xcdatamodeld"))
  }
}
