import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import Testing

/// Typed key paths and `#Predicate` reaching inside `@Mappable` value attributes.
enum Club {
  @Mappable(keys: .snakeCase)
  struct Profile: Equatable, Sendable {
    var theme: String
    var darkMode: Bool = false
    var tags: [String] = []
    @Key("lvl") var level: Int = 0
  }

  @Entity(identity: ["id"])
  final class Member {
    var id: Int64 = 0
    var name: String = ""
    var profile: Profile?
  }

  static func store(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(try Schema(Member.self)).store
    let context = try store.makeContext()
    for (id, name, profile) in [
      (1, "Ada", Profile(theme: "dark", darkMode: true, tags: ["swift"], level: 3)), (2, "Bo", Profile(theme: "light")), (3, "Cy", nil),
    ] as [(Int64, String, Profile?)] {
      let member = try context.insert(Member.self)
      (member.id, member.name, member.profile) = (id, name, profile)
    }
    try await context.save()
    return store
  }
}

@Suite("Queries inside value attributes by key path")
struct ValueKeyPathQueryTests {
  typealias Member = Club.Member

  static func ids(_ members: [Member]) -> [Int64] { members.map(\.id).sorted() }

  @Test("typed predicates and #Predicate read a @Mappable value's properties under the keys its schema writes", arguments: StoreBackendKind.available)
  func insideValues(_ backend: StoreBackendKind) async throws {
    let store = try await Club.store(backend)
    let context = try store.makeContext()
    _ = try await context.fetch(FetchRequest(entity: "Member"))
    let typed: [(EntityPredicate<Member>, String, [Int64])] = [
      (\.profile?.theme == "dark", #"profile.theme == "dark""#, [1]),
      (\.profile?.darkMode == true, "profile.dark_mode == TRUE", [1]),
    ]
    for (predicate, text, expected) in typed {
      #expect(try QueryPredicate(predicate).text == text)
      #expect(Self.ids(try await context.fetch(Member.self, where: predicate)) == expected, "\(backend): \(text)")
    }
    let foundation: [(Predicate<Member>, String, [Int64])] = [
      (#Predicate { $0.profile?.theme == "light" }, #"profile.theme == "light""#, [2]),
      (#Predicate { $0.profile?.darkMode == false }, "profile.dark_mode == FALSE", [2]),
      (#Predicate { $0.profile == nil }, "profile == NIL", [3]),
      (#Predicate { $0.profile?.tags.contains("swift") ?? false }, #"profile.tags CONTAINS "swift""#, [1]),
    ]
    for (predicate, text, expected) in foundation {
      #expect(try QueryPredicate(predicate).text == text)
      let descriptor = EntityFetchDescriptor(predicate: predicate)
      #expect(Self.ids(try await context.fetch(descriptor)) == expected, "\(backend): \(text)")
      #expect(Self.ids(try context.registeredObjects(matching: descriptor)) == expected, "in memory: \(text)")
    }
  }

  @Test("a property the value's schema keeps under another key is refused, not guessed")
  func renamedKeys() async throws {
    let context = try await Club.store(.sqlite).makeContext()
    await #expect(throws: StoreError.self) { _ = try await context.fetch(Member.self, where: \.profile?.level > 1) }
    let error = await #expect(throws: StoreError.self) { _ = try await context.fetch(EntityFetchDescriptor<Member>(predicate: #Predicate { $0.profile?.level ?? 0 > 1 })) }
    #expect(error?.message.contains("#Predicate") == true)
  }
}
