#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Schema {
  /// Reads an Xcode Core Data model and checks and resolves its entities.
  ///
  /// ```swift
  /// let schema = try Schema(modelAt: URL(fileURLWithPath: "Models/Library.xcdatamodeld"))
  /// schema["Author"]?.identity   // ["id"]
  /// ```
  /// - Parameter url: A `.xcdatamodeld` bundle (its current version is read), a
  ///   `.xcdatamodel` directory or a `contents` file.
  /// - Throws: ``GraphError``: a file that cannot be read has a code of the
  ///   ``GraphError/Code/Group/modelFile`` group; a schema that does not check out, one of the
  ///   ``GraphError/Code/Group/schema`` group, with ``GraphError/file`` at the element that
  ///   declares the entity or property it names.
  /// - Complexity: O(*n*) in the size of the file.
  public convenience init(modelAt url: URL) throws(GraphError) {
    try self.init(ModelFile(contentsOf: url))
  }

  /// Checks and resolves the entities of a model file that was read.
  ///
  /// ```swift
  /// let model = try ModelFile(contentsOf: url)
  /// print("model: \(model.versionName)")
  /// let schema = try Schema(model)
  /// ```
  /// - Parameters:
  ///   - model: The model file, as read by ``ModelFile``.
  /// - Throws: ``GraphError`` with a code of the ``GraphError/Code/Group/schema`` group, its
  ///   ``GraphError/file`` at the element that declares the entity or property it names.
  ///
  /// A relationship whose inverse is declared with an inverse of its own that is another
  /// relationship (Xcode's model compiler warns "does not reciprocate an inverse", and Core
  /// Data loads the model) is read as a relationship without inverse; the pair the other side
  /// names keeps its inverses.
  public convenience init(_ model: ModelFile) throws(GraphError) {
    try self.init(model, conventions: .none)
  }

  /// Checks and resolves the entities of a model file with `conventions` (the model's own,
  /// ``ModelFile/conventions``, when they are not none, are applied first).
  ///
  /// ```swift
  /// let schema = try Schema(model, conventions: PayloadConventions(keys: .snakeCase))
  /// ```
  /// - Parameters:
  ///   - model: The model file, as read by ``ModelFile``.
  ///   - conventions: The conventions to fill in where the model leaves key paths, identities and date formats open.
  /// - Throws: ``GraphError`` with a code of the ``GraphError/Code/Group/schema`` group.
  public convenience init(_ model: ModelFile, conventions: PayloadConventions) throws(GraphError) {
    let entities = conventions.applied(to: model.conventions.applied(to: model.entities))
    do {
      try self.init(Self.reciprocalInverses(entities))
    } catch {
      throw model.failure(for: error)
    }
  }

  /// `entities` with each inverse that the relationship it names does not name back removed.
  static func reciprocalInverses(_ entities: [Entity]) -> [Entity] {
    let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    return entities.map { entity in
      var entity = entity
      for index in entity.relationships.indices {
        let relationship = entity.relationships[index]
        guard let inverse = relationship.inverse,
          let named = byName[relationship.destination]?.relationships.first(where: { $0.name == inverse }),
          let back = named.inverse, back != relationship.name
        else { continue }
        entity.relationships[index].inverse = nil
      }
      return entity
    }
  }
}
