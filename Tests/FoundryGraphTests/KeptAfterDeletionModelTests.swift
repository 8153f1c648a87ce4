import Foundation
import FoundryGraph
import Testing

@Suite("Attributes kept after deletion, from a model file and from @Entity")
struct KeptAfterDeletionModelTests {
  @Entity(identity: ["id"])
  final class Note {
    var id: Int64 = 0
    @Property(keepsAfterDeletion: true) var remoteID: String = ""
    var text: String?
  }

  @Test("@Property(keepsAfterDeletion: true) marks the attribute")
  func entityOption() throws {
    let note = try #require(try Schema(Note.self)["Note"])
    #expect(note.attributes.map(\.keepsAfterDeletion) == [false, true, false])
  }

  @Test("preserveAfterDeletion=\"YES\" and the keepAfterDeletion user-info key mark an attribute; others are not")
  func marked() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-kept-\(UUID().uuidString).xcdatamodel")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let contents = """
      <model><entity name="Item"><attribute name="id" attributeType="UUID" usesScalarValueType="NO" preserveAfterDeletion="YES"/>\
      <attribute name="remote" optional="YES" attributeType="String"><userInfo><entry key="keepAfterDeletion" value="true"/></userInfo></attribute>\
      <attribute name="title" optional="YES" attributeType="String" preserveAfterDeletion="NO"/></entity></model>
      """
    try Data(contents.utf8).write(to: directory.appendingPathComponent("contents"))
    let item = try #require(try ModelFile(contentsOf: directory).entities.first)
    let kept = Dictionary(uniqueKeysWithValues: item.attributes.map { ($0.name, $0.keepsAfterDeletion) })
    #expect(kept == ["id": true, "remote": true, "title": false])
  }
}
