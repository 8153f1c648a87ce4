import Foundation
import FoundryGraph
import Testing

extension GenBook {
  /// A computed property: no attribute, so no key path of the entity.
  var shoutedTitle: String { title.uppercased() }
}

@Suite("@Entity key paths")
struct EntityKeyPathTests {
  @Test("@Entity lists the stored properties, a subclass its own then its superclass's")
  func lists() {
    #expect(
      GenBook.propertyKeyPaths.map(\.name) == [
        "id", "title", "extension", "price", "rating", "pages", "isAvailable", "uuid", "cover", "homepage", "author", "tags",
      ])
    #expect(GenPoet.propertyKeyPaths.map(\.name) == ["meter", "id", "name", "born", "profile", "books"])
    #expect(GenAuthor.propertyKeyPaths.map(\.name) == ["id", "name", "born", "profile", "books"])
  }

  @Test("key paths read as names, through to-one relationships and to a to-many count")
  func resolves() {
    #expect(GenBook.propertyPath(of: \GenBook.title) == PropertyPath(names: ["title"], end: .attribute))
    #expect(GenBook.propertyPath(of: \GenBook.`extension`) == PropertyPath(names: ["extension"], end: .attribute))
    #expect(GenBook.propertyPath(of: \GenBook.author) == PropertyPath(names: ["author"], end: .toOne))
    #expect(GenBook.propertyPath(of: \GenBook.tags) == PropertyPath(names: ["tags"], end: .toMany))
    #expect(GenBook.propertyPath(of: \GenBook.tags.count) == PropertyPath(names: ["tags"], end: .count))
    #expect(GenBook.propertyPath(of: \GenBook.author?.name) == PropertyPath(names: ["author", "name"], end: .attribute))
    #expect(GenBook.propertyPath(of: \GenBook.author?.born) == PropertyPath(names: ["author", "born"], end: .attribute))
    #expect(GenBook.propertyPath(of: \GenBook.author?.books) == PropertyPath(names: ["author", "books"], end: .toMany))
    #expect(GenBook.propertyPath(of: \GenBook.author?.books.count) == PropertyPath(names: ["author", "books"], end: .count))
    #expect(GenTag.propertyPath(of: \GenTag.books.count) == PropertyPath(names: ["books"], end: .count))
    #expect(GenPoet.propertyPath(of: \GenPoet.name) == PropertyPath(names: ["name"], end: .attribute))
    #expect(GenPoet.propertyPath(of: \GenPoet.meter) == PropertyPath(names: ["meter"], end: .attribute))
  }

  @Test("computed properties and other key paths read as nothing")
  func unknown() {
    #expect(GenBook.propertyPath(of: \GenBook.shoutedTitle) == nil)
    #expect(GenBook.propertyPath(of: \GenBook.title.count) == nil)
    #expect(GenBook.propertyPath(of: \GenBook.managedObject) == nil)
    #expect(GenAuthor.propertyPath(of: \GenPoet.meter) == nil)
  }
}
