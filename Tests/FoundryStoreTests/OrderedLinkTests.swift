import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// Many-to-many relationships ordered on both sides: a new owner's links carry the target's
/// position in their insert, every other link gets it by an update; either way both orders
/// read back as saved, whichever side the save lists first.
@Suite("Links ordered on both sides")
struct OrderedLinkTests {
  static let schema = try! Schema {
    Entity("Playlist", identity: ["name"]) {
      Attribute("name", .string)
      Relationship("songs", to: "Song", toMany: true, ordered: true, inverse: "playlists")
    }
    Entity("Song", identity: ["title"]) {
      Attribute("title", .string)
      Relationship("playlists", to: "Playlist", toMany: true, ordered: true, inverse: "songs")
    }
  }

  /// Every playlist's songs and every song's playlists, by name, read in a new context.
  static func orders(_ store: Store) async throws -> [String: [String]] {
    let context = try store.makeContext()
    var orders: [String: [String]] = [:]
    for playlist in try await context.fetch(FetchRequest(entity: "Playlist")) {
      orders[text(playlist, "name")] = try playlist.related(forKey: "songs").map { text($0, "title") }
    }
    for song in try await context.fetch(FetchRequest(entity: "Song")) {
      orders[text(song, "title")] = try song.related(forKey: "playlists").map { text($0, "name") }
    }
    return orders
  }

  /// The text of `object`'s attribute `key` ("?" when it holds none).
  static func text(_ object: ManagedObject, _ key: String) -> String {
    guard case .string(let text)? = try? object.value(forKey: key) else { return "?" }
    return text
  }

  @Test("new objects on both sides, either side inserted first; then a new owner of stored objects", arguments: StoreBackendKind.available, [true, false])
  func bothSidesKeepTheirOrder(kind: StoreBackendKind, songsFirst: Bool) async throws {
    let store = try await kind.makeStore(Self.schema).store
    let context = try store.makeContext()
    // The save lists inserted objects in the order they were made: one side's positions are
    // planned before the other side's links, or after.
    func insertSongs() throws -> [ManagedObject] {
      try ["Ölüdeniz", "b", "c"].map { title in
        let song = try context.insert("Song")
        song.title = .string(title)
        return song
      }
    }
    func insertPlaylists() throws -> (ManagedObject, ManagedObject) {
      let (mix, calm) = (try context.insert("Playlist"), try context.insert("Playlist"))
      (mix.name, calm.name) = (.string("mix"), .string("calm"))
      return (mix, calm)
    }
    let songs: [ManagedObject]
    let (mix, calm): (ManagedObject, ManagedObject)
    if songsFirst {
      songs = try insertSongs()
      (mix, calm) = try insertPlaylists()
    } else {
      (mix, calm) = try insertPlaylists()
      songs = try insertSongs()
    }
    try mix.setRelated([songs[2], songs[0], songs[1]], forKey: "songs")
    try calm.setRelated([songs[0], songs[2]], forKey: "songs")
    // Each song's own order of playlists, not the order the links were made in.
    try songs[0].setRelated([calm, mix], forKey: "playlists")
    try songs[2].setRelated([calm, mix], forKey: "playlists")
    try await context.save()
    let expected = ["mix": ["c", "Ölüdeniz", "b"], "calm": ["Ölüdeniz", "c"], "Ölüdeniz": ["calm", "mix"], "b": ["mix"], "c": ["calm", "mix"]]
    #expect(try await Self.orders(store) == expected)

    // A new playlist of stored songs, put first in one song's list and last in another's:
    // its links are new rows, the stored ones move.
    let later = try store.makeContext()
    var byTitle = FetchRequest(entity: "Song")
    byTitle.sortBy = [SortKey("title")]
    let stored = try await later.fetch(byTitle)  // b, c, Ölüdeniz
    let added = try later.insert("Playlist")
    added.name = .string("new")
    try added.setRelated([stored[1], stored[0]], forKey: "songs")
    var first = try stored[1].related(forKey: "playlists").filter { $0 !== added }
    first.insert(added, at: 0)
    try stored[1].setRelated(first, forKey: "playlists")
    try await later.save()
    var moved = expected
    moved["new"] = ["c", "b"]
    moved["c"] = ["new", "calm", "mix"]
    moved["b"] = ["mix", "new"]
    #expect(try await Self.orders(store) == moved)
  }
}
