/// What deleting an object does to the objects its relationship points at (Core Data's
/// deletion rules).
///
/// ```swift
/// Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
/// ```
public enum DeleteRule: String, Sendable, Hashable, CaseIterable {
  /// The related objects stay; their inverse stops pointing here.
  case nullify
  /// The related objects are deleted too.
  case cascade
  /// Deleting fails while the relationship holds any object.
  case deny
  /// Nothing is done: the related objects keep a reference to a deleted object.
  case noAction

  /// The rule a model file's `deletionRule` names (`"Nullify"`, `"Cascade"`, `"Deny"`, `"No Action"`).
  ///
  /// ```swift
  /// DeleteRule(modelName: "No Action")   // .noAction
  /// ```
  /// - Parameters:
  ///   - modelName: The `deletionRule` text of a model file.
  public init?(modelName: String) {
    switch modelName {
    case "Nullify": self = .nullify
    case "Cascade": self = .cascade
    case "Deny": self = .deny
    case "No Action": self = .noAction
    default: return nil
    }
  }
}
