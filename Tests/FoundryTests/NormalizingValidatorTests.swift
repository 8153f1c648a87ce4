import Foundation
import Foundry
import Testing

/// Validators that replace a value or drop array elements, not only accept or reject.
enum NormalizingModels {
  @Mappable struct Post: Equatable {
    var title: String
    var published: Bool = true
  }

  @Mappable struct Signup: Equatable {
    @Validate(Validator<String>.normalizing("an email address") { $0.contains("@") ? $0.lowercased() : nil })
    var email: String
    @Validate(Validator<String>.normalizing("a nickname") { $0.trimmingCharacters(in: .whitespaces) })
    var nickname: String?
    @Validate(.filter("a published post") { (post: NormalizingModels.Post) in post.published })
    var posts: [NormalizingModels.Post] = []
  }
}

@Suite struct NormalizingValidatorTests {
  typealias Signup = NormalizingModels.Signup

  @Test func normalizingReplacesTheValue() throws {
    let signup = try MappingDecoder().decode(Signup.self, from: #"{"email": "Ada@Example.ORG", "nickname": "  ada "}"#)
    #expect(signup.email == "ada@example.org")
    #expect(signup.nickname == "ada")
    #expect(try MappingDecoder().decode(Signup.self, from: #"{"email": "a@b"}"#).nickname == nil)
  }

  @Test func normalizingRejectsWithThePath() throws {
    let error = #expect(throws: MappingError.self) { try MappingDecoder().decode(Signup.self, from: #"{"email": "nobody"}"#) }
    #expect(error?.code == .validationFailed)
    #expect(error?.path.description == "$.email")
    #expect(error?.message.contains("an email address") == true)
  }

  @Test func filterDropsElementsInStrictModeAndReportsThemWhenLossy() throws {
    let json = #"{"email": "a@b", "posts": [{"title": "A"}, {"title": "B", "published": false}, {"title": "C"}]}"#
    let strict = try MappingDecoder().decode(Signup.self, from: json)
    #expect(strict.posts.map(\.title) == ["A", "C"])
    let lossy = MappingDecoder().decodeLossy(Signup.self, from: json)
    #expect(lossy.value?.posts.map(\.title) == ["A", "C"])
    #expect(lossy.issues.map(\.kind) == [.elementDropped])
    #expect(lossy.issues.first?.path.description == "$.posts[1]")
    #expect(lossy.issues.first?.description.contains("not a published post") == true)
  }
}
