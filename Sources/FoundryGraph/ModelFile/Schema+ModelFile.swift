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
  /// - Throws: ``ModelFileError``; a schema that does not check out is
  ///   ``ModelFileError/Code/invalidSchema``, with the ``SchemaError`` in
  ///   ``ModelFileError/schemaError``.
  /// - Complexity: O(*n*) in the size of the file.
  public convenience init(modelAt url: URL) throws(ModelFileError) {
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
  /// - Throws: ``ModelFileError`` with code ``ModelFileError/Code/invalidSchema``, placed at
  ///   the entity or property the ``SchemaError`` names.
  public convenience init(_ model: ModelFile) throws(ModelFileError) {
    do {
      try self.init(model.entities)
    } catch {
      throw model.failure(for: error)
    }
  }
}
