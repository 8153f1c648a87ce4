import FoundryCLI
import Testing

/// `foundry import` with models annotated for Sync and MagicalRecord (`Examples/Sync`,
/// `Examples/MagicalRecord`), and the options that bring their behaviour.
@Suite("foundry import: models of other libraries")
struct PeerModelCommandTests {
  static let examples = ImportCommandTests.examples
  static let syncModel = examples + "/Sync/Notes.xcdatamodel"
  static let users = examples + "/Sync/users.json"

  static func importUsers(_ arguments: String...) -> CommandResult {
    foundry(["import"] + arguments + ["--model", syncModel, "--entity", "User"])
  }

  @Test("the README's Sync example: a store import, then the same payload again changes nothing")
  func syncExampleIntoStore() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/notes.sqlite"
    let first = Self.importUsers(Self.users, "--store", store)
    #expect(first.error == "")
    #expect(first.output.contains("imported \(Self.users): 2 User (inserted 7, updated 0, deleted 0)"))
    #expect(first.output.contains("objects: Company 1, Note 2, Tag 2, User 2"))
    let again = Self.importUsers(Self.users, "--store", store)
    #expect(again.output.contains("(inserted 0, updated 0, deleted 0)"))
    let export = foundry("export", "--store", store, "--entity", "User")
    #expect(export.status == 0)
    #expect(export.output.contains(#""first_name": "Shawn""#))
    #expect(export.output.contains(#""description": "Runs the café on Grünerløkka""#))
    #expect(!export.output.contains("token"))
  }

  @Test("--scope all, User[6].notes and where:PREDICATE delete what the payload leaves out; --operations limits the changes")
  func scopesAndOperations() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/notes.sqlite"
    _ = Self.importUsers(Self.users, "--store", store)
    let page = try directory.write(#"[{"id": 6, "first_name": "Shawn M."}, {"id": 9, "first_name": "New"}]"#, to: "page.json")
    let limited = Self.importUsers(page, "--store", store, "--operations", "update", "--scope", "all")
    #expect(limited.output.contains("(inserted 0, updated 1, deleted 0)"), "\(limited)")
    let notes = try directory.write(#"[{"id": 302, "user_id": 6}]"#, to: "notes.json")
    let related = foundry("import", notes, "--model", Self.syncModel, "--entity", "Note", "--store", store, "--scope", "User[6].notes")
    #expect(related.output.contains("deleted 1)"), "\(related)")
    let matching = Self.importUsers(page, "--store", store, "--scope", "where:firstName == 'Ada'")
    // Ada's company loses a user: an update.
    #expect(matching.output.contains("(inserted 1, updated 1, deleted 1)"), "\(matching)")
    let all = Self.importUsers(page, "--store", store, "--scope", "all", "--format", "json")
    #expect(all.status == 0)
    #expect(foundry("query", "--store", store, "--entity", "User", "--format", "json").output.contains(#""first_name": "New""#))
  }

  @Test("--keys snake-case reads and exports snake_case for a model without annotations; --relationships identities")
  func keysAndRelationships() throws {
    let directory = try TemporaryDirectory()
    let model = try directory.write(
      """
      <model><entity name="Post"><attribute name="postID" attributeType="Integer 64"/><attribute name="createdAt" optional="YES" attributeType="Date"/>\
      <relationship name="comments" optional="YES" toMany="YES" destinationEntity="Comment" inverseName="post" inverseEntity="Comment"/>\
      <uniquenessConstraints><uniquenessConstraint><constraint value="postID"/></uniquenessConstraint></uniquenessConstraints></entity>\
      <entity name="Comment"><attribute name="commentID" attributeType="Integer 64"/><relationship name="post" optional="YES" maxCount="1" destinationEntity="Post" inverseName="comments" inverseEntity="Post"/>\
      <uniquenessConstraints><uniquenessConstraint><constraint value="commentID"/></uniquenessConstraint></uniquenessConstraints></entity></model>
      """, to: "contents")
    let payload = try directory.write(#"[{"post_id": 1, "created_at": "2024-05-01T00:00:00Z", "comments": [{"comment_id": 7}, null]}]"#, to: "posts.json")
    let result = foundry(
      "import", payload, "--model", model, "--entity", "Post", "--keys", "snake-case", "--export", "-", "--relationships", "identities")
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains(#""post_id": 1"#))
    #expect(result.output.contains(#""created_at": "2024-05-01T00:00:00Z""#))
    #expect(result.output.contains(#""comments": ["#) && result.output.contains("      7\n"))
    #expect(result.output.contains("objects: Comment 1, Post 1"))
  }

  @Test("--entity-mapper binds a model's entity mapper to a table")
  func entityMapperTable() throws {
    let directory = try TemporaryDirectory()
    let model = try directory.write(
      """
      <model><entity name="Vehicle"><attribute name="id" attributeType="Integer 64"/>\
      <userInfo><entry key="entityMapperName" value="vehicleKind"/><entry key="identityAttributes" value="id"/></userInfo></entity>\
      <entity name="Car" parentEntity="Vehicle"/><entity name="Bicycle" parentEntity="Vehicle"/></model>
      """, to: "contents")
    let payload = try directory.write(#"[{"id": 1, "kind": "car"}, {"id": 2, "kind": "bike"}, {"id": 3, "kind": "cart"}]"#, to: "vehicles.json")
    let unbound = foundry("import", payload, "--model", model, "--entity", "Vehicle")
    #expect(unbound.status == 1)
    let bound = foundry("import", payload, "--model", model, "--entity", "Vehicle", "--entity-mapper", "vehicleKind=kind:car=Car,bike=Bicycle")
    #expect(bound.status == 0, "\(bound)")
    #expect(bound.output.contains("objects: Bicycle 1, Car 1, Vehicle 1"))
  }

  @Test("a Groot payload transformer, app code, is noted and payloads are read as they are")
  func payloadTransformerNote() throws {
    let directory = try TemporaryDirectory()
    let model = try directory.write(
      """
      <model><entity name="Account"><attribute name="id" attributeType="Integer 64"/>\
      <userInfo><entry key="JSONDictionaryTransformerName" value="AccountTransformer"/><entry key="identityAttributes" value="id"/></userInfo></entity></model>
      """, to: "contents")
    let payload = try directory.write(#"[{"id": 1}, {"id": 2}]"#, to: "accounts.json")
    let result = foundry("import", payload, "--model", model, "--entity", "Account")
    #expect(result.status == 0)
    #expect(result.error == "note: Account: payload transformer \"AccountTransformer\" is app code: payloads are read as they are\n")
    #expect(result.output.contains("objects: Account 2"))
  }

  @Test("bad values of the new options are usage errors")
  func usageErrors() {
    #expect(Self.importUsers(Self.users, "--operations", "insert,upsert").status == 64)
    #expect(Self.importUsers(Self.users, "--scope", "User[6]").status == 64)
    #expect(Self.importUsers(Self.users, "--scope", "where:firstName == 'A'").error.contains("--scope where:PREDICATE needs --store"))
    #expect(Self.importUsers(Self.users, "--entity-mapper", "kind").status == 64)
    #expect(Self.importUsers(Self.users, "--relationships", "identities").status == 64)
    #expect(Self.importUsers(Self.users, "--export", "-", "--relationships", "depth:x").status == 64)
  }
}
