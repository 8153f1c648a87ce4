import Foundry
import FoundryJSON
import Testing

/// Reuses users by id and counts the ones it saw created (Motis's will/didCreateObject).
final class UserCache: MappingFactory {
  var byID: [Int: RobustUser] = [:]
  var created: [Int] = []

  func instance<T: Mappable>(of type: T.Type, for value: ValueReader) throws -> T? {
    guard type == RobustUser.self, let id = try value.member("id")?.integer(Int.self) else { return nil }
    return byID[id] as? T
  }

  func didCreate<T: Mappable>(_ object: T, from value: ValueReader) {
    guard let user = object as? RobustUser else { return }
    byID[user.id] = user
    created.append(user.id)
  }
}

@Mappable
final class RobustUser {
  var id: Int
  var name: String
  var friends: [RobustUser] = []

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

@Suite("Mapping runtime: creation hook")
struct MappingFactoryTests {
  @Test func theSameIdentityBecomesTheSameObject() throws {
    let json = #"[{"id": 1, "name": "Ada", "friends": [{"id": 2, "name": "Grace"}]}, {"id": 2, "name": "Grace"}]"#
    let cache = UserCache()
    let users = try MappingDecoder().decode([RobustUser].self, from: json, factory: cache)
    #expect(users.count == 2)
    #expect(users[0].friends[0] === users[1])
    #expect(cache.created == [2, 1])
  }

  @Test func anExistingInstanceIsUsedAcrossCalls() throws {
    let cache = UserCache()
    let first = try MappingDecoder().decode(RobustUser.self, from: #"{"id": 7, "name": "Hedy"}"#, factory: cache)
    let second = try MappingDecoder().decode(RobustUser.self, from: #"{"id": 7, "name": "ignored"}"#, factory: cache)
    #expect(first === second)
    #expect(second.name == "Hedy")
  }
}
