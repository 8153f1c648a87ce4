/// One stored property of an `@Entity` class as Swift key paths: how a typed query turns
/// `\Book.author?.name` into the names `author.name`.
///
/// `@Entity` writes one per stored property in ``EntityObject/propertyKeyPaths``; hand-written
/// ``EntityObject`` classes can list theirs the same way:
///
/// ```swift
/// static var propertyKeyPaths: [PropertyKeyPath] {
///   [
///     PropertyKeyPath(attribute: "title", \Book.title, chained: \Book?.?.title),
///     PropertyKeyPath(toOne: "author", \Book.author, chained: \Book?.?.author),
///   ]
/// }
/// ```
///
/// Each key path comes twice: from the class (`\Book.title`), and through an optional
/// (`\Book?.?.title`), which is what follows a to-one relationship in `\Page.book?.title`.
public struct PropertyKeyPath {
  /// What a property is.
  package enum Kind {
    case attribute
    case toOne(any EntityObject.Type)
    /// A to-many relationship, with the key paths to its number of objects (`\Author.books.count`).
    case toMany(any EntityObject.Type, count: AnyKeyPath, chainedCount: AnyKeyPath)
  }

  /// The attribute's or relationship's name.
  public let name: String
  /// The key path from the class: `\Book.title`.
  public let keyPath: AnyKeyPath
  /// The key path through an optional of the class: `\Book?.?.title`.
  public let chainedKeyPath: AnyKeyPath
  package let kind: Kind

  /// An attribute.
  ///
  /// ```swift
  /// PropertyKeyPath(attribute: "title", \Book.title, chained: \Book?.?.title)
  /// ```
  /// - Parameters:
  ///   - name: The attribute's name in the schema.
  ///   - keyPath: The stored property's key path from the class.
  ///   - chained: The same property through an optional, for use after a to-one relationship.
  public init<Root>(attribute name: String, _ keyPath: PartialKeyPath<Root>, chained: PartialKeyPath<Root?>) {
    self.name = name
    self.keyPath = keyPath
    chainedKeyPath = chained
    kind = .attribute
  }

  /// A to-one relationship.
  ///
  /// ```swift
  /// PropertyKeyPath(toOne: "author", \Book.author, chained: \Book?.?.author)
  /// ```
  /// - Parameters:
  ///   - name: The relationship's name in the schema.
  ///   - keyPath: The stored property's key path from the class.
  ///   - chained: The same property through an optional, for use after a to-one relationship.
  public init<Root, Destination: EntityObject>(
    toOne name: String, _ keyPath: KeyPath<Root, Destination?>, chained: KeyPath<Root?, Destination?>
  ) {
    self.name = name
    self.keyPath = keyPath
    chainedKeyPath = chained
    kind = .toOne(Destination.self)
  }

  /// A to-many relationship, with the key paths to its count.
  ///
  /// ```swift
  /// PropertyKeyPath(
  ///   toMany: "books", \Author.books, chained: \Author?.?.books,
  ///   count: \Author.books.count, chainedCount: \Author?.?.books.count)
  /// ```
  /// - Parameters:
  ///   - name: The relationship's name in the schema.
  ///   - keyPath: The stored property's key path from the class.
  ///   - chained: The same property through an optional, for use after a to-one relationship.
  ///   - count: The key path to the number of related objects.
  ///   - chainedCount: The same count through an optional.
  public init<Root, Destination: EntityObject>(
    toMany name: String, _ keyPath: KeyPath<Root, [Destination]>, chained: KeyPath<Root?, [Destination]?>,
    count: KeyPath<Root, Int>, chainedCount: KeyPath<Root?, Int?>
  ) {
    self.name = name
    self.keyPath = keyPath
    chainedKeyPath = chained
    kind = .toMany(Destination.self, count: count, chainedCount: chainedCount)
  }
}
