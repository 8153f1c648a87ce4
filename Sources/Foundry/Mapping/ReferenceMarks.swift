import FoundryJSON

/// The class instances one encoding has met, numbered in the order it met them: what lets
/// ``MappedEquatable`` and ``MappedCopyable`` walk graphs with shared references and cycles.
///
/// With marks on, a class instance met for the first time is written with its number as an
/// extra member (``idKey``), and every later meeting is written as a reference to that number
/// (``referenceKey``) instead of the instance again, so a cycle ends and sharing shows:
///
/// ```swift
/// // a ⇄ b, each the other's friend:
/// // {"name": "a", "friends": [{"name": "b", "friends": [{"\u{1}ref": 0}], "\u{1}id": 1}], "\u{1}id": 0}
/// ```
///
/// The keys start with U+0001, which no key of a real payload holds.
@usableFromInline
final class ReferenceMarks {
  /// The member holding an instance's number where it is first written.
  static let idKey = "\u{1}id"
  /// The only member of a later meeting of an instance: its number.
  static let referenceKey = "\u{1}ref"

  /// Numbers by instance.
  private var numbers: [ObjectIdentifier: Int] = [:]
  /// The instances met, so that no identifier is reused while the encoding runs.
  private var instances: [AnyObject] = []

  init() {}

  /// The number of instances met so far.
  var count: Int { instances.count }

  /// How an encoding meets an instance.
  enum Meeting {
    /// For the first time: the instance is written, under this number.
    case first(Int)
    /// Again: only this number is written.
    case again(Int)
  }

  /// Numbers `instance` if it is new.
  func meet(_ instance: AnyObject) -> Meeting {
    let identifier = ObjectIdentifier(instance)
    if let number = numbers[identifier] { return .again(number) }
    let number = instances.count
    numbers[identifier] = number
    instances.append(instance)
    return .first(number)
  }

  /// Whether `key` is one of the marks' members (what readers of marked trees must not count
  /// as unknown keys).
  static func isMark(_ key: String) -> Bool { key == idKey || key == referenceKey }

  /// The instance number a marked object is a reference to, if it is one.
  static func reference(in value: ValueReader) throws -> Int? {
    try value.member(referenceKey)?.integer(Int.self)
  }

  /// The number a marked object carries where it is first written, if it has one.
  static func number(of value: ValueReader) throws -> Int? {
    try value.member(idKey)?.integer(Int.self)
  }
}

extension Mappable {
  /// Writes the instance under ``ReferenceMarks``: a reference when the encoding met it
  /// already, else its fields (only its ``MappedContent/mappedKeys`` when it lists them) and
  /// its number.
  @usableFromInline
  func writeMarked(_ marks: ReferenceMarks, to writer: inout ValueWriter) throws {
    switch marks.meet(self as AnyObject) {
    case .again(let number):
      writer.write(JSONValue.object([ReferenceMarks.referenceKey: .number(JSONNumber(number))]))
    case .first(let number):
      var member = ValueWriter(context: writer.context)
      try writeFields(to: &member)
      guard case .object(let fields) = member.value else { return writer.write(member.value) }
      let kept = (Self.self as? any MappedContent.Type)?.mappedKeys
      var marked = JSONObject()
      for (key, value) in fields where kept?.contains(key) ?? true { marked[key] = value }
      marked[ReferenceMarks.idKey] = .number(JSONNumber(number))
      writer.write(JSONValue.object(marked))
    }
  }
}
