import Foundation
import Foundry
import FoundryJSON
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

/// Each body runs on every backend available (``StoreBackendKind/available``).
@Suite("Object contexts: save, fetch, faults, rollback")
struct ObjectContextTests {
  @Test("every attribute type survives a save and a reopened store, exactly", arguments: StoreBackendKind.available)
  func attributeTypes(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    let store = made.store
    let context = try store.makeContext()
    let value = try context.insert("Value")
    let date = Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7)
    let uuid = UUID()
    value.id = 1
    value.short = .integer(Int64(Int16.min))
    value.medium = .integer(Int64(Int32.max))
    value.long = .integer(Int64.max)
    value.double = .double(0.1 + 0.2)
    value.float = .float(1.1)
    value.decimal = .decimal(Decimal(string: "12345678901234567890.0123456789")!)
    value.flag = true
    value.date = .date(date)
    value.data = .data(Data([0, 255, 1, 0]))
    value.uuid = .uuid(uuid)
    value.url = .url(URL(string: "https://example.com/a?b=c#d")!)
    value.json = .json(.object(["a": .array([.number(JSONNumber(1)), .null, .string("x")])]))
    value.text = "Robert'); DROP TABLE \"Value\";--"
    try await context.save()

    let reopened = try await made.reopen()
    let loaded = try #require(try reopened.makeContext().object(of: "Value", identity: 1))
    for attribute in Library.schema["Value"]!.attributes {
      #expect(try loaded.value(forKey: attribute.name) == value.value(forKey: attribute.name), "\(attribute.name)")
    }
  }

  @Test("a typed value is JSON text in the store and reads back typed", arguments: StoreBackendKind.available)
  func typedValue(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    let author = try context.insert("Author")
    author.id = 1
    author.name = "Ada"
    try author.setValue(Settings(theme: "dark", tags: ["swift"]), forKey: "settings")
    try await context.save()
    let other = try store.makeContext()
    let loaded = try #require(try other.object(of: "Author", identity: 1))
    #expect(try loaded.value(Settings.self, forKey: "settings") == Settings(theme: "dark", tags: ["swift"]))
  }

  @Test("one row is one object per context, and relationships load on first access", arguments: StoreBackendKind.available)
  func identityMapAndFaults(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let authors = try await context.fetch(FetchRequest(entity: "Author"))
    #expect(authors.compactMap(\.name) == ["William Shakespeare", "Mark Twain"])
    let william = authors[0]
    #expect(try context.object(of: "Author", identity: 101) === william)
    #expect(william.isFault(forKey: "books"))
    let books = try william.related(forKey: "books")
    #expect(books.compactMap(\.title) == ["The Tempest", "Hamlet"])
    #expect(try books[0].relatedObject(forKey: "author") === william)
    #expect(try books[0].related(forKey: "tags").compactMap { $0.label?.description }.sorted() == ["\"drama\"", "\"fantasy\""])
    #expect(try books[0].relatedObject(forKey: "publisher")?.id == 7)
    #expect(try books[0].relatedObject(forKey: "publisher")?.related(forKey: "books").count == 2)
    #expect(!context.hasChanges)
  }

  @Test("fetched objects are found by identity, also after one's identity changed or it was deleted", arguments: StoreBackendKind.available)
  func fetchedIdentities(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let authors = try await context.fetch(FetchRequest(entity: "Author"))
    let william = try #require(authors.first { $0.id == 101 })
    let mark = try #require(authors.first { $0.id == 106 })
    try william.setValue(.integer(999), forKey: "id")
    #expect(try context.object(of: "Author", identity: 999) === william)
    context.rollback()
    try context.delete(mark)
    #expect(try context.object(of: "Author", identity: 101) === william)
    #expect(try context.object(of: "Author", identity: 106) == nil)
    let inserted = try context.insert("Author")
    try inserted.setValue(.integer(106), forKey: "id")
    #expect(try context.object(of: "Author", identity: 106) === inserted)
  }

  @Test("linking to a many-sided relationship left in the store does not load its members, and saves, reads and rolls back right", arguments: StoreBackendKind.available)
  func deferredLinks(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    /// A new book in `context`, tagged with the stored tag "drama" (loaded, its books a fault).
    func tagNewBook(_ id: Int64, _ title: String, in context: ObjectContext) throws -> ManagedObject {
      let drama = try #require(try context.object(of: "Tag", identity: "drama"))
      let book = try context.insert("Book")
      book.id = .integer(id)
      book.title = .string(title)
      try book.add(drama, forKey: "tags")
      return drama
    }
    func titles(_ tag: ManagedObject) throws -> [String] { try tag.related(forKey: "books").compactMap { $0.title?.description }.sorted() }

    let context = try store.makeContext()
    let drama = try tagNewBook(4001, "Macbeth", in: context)
    #expect(drama.isFault(forKey: "books"))
    #expect(drama.hasChanges)
    context.rollback()
    #expect(try titles(drama) == ["\"Hamlet\"", "\"The Tempest\""])

    let other = try store.makeContext()
    let tag = try tagNewBook(4001, "Macbeth", in: other)
    try await other.save()
    #expect(tag.isFault(forKey: "books"))
    #expect(try titles(tag) == ["\"Hamlet\"", "\"Macbeth\"", "\"The Tempest\""])
    let third = try store.makeContext()
    let reread = try tagNewBook(4002, "King Lear", in: third)
    // Reading the partial relationship loads the stored members and keeps the new link.
    #expect(try titles(reread) == ["\"Hamlet\"", "\"King Lear\"", "\"Macbeth\"", "\"The Tempest\""])
    try await third.save()
    let fresh = try store.makeContext()
    #expect(try fresh.object(of: "Tag", identity: "drama")?.related(forKey: "books").count == 4)
  }

  @Test("only real changes are written: an equal value is no change", arguments: StoreBackendKind.available)
  func onlyRealChanges(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let author = try #require(try context.object(of: "Author", identity: 106))
    author.name = "Mark Twain"
    author.rating = 5
    #expect(!context.hasChanges)
    #expect(try await context.save().isEmpty)
    author.rating = 4
    let saved = try await context.save()
    #expect(saved.updated == [try #require(author.persistentID)])
    #expect(saved.inserted.isEmpty && saved.deleted.isEmpty)
    let fresh = try store.makeContext()
    #expect(try fresh.object(of: "Author", identity: 106)?.rating == 4)
  }

  @Test("ordered relationships keep their order, reordered or not", arguments: StoreBackendKind.available)
  func orderedRelationships(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let author = try #require(try context.object(of: "Author", identity: 101))
    let books = try author.related(forKey: "books")
    let extra = try context.insert("Book")
    extra.id = 3003
    extra.title = "Macbeth"
    try author.setRelated([extra, books[1], books[0]], forKey: "books")
    try await context.save()
    let fresh = try store.makeContext()
    let reloaded = try #require(try fresh.object(of: "Author", identity: 101))
    #expect(try reloaded.related(forKey: "books").compactMap(\.title) == ["Macbeth", "Hamlet", "The Tempest"])
  }

  @Test("links of every kind are saved and read back: one-to-one, many-to-many, one-way", arguments: StoreBackendKind.available)
  func linkKinds(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    let author = try context.insert("Author")
    author.id = 1
    author.name = "Ada"
    let portrait = try context.insert("Portrait")
    portrait.id = 9
    try author.setRelated(portrait, forKey: "portrait")
    let first = try context.insert("Book")
    first.id = 1
    first.title = "Notes"
    let second = try context.insert("Book")
    second.id = 2
    second.title = "Letters"
    try first.add(second, forKey: "related")
    let tag = try context.insert("Tag")
    tag.label = "math"
    try tag.setRelated([first, second], forKey: "books")
    try await context.save()

    let fresh = try store.makeContext()
    let loadedPortrait = try #require(try fresh.object(of: "Portrait", identity: 9))
    #expect(try loadedPortrait.relatedObject(forKey: "author")?.name == "Ada")
    let notes = try #require(try fresh.object(of: "Book", identity: 1))
    #expect(try notes.related(forKey: "related").compactMap(\.title) == ["Letters"])
    #expect(try notes.related(forKey: "tags").compactMap(\.label) == ["math"])
    let loadedTag = try #require(try fresh.object(of: "Tag", identity: "math"))
    #expect(try loadedTag.related(forKey: "books").count == 2)
    try loadedTag.remove(notes, forKey: "books")
    try await fresh.save()
    let third = try store.makeContext()
    #expect(try third.object(of: "Book", identity: 1)?.related(forKey: "tags").isEmpty == true)
  }

  @Test("delete rules hold in the store: cascade, nullify and deny", arguments: StoreBackendKind.available)
  func deleteRules(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let publisher = try #require(try context.object(of: "Publisher", identity: 7))
    #expect(throws: GraphError.self) { try context.delete(publisher) }
    let william = try #require(try context.object(of: "Author", identity: 101))
    try context.delete(william)
    let saved = try await context.save()
    #expect(saved.deleted.count == 3)  // the author and the two books (cascade)
    let fresh = try store.makeContext()
    #expect(try await fresh.count(FetchRequest(entity: "Book")) == 1)
    #expect(try fresh.object(of: "Publisher", identity: 7)?.related(forKey: "books").isEmpty == true)
    #expect(try fresh.object(of: "Tag", identity: "fantasy")?.related(forKey: "books").isEmpty == true)
  }

  @Test("fetching a parent entity returns its subentities' objects; sort, limit and offset", arguments: StoreBackendKind.available)
  func inheritanceAndSorting(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    for (id, kind, title) in [(1, "Film", "Vertigo"), (2, "Album", "Abbey Road"), (3, "Film", "Alien")] {
      let media = try context.insert(kind)
      media.id = .integer(Int64(id))
      media.title = .string(title)
    }
    try await context.save()
    let fresh = try store.makeContext()
    var request = FetchRequest(entity: "Media")
    request.sortBy = [SortKey("title")]
    let all = try await fresh.fetch(request)
    #expect(all.compactMap(\.title) == ["Abbey Road", "Alien", "Vertigo"])
    #expect(all.map(\.entity.name) == ["Album", "Film", "Film"])
    #expect(try await fresh.fetch(FetchRequest(entity: "Film")).count == 2)
    request.limit = 1
    request.offset = 1
    #expect(try await fresh.fetch(request).compactMap(\.title) == ["Alien"])
    #expect(try await fresh.count(FetchRequest(entity: "Album")) == 1)
  }

  @Test("prefetching loads a relationship of every fetched object at once", arguments: StoreBackendKind.available)
  func prefetch(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    var request = FetchRequest(entity: "Book")
    request.prefetch = ["author", "tags", "publisher"]
    let books = try await context.fetch(request)
    #expect(books.allSatisfy { !$0.isFault(forKey: "author") && !$0.isFault(forKey: "tags") && !$0.isFault(forKey: "publisher") })
    #expect(try books.map { try $0.relatedObject(forKey: "publisher")?.id } == [7, 7, nil])
    #expect(try books.map { try $0.relatedObject(forKey: "author")?.id } == [101, 101, 106])
    #expect(try books[0].related(forKey: "tags").count == 2)
  }

  @Test("a prefetch with a predicate, a sort and a limit links the objects that the fetch returns", arguments: StoreBackendKind.available)
  func prefetchLimited(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    var request = try FetchRequest(entity: "Book", where: "id >= 3002")
    request.sortBy = [SortKey("id", ascending: false)]
    request.limit = 1
    request.prefetch = ["publisher"]
    let books = try await context.fetch(request)
    #expect(books.map(\.id) == [3501])
    #expect(!books[0].isFault(forKey: "publisher"))
    #expect(try books[0].relatedObject(forKey: "publisher") == nil)
    request.sortBy = [SortKey("id")]
    let first = try await context.fetch(request)
    #expect(first.map(\.id) == [3002])
    #expect(!first[0].isFault(forKey: "publisher"))
    #expect(try first[0].relatedObject(forKey: "publisher")?.id == 7)
  }

  @Test("rollback forgets every change since the last save", arguments: StoreBackendKind.available)
  func rollback(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let author = try #require(try context.object(of: "Author", identity: 106))
    author.name = "Samuel Clemens"
    _ = try context.insert("Tag")
    try context.delete(try #require(try context.object(of: "Book", identity: 3001)))
    context.rollback()
    #expect(!context.hasChanges)
    #expect(author.name == "Mark Twain")
    #expect(try await context.save().isEmpty)
  }

  @Test("an invalid graph is refused with every broken rule, and nothing is written", arguments: StoreBackendKind.available)
  func validation(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    _ = try context.insert("Author")
    let book = try context.insert("Book")
    book.id = 1
    let error = await #expect(throws: StoreError.self) { try await context.save() }
    #expect(error?.code == .validation)
    #expect(
      error?.details.sorted() == [
        "Author.id: required attribute has no value", "Author.name: required attribute has no value", "Book.title: required attribute has no value (Book 1)",
      ])
    #expect(try await store.makeContext().count(FetchRequest(entity: "Book")) == 0)
  }

  @Test("two contexts changing the same object: the second save is a conflict naming it", arguments: StoreBackendKind.available)
  func conflicts(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let first = try store.makeContext()
    let second = try store.makeContext()
    let mine = try #require(try first.object(of: "Author", identity: 106))
    let theirs = try #require(try second.object(of: "Author", identity: 106))
    mine.name = "Samuel"
    theirs.rating = 1
    try await first.save()
    let error = await #expect(throws: StoreError.self) { try await second.save() }
    #expect(error?.code == .conflict)
    #expect(error?.message == "Author #2 was changed or deleted in the store since this context read it (rating)")
    #expect(second.hasChanges)
    #expect(try store.makeContext().object(of: "Author", identity: 106)?.rating == 5)
  }

  /// A store of six tags ("tag 0" … "tag 5"), a context that fetched them all, and the tag
  /// labelled `label` relabelled "theirs" by another context since.
  static func tagsChangedUnderneath(_ backend: StoreBackendKind, theirs label: String) async throws -> (Store, ObjectContext, [ManagedObject]) {
    let store = try await backend.makeStore().store
    let setup = try store.makeContext()
    for number in 0..<6 { try setup.insert("Tag").label = .string("tag \(number)") }
    try await setup.save()
    let first = try store.makeContext()
    let second = try store.makeContext()
    let mine = try await first.fetch(FetchRequest(entity: "Tag"))
    let theirs = try #require(try second.object(of: "Tag", identity: .string(label)))
    theirs.label = "theirs"
    try await second.save()
    return (store, first, mine)
  }

  @Test(
    "a save of many updates, sent as one statement, is a conflict naming the first object another context changed; nothing of it is saved", arguments: StoreBackendKind.available)
  func conflictAmongJoinedUpdates(_ backend: StoreBackendKind) async throws {
    let (store, first, mine) = try await Self.tagsChangedUnderneath(backend, theirs: "tag 4")
    for tag in mine { if case .string(let label)? = tag.label { tag.label = .string("mine " + label) } }
    let error = await #expect(throws: StoreError.self) { try await first.save() }
    #expect(error?.code == .conflict)
    #expect(
      error?.message == "\(try #require(mine.first { $0.label == .string("mine tag 4") }?.persistentID)) was changed or deleted in the store since this context read it (label)")
    let labels = try await store.makeContext().fetch(FetchRequest(entity: "Tag")).compactMap(\.label)
    #expect(Set(labels) == ["tag 0", "tag 1", "tag 2", "tag 3", "theirs", "tag 5"])
  }

  @Test(
    "a save of many deletes is a conflict naming the object another context changed; nothing of it is saved, and read again they go through",
    arguments: StoreBackendKind.available)
  func conflictAmongDeletes(_ backend: StoreBackendKind) async throws {
    let (store, first, mine) = try await Self.tagsChangedUnderneath(backend, theirs: "tag 3")
    for tag in mine { try first.delete(tag) }
    let error = await #expect(throws: StoreError.self) { try await first.save() }
    #expect(error?.code == .conflict)
    #expect(error?.message == "\(try #require(mine.first { $0.label == .string("tag 3") }?.persistentID)) was changed or deleted in the store since this context read it")
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 6)
    // Read again, the same deletes go through together.
    let again = try store.makeContext()
    for tag in try await again.fetch(FetchRequest(entity: "Tag")) { try again.delete(tag) }
    #expect(try await again.save().deleted.count == 6)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 0)
  }

  @Test("a save of many deletes, one of a row another context deleted first, is a conflict naming it; nothing of it is saved", arguments: StoreBackendKind.available)
  func conflictAmongDeletesOfADeletedRow(_ backend: StoreBackendKind) async throws {
    let (store, first, mine) = try await Self.tagsChangedUnderneath(backend, theirs: "tag 1")
    let other = try store.makeContext()
    try other.delete(try #require(try other.object(of: "Tag", identity: "tag 2")))
    try await other.save()
    // Their tag 1 is changed and their tag 2 deleted: the first of the save's rows is named.
    for tag in mine.reversed() { try first.delete(tag) }
    let error = await #expect(throws: StoreError.self) { try await first.save() }
    #expect(error?.code == .conflict)
    #expect(error?.message == "\(try #require(mine.first { $0.label == .string("tag 2") }?.persistentID)) was changed or deleted in the store since this context read it")
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 5)
  }

  @Test("the store refuses a duplicate identity, and the failed save changes nothing", arguments: StoreBackendKind.available)
  func duplicateIdentity(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let first = try store.makeContext()
    let second = try store.makeContext()
    for context in [first, second] {
      let tag = try context.insert("Tag")
      tag.label = "same"
    }
    try await first.save()
    let error = await #expect(throws: StoreError.self) { try await second.save() }
    #expect(error?.code == .constraint)
    #expect(error?.message == backend.duplicateTagMessage)
    #expect(second.hasChanges)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 1)
  }
}

@Suite("Fetching in batches")
struct BatchTests {
  @Test("every object comes once, a batch at a time, each in its own context that can save", arguments: [[String](), ["name"]])
  func batches(sortBy: [String]) async throws {
    let store = try Store(inMemoryWith: Library.schema)
    let context = try store.makeContext()
    for id in 1...2_500 {
      let tag = try context.insert("Tag")
      tag.label = .string(String(format: "tag %05d", 2_501 - id))
    }
    try await context.save()
    var request = FetchRequest(entity: "Tag")
    request.sortBy = sortBy.map { _ in SortKey("label") }
    var sizes: [Int] = []
    var labels: [String] = []
    // The contexts themselves, not their identifiers: a context freed after its batch may
    // leave its address to the next one.
    var contexts: [ObjectContext] = []
    try await store.forEachBatch(of: request, size: 1_000) { batch, tags in
      sizes.append(tags.count)
      labels += tags.compactMap { $0.label?.base as? String }
      contexts.append(batch)
      tags.first?.label = .string("renamed \(sizes.count)")
      try await batch.save()
    }
    #expect(sizes == [1_000, 1_000, 500])
    #expect(Set(labels).count == 2_500)
    #expect(Set(contexts.map(ObjectIdentifier.init)).count == 3)
    if !sortBy.isEmpty { #expect(labels == labels.sorted()) }
    #expect(try await store.makeContext().count(try FetchRequest(entity: "Tag", where: "label BEGINSWITH 'renamed'")) == 3)

    request.limit = 1_500
    request.offset = 200
    var limited = 0
    try await store.forEachBatch(of: request, size: 1_000) { _, tags in limited += tags.count }
    #expect(limited == 1_500)
  }
}
