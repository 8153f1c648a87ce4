import Observation

/// A Swift class whose instances are typed views of managed objects: what `@Entity` makes of
/// a class, and what `foundry generate` writes.
///
/// ```swift
/// @Entity(identity: ["id"])
/// final class Author {
///   @Property(keyPath: "author_id") var id: Int64 = 0
///   var name: String?
///   @Related(inverse: "author", deleteRule: .cascade) var books: [Book]
/// }
/// let schema = try Schema(Author.self, Book.self)
/// let author = try graph.insert(Author.self)
/// author.name = "Mark Twain"
/// ```
///
/// A view holds no state of its own: two views of one object see the same values. Views are
/// `Observable`: their getters report reads to the managed object, which reports every change
/// however it is made (see ``ManagedObject``). Views are equal when they view the same managed
/// object (so `#Predicate { $0.author == ada }` compares objects).
public protocol EntityObject: AnyObject, Observable, Hashable {
  /// The entity's declaration.
  static var entity: Entity { get }
  /// The object this view reads and writes.
  var managedObject: ManagedObject { get }
  /// A view of `managedObject`, which must be of this entity (or a subentity).
  init(managedObject: ManagedObject)
  /// The class's stored properties as key paths (its superclasses' included): what typed
  /// queries name attributes and relationships with. `@Entity` writes it; empty by default.
  ///
  /// ```swift
  /// Book.propertyKeyPaths.map(\.name)   // ["title", "year", "author"]
  /// ```
  static var propertyKeyPaths: [PropertyKeyPath] { get }
}

extension EntityObject {
  /// No key paths: a hand-written class that lists none cannot be queried by key path.
  public static var propertyKeyPaths: [PropertyKeyPath] { [] }

  /// Whether two views view the same managed object.
  ///
  /// ```swift
  /// Book(managedObject: object) == Book(managedObject: object)   // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.managedObject === rhs.managedObject }

  /// Hashes the managed object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(managedObject)) }
}

extension Schema {
  /// The schema of `@Entity` classes.
  ///
  /// ```swift
  /// let schema = try Schema(Author.self, Book.self)
  /// ```
  /// - Parameters:
  ///   - types: The `@Entity` classes, one per entity; a subclass declares a subentity.
  /// - Throws: ``GraphError`` with a code of the ``GraphError/Code/Group/schema`` group.
  public convenience init(_ types: any EntityObject.Type...) throws(GraphError) {
    try self.init(types.map { $0.entity })
  }
}

extension ObjectGraph {
  /// A new object of `T`'s entity, as a `T`.
  ///
  /// ```swift
  /// let author = try graph.insert(Author.self)
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose entity the new object belongs to.
  /// - Throws: ``GraphError`` `unknownEntity` when the schema lacks the entity.
  public func insert<T: EntityObject>(_ type: T.Type) throws(GraphError) -> T {
    T(managedObject: try insert(T.entity.name))
  }

  /// The objects of `T`'s entity (and its subentities), as `T`s.
  ///
  /// ```swift
  /// let authors = try graph.objects(of: Author.self)
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose entity's objects to list.
  /// - Throws: ``GraphError`` `unknownEntity`.
  public func objects<T: EntityObject>(of type: T.Type) throws(GraphError) -> [T] {
    try objects(of: T.entity.name).map(T.init(managedObject:))
  }
}

extension ManagedObject {
  /// Typed access to attribute `key` for generated accessors: reads `nil` for no value (or a
  /// value of another type); writing a value the attribute rejects is ignored, and debug builds
  /// stop there.
  ///
  /// ```swift
  /// var name: String? {
  ///   get { managedObject[attribute: "name", as: String.self] }
  ///   set { managedObject[attribute: "name", as: String.self] = newValue }
  /// }
  /// ```
  /// - Parameters:
  ///   - key: The attribute's name.
  ///   - type: The Swift type to read and write the value as.
  public subscript<T: Sendable>(attribute key: String, as type: T.Type) -> T? {
    get {
      if let slot = entity.attributeSlot(named: key) { observeAccess(attribute: slot) }
      return (try? value(T.self, forKey: key)) ?? nil
    }
    set {
      do { try setValue(newValue, forKey: key) } catch { assertionFailure("\(error)") }
    }
  }

  /// Typed access to to-one relationship `key` for generated accessors.
  ///
  /// ```swift
  /// var author: Author? {
  ///   get { managedObject[toOne: "author", as: Author.self] }
  ///   set { managedObject[toOne: "author", as: Author.self] = newValue }
  /// }
  /// ```
  /// - Parameters:
  ///   - key: The to-one relationship's name.
  ///   - type: The `@Entity` class of the destination.
  public subscript<T: EntityObject>(toOne key: String, as type: T.Type) -> T? {
    get {
      // Read first: loading a fault is no change for the reader to be told of.
      let object = (try? relatedObject(forKey: key)) ?? nil
      if let slot = entity.relationshipSlot(named: key) { observeAccess(relationship: slot) }
      return object.map(T.init(managedObject:))
    }
    set {
      do { try setRelated(newValue?.managedObject, forKey: key) } catch { assertionFailure("\(error)") }
    }
  }

  /// Typed access to to-many relationship `key` for generated accessors; setting replaces the
  /// objects (inverses kept in step).
  ///
  /// ```swift
  /// var books: [Book] {
  ///   get { managedObject[toMany: "books", as: Book.self] }
  ///   set { managedObject[toMany: "books", as: Book.self] = newValue }
  /// }
  /// ```
  /// - Parameters:
  ///   - key: The to-many relationship's name.
  ///   - type: The `@Entity` class of the destination.
  public subscript<T: EntityObject>(toMany key: String, as type: T.Type) -> [T] {
    get {
      let objects = (try? related(forKey: key)) ?? []
      if let slot = entity.relationshipSlot(named: key) { observeAccess(relationship: slot) }
      return objects.map(T.init(managedObject:))
    }
    set {
      do { try setRelated(newValue.map(\.managedObject), forKey: key) } catch { assertionFailure("\(error)") }
    }
  }
}
