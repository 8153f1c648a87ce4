import Foundry
import Testing

// Copies and equality of class graphs with shared instances and cycles.

enum CycleModels {
  @Mappable
  final class Member: MappedEquatable, MappedCopyable {
    var name: String
    var friends: [Member] = []
    var mentor: Member?

    init(name: String) { self.name = name }
  }

  /// A cycle through a required property on one side, an optional on the other.
  @Mappable
  final class Owner: MappedCopyable {
    var name: String
    var pet: Pet?
    init(name: String) { self.name = name }
  }

  @Mappable
  final class Pet: MappedCopyable {
    var name: String
    var owner: Owner
    init(name: String, owner: Owner) { (self.name, self.owner) = (name, owner) }
  }

  /// A cycle through a `let`: once built, the instance cannot take the reference back.
  @Mappable
  final class Left: MappedCopyable {
    var right: Right?
    var name = "left"
    init() {}
  }

  @Mappable
  final class Right: MappedCopyable {
    let left: Left?
    init(left: Left?) { self.left = left }
  }

  /// Only `name` takes part in equality and copies.
  @Mappable
  final class Tagged: MappedEquatable, MappedCopyable {
    static let mappedKeys: Set<String>? = ["name"]
    var name: String
    var note = ""
    init(name: String, note: String) { (self.name, self.note) = (name, note) }
  }
}

@Suite("Copies and equality with cycles")
struct MappedCycleTests {
  typealias Member = CycleModels.Member

  /// ada ⇄ grace as friends, grace mentored by ada, and ada her own mentor.
  func cycle(_ first: String = "Ada", _ second: String = "Grace") -> (Member, Member) {
    let ada = Member(name: first)
    let grace = Member(name: second)
    ada.friends = [grace]
    grace.friends = [ada]
    grace.mentor = ada
    ada.mentor = ada
    return (ada, grace)
  }

  /// Breaks the strong cycles a test made, so the instances go away.
  func release(_ members: Member...) {
    for member in members {
      member.friends = []
      member.mentor = nil
    }
  }

  @Test func aCopyOfACycleIsTheSameCycleOfNewInstances() throws {
    let (ada, grace) = cycle()
    let copy = try ada.mappedCopy()
    #expect(copy !== ada)
    #expect(copy.name == "Ada" && copy.mentor === copy)
    let graceCopy = try #require(copy.friends.first)
    #expect(graceCopy !== grace && graceCopy.name == "Grace")
    #expect(graceCopy.friends.count == 1 && graceCopy.friends[0] === copy)
    #expect(graceCopy.mentor === copy)
    #expect(copy == ada)
    release(ada, grace, copy, graceCopy)
  }

  @Test func sharedInstancesStayShared() throws {
    let hub = Member(name: "Hub")
    let root = Member(name: "Root")
    root.friends = [hub, hub]
    root.mentor = hub
    let copy = try root.mappedCopy()
    #expect(copy.friends.count == 2)
    #expect(copy.friends[0] === copy.friends[1] && copy.mentor === copy.friends[0])
    #expect(copy.friends[0] !== hub)
  }

  @Test func equalityTerminatesAndIsCorrectOnCycles() throws {
    let (ada, grace) = cycle()
    let (ada2, grace2) = cycle()
    let (other, otherFriend) = cycle("Ada", "Hedy")
    #expect(ada == ada2)
    #expect(ada.hashValue == ada2.hashValue)
    #expect(ada != other)
    #expect(grace == grace2)
    #expect(Set([ada, ada2, other]).count == 2)
    release(ada, grace, ada2, grace2, other, otherFriend)
  }

  @Test func sharingIsPartOfTheContent() {
    let hub = Member(name: "Hub")
    let shared = Member(name: "Root")
    shared.friends = [hub, hub]
    let separate = Member(name: "Root")
    separate.friends = [Member(name: "Hub"), Member(name: "Hub")]
    #expect(shared != separate)
    let alsoShared = Member(name: "Root")
    let otherHub = Member(name: "Hub")
    alsoShared.friends = [otherHub, otherHub]
    #expect(shared == alsoShared)
  }

  @Test func aCycleThroughARequiredPropertyIsBuiltFromTheOptionalSide() throws {
    let owner = CycleModels.Owner(name: "Sam")
    let pet = CycleModels.Pet(name: "Rex", owner: owner)
    owner.pet = pet
    let copy = try owner.mappedCopy()
    let petCopy = try #require(copy.pet)
    #expect(petCopy !== pet && petCopy.name == "Rex" && petCopy.owner === copy)
    // From the required side too: the pet's owner is built first, without its pet, and then
    // reads its pet again once the pet's copy exists.
    let fromPet = try pet.mappedCopy()
    #expect(fromPet.owner.pet === fromPet && fromPet.owner !== owner)
    owner.pet = nil
    copy.pet = nil
    fromPet.owner.pet = nil
  }

  @Test func aCycleThroughALetPropertyFailsSayingWhy() {
    let left = CycleModels.Left()
    left.right = CycleModels.Right(left: left)
    let error = #expect(throws: MappingError.self) { try left.mappedCopy() }
    #expect(error?.description.contains("reference cycle") == true)
    left.right = nil
  }

  @Test func thePropertyListChoosesWhatTakesPart() throws {
    let one = CycleModels.Tagged(name: "a", note: "first")
    let two = CycleModels.Tagged(name: "a", note: "second")
    #expect(one == two && one.hashValue == two.hashValue)
    #expect(one != CycleModels.Tagged(name: "b", note: "first"))
    let copy = try one.mappedCopy()
    #expect(copy.name == "a" && copy.note == "")
  }

  @Test func deepChainsCopyAndCompare() throws {
    let head = Member(name: "0")
    var tail = head
    for index in 1..<100 {
      let next = Member(name: "\(index)")
      tail.mentor = next
      tail = next
    }
    tail.mentor = head
    let copy = try head.mappedCopy()
    var walker: Member? = copy
    for index in 0..<100 {
      #expect(walker?.name == "\(index)")
      walker = walker?.mentor
    }
    #expect(walker === copy)
    #expect(copy == head)
    tail.mentor = nil
    var last = copy
    for _ in 0..<99 { if let next = last.mentor { last = next } }
    last.mentor = nil
  }
}
