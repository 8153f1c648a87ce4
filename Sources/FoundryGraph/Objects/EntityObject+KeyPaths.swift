/// Where a Swift key path of an `@Entity` class leads, as attribute and relationship names:
/// `\Book.author?.name` is `author`, `name`.
package struct PropertyPath: Sendable, Hashable {
  /// What the last name is.
  package enum End: Sendable, Hashable {
    case attribute, toOne, toMany
    /// The number of objects of the to-many relationship named last (`\Author.books.count`).
    case count
  }

  package var names: [String]
  package var end: End

  package init(names: [String], end: End) {
    self.names = names
    self.end = end
  }
}

extension EntityObject {
  /// The names `keyPath` goes through: a stored property of the class, or of the classes its
  /// to-one relationships lead to (followed with `?.`, at most `depth` of them), or the
  /// `count` of a to-many relationship. `nil` for anything else (a computed property).
  ///
  /// ```swift
  /// Book.propertyPath(of: \Book.author?.name)   // ["author", "name"], .attribute
  /// ```
  /// - Complexity: O(*p* · *t*^`depth`), with *p* properties and *t* to-one relationships a class.
  package static func propertyPath(of keyPath: AnyKeyPath, depth: Int = 3) -> PropertyPath? {
    let valueType = type(of: keyPath).valueType
    // Breadth first, so that the shortest path wins: each step holds a key path through to-one
    // relationships (nil at the start), their names, and the class they lead to.
    var steps: [(prefix: AnyKeyPath?, names: [String], type: any EntityObject.Type)] = [(nil, [], Self.self)]
    for _ in 0...depth {
      var next: [(prefix: AnyKeyPath?, names: [String], type: any EntityObject.Type)] = []
      for step in steps {
        for property in step.type.propertyKeyPaths {
          let link = step.prefix == nil ? property.keyPath : property.chainedKeyPath
          let names = step.names + [property.name]
          switch property.kind {
          case .attribute:
            if Self.reaches(keyPath, valueType, from: step.prefix, through: link) { return PropertyPath(names: names, end: .attribute) }
          case .toOne(let destination):
            if Self.reaches(keyPath, valueType, from: step.prefix, through: link) { return PropertyPath(names: names, end: .toOne) }
            if let joined = step.prefix.map({ $0.appending(path: link) }) ?? link {
              next.append((joined, names, destination))
            }
          case .toMany(_, let count, let chainedCount):
            if Self.reaches(keyPath, valueType, from: step.prefix, through: link) { return PropertyPath(names: names, end: .toMany) }
            if Self.reaches(keyPath, valueType, from: step.prefix, through: step.prefix == nil ? count : chainedCount) {
              return PropertyPath(names: names, end: .count)
            }
          }
        }
      }
      steps = next
    }
    return nil
  }

  /// The class the relationships `names` lead to from this class, each a stored property's
  /// name; `nil` when one is not a relationship.
  ///
  /// ```swift
  /// Book.destination(of: ["author"])   // Author.self
  /// ```
  package static func destination(of names: [String]) -> (any EntityObject.Type)? {
    var current: any EntityObject.Type = Self.self
    for name in names {
      switch current.propertyKeyPaths.first(where: { $0.name == name })?.kind {
      case .toOne(let destination)?, .toMany(let destination, _, _)?: current = destination
      default: return nil
      }
    }
    return current
  }

  /// Whether `keyPath`, from the value of to-many relationship `name` (`\[Book].count`), is
  /// its number of objects.
  package static func isCount(_ keyPath: AnyKeyPath, ofToMany name: String) -> Bool {
    guard let property = propertyKeyPaths.first(where: { $0.name == name }), case .toMany(_, let count, _) = property.kind,
      let joined = property.keyPath.appending(path: keyPath)
    else { return false }
    return isSame(joined, count)
  }

  /// Whether `prefix` then `link` is `keyPath` (whose value is of `valueType`).
  private static func reaches(_ keyPath: AnyKeyPath, _ valueType: Any.Type, from prefix: AnyKeyPath?, through link: AnyKeyPath) -> Bool {
    guard type(of: link).valueType == valueType else { return false }
    guard let prefix else { return isSame(link, keyPath) }
    guard let joined = prefix.appending(path: link) else { return false }
    return isSame(joined, keyPath)
  }

  /// Whether two key paths read the same properties.
  ///
  /// `==` alone is not enough: through an optional chain on a class (`\Book.author?.name`),
  /// `appending(path:)` marks the end of the reference prefix elsewhere than the literal does,
  /// and `==` compares that mark. The hash leaves it out and takes in every component (each
  /// property's identity, optional chains), so key paths of one type (root and value) with
  /// one hash read the same properties; a collision of two 64-bit hashes is left to chance.
  private static func isSame(_ lhs: AnyKeyPath, _ rhs: AnyKeyPath) -> Bool {
    if lhs == rhs { return true }
    return type(of: lhs) == type(of: rhs) && lhs.hashValue == rhs.hashValue
  }
}
