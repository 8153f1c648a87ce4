/// The entities of an object graph, checked and resolved: what a graph holds and what import
/// and export follow.
///
/// Declare one in Swift, load one from an Xcode model file (``Schema/init(modelAt:)``), or build
/// one from `@Entity` classes:
///
/// ```swift
/// let schema = try Schema {
///   Entity("Author", identity: ["id"]) {
///     Attribute("id", .integer64, keyPath: "author_id")
///     Attribute("name", .string)
///     Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
///   }
///   Entity("Book", identity: ["id"]) {
///     Attribute("id", .integer64, keyPath: "book_id")
///     Attribute("title", .string)
///     Relationship("author", to: "Author", inverse: "books")
///   }
/// }
/// ```
///
/// A schema is immutable and can be shared between graphs and threads.
public final class Schema: Sendable {
  /// The resolved entities, in declaration order.
  public let entities: [EntityDescription]
  private let positions: [String: Int]

  /// Checks and resolves `declarations`.
  ///
  /// ```swift
  /// let schema = try Schema([Entity("Tag") { Attribute("label", .string) }])
  /// ```
  /// - Parameters:
  ///   - declarations: The entities, in any order (parents and destinations may come later).
  /// - Throws: ``GraphError`` (a code of the ``GraphError/Code/Group/schema`` group) for the first problem found: a repeated entity or property name,
  ///   an unknown parent or destination, a dangling or mismatched inverse, a missing identity
  ///   attribute, a bad count.
  public init(_ declarations: [Entity]) throws(GraphError) {
    let resolver = try SchemaResolver(declarations)
    entities = try resolver.resolve()
    positions = resolver.positions
  }

  /// Checks and resolves the entities `build` declares.
  ///
  /// ```swift
  /// let schema = try Schema { Entity("Tag") { Attribute("label", .string) } }
  /// ```
  /// - Parameters:
  ///   - build: The entity declarations, in any order.
  /// - Throws: ``GraphError`` with a code of the ``GraphError/Code/Group/schema`` group.
  public convenience init(@SchemaBuilder _ build: () -> [Entity]) throws(GraphError) {
    try self.init(build())
  }

  /// The entity named `name`.
  ///
  /// ```swift
  /// schema["Author"]?.identity   // ["id"]
  /// ```
  /// - Parameters:
  ///   - name: The entity's name.
  public subscript(name: String) -> EntityDescription? {
    positions[name].map { entities[$0] }
  }

  /// The declarations the schema was built from, in order.
  public var declarations: [Entity] { entities.map(\.declaration) }
}

/// Collects the entities of a ``Schema`` declaration.
///
/// ```swift
/// let schema = try Schema {
///   Entity("Tag") { Attribute("label", .string) }
///   for name in ["Red", "Blue"] { Entity(name, parent: "Tag") }
/// }
/// ```
@resultBuilder
public enum SchemaBuilder {
  public static func buildExpression(_ entity: Entity) -> [Entity] { [entity] }
  public static func buildExpression(_ entities: [Entity]) -> [Entity] { entities }
  public static func buildBlock(_ parts: [Entity]...) -> [Entity] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Entity]?) -> [Entity] { part ?? [] }
  public static func buildEither(first part: [Entity]) -> [Entity] { part }
  public static func buildEither(second part: [Entity]) -> [Entity] { part }
  public static func buildArray(_ parts: [[Entity]]) -> [Entity] { parts.flatMap { $0 } }
}
