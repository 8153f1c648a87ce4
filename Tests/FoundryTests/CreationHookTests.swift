import Foundation
import Foundry
import Testing

/// A factory's creation hook sees the key of the field a model sits in and can skip it.
enum HookModels {
  @Mappable struct Post: Equatable {
    var title: String
    var draft: Bool = false
  }

  @Mappable struct Blog: Equatable {
    var posts: [Post] = []
    var pinned: Post?
    var featured: Post = HookModels.Post(title: "none")
    var archive: [String: Post] = [:]
  }

  @Mappable struct Strict: Equatable {
    var main: Post
  }

  /// Skips drafts, and records the key of every model it was asked about.
  final class DraftFilter: MappingFactory {
    var asked: [String] = []

    func creation<T: Mappable>(of type: T.Type, forKey key: String?, from value: ValueReader) throws -> MappingCreation<T> {
      asked.append(key ?? "<root>")
      let isDraft = try value.member("draft")?.bool() ?? false
      return isDraft ? .skip : .create
    }
  }
}

@Suite struct CreationHookTests {
  let draft = #"{"title": "D", "draft": true}"#

  @Test func skippedElementsFieldsAndDefaults() throws {
    let json = #"{"posts": [{"title": "A"}, \#(draft), {"title": "B"}], "pinned": \#(draft), "featured": \#(draft), "archive": {"x": \#(draft), "y": {"title": "Y"}}}"#
    let filter = HookModels.DraftFilter()
    let blog = try MappingDecoder().decode(HookModels.Blog.self, from: json, factory: filter)
    #expect(blog.posts.map(\.title) == ["A", "B"])
    #expect(blog.pinned == nil)
    #expect(blog.featured.title == "none")
    #expect(blog.archive.keys.sorted() == ["y"])
    #expect(filter.asked == ["<root>", "posts", "posts", "posts", "pinned", "featured", "archive", "archive"])
  }

  @Test func skippingARequiredFieldFailsAndIsNotReportedWhenAbsorbed() throws {
    let error = #expect(throws: MappingError.self) {
      try MappingDecoder().decode(HookModels.Strict.self, from: #"{"main": \#(draft)}"#, factory: HookModels.DraftFilter())
    }
    #expect(error?.code == .skipped)
    #expect(error?.path.description == "$.main")
    // In an array the element is left out, and lossy mode reports nothing for it.
    let result = MappingDecoder().decodeLossy([HookModels.Strict].self, from: #"[{"main": \#(draft)}, {"main": {"title": "A"}}]"#, factory: HookModels.DraftFilter())
    #expect(result.value == [HookModels.Strict(main: .init(title: "A"))])
    #expect(result.issues.isEmpty)
  }
}
