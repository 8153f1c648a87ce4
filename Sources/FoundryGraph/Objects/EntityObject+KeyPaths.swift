import Foundry

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
  /// to-one relationships lead to (followed with `?.`, at most `depth` of them), the
  /// `count` of a to-many relationship, or one property of a `@Mappable` value attribute
  /// (`\Author.settings?.theme`: `settings`, `theme`, under the key its schema writes). `nil`
  /// for anything else (a computed property).
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
    return valuePath(of: keyPath).map { PropertyPath(names: $0, end: .attribute) }
  }

  /// The names of a key path that reads one property inside a `@Mappable` value attribute,
  /// through to-one relationships (`\Author.settings?.theme`: `settings`, `theme`), the last
  /// under the key the value's schema writes it. `@Entity` properties are computed, and a key
  /// path's description shows a computed property by the type it gives: each is matched with
  /// the one relationship or value attribute of the class giving that type (two alike are
  /// ambiguous, and `nil`). `nil` too for anything deeper, or a property the value's schema
  /// maps under a key of its own (`@Key("lvl")`).
  private static func valuePath(of keyPath: AnyKeyPath) -> [String]? {
    guard let shown = KeyPathDescription(keyPath)?.components, shown.count >= 2 else { return nil }
    var current: any EntityObject.Type = Self.self
    var names: [String] = []
    for (position, component) in shown.enumerated() {
      let candidates = current.propertyKeyPaths.filter { property in
        switch property.kind {
        case .toOne: return true
        case .attribute: return current.valueKey(inside: property.name, property: nil) != nil
        case .toMany: return false
        }
      }
      let matching: [PropertyKeyPath] =
        switch component {
        case .name(let name): candidates.filter { $0.name == name }
        case .computed(let type): candidates.filter { String(describing: Swift.type(of: $0.keyPath).valueType) == type }
        }
      guard matching.count == 1, let property = matching.first else { return nil }
      names.append(property.name)
      switch property.kind {
      case .toOne(let destination): current = destination
      case .attribute:
        guard position == shown.count - 2, case .name(let inner) = shown[position + 1],
          let key = current.valueKey(inside: property.name, property: inner)
        else { return nil }
        return names + [key]
      case .toMany: return nil
      }
    }
    return nil
  }

  /// The key the value of attribute `name` (a `@Mappable` type, or an optional of one) keeps
  /// its property `property` under; `nil` when the value is not `Mappable` or maps it otherwise.
  /// (`property` `nil`: whether the value is `Mappable` at all, as an empty key.)
  package static func valueKey(inside name: String, property: String?) -> String? {
    guard let attribute = propertyKeyPaths.first(where: { $0.name == name }), case .attribute = attribute.kind else { return nil }
    var valueType = type(of: attribute.keyPath).valueType
    while let optional = valueType as? any OptionalMetatype.Type { valueType = optional.wrappedType }
    guard let mappable = valueType as? any Mappable.Type else { return nil }
    guard let property else { return "" }
    return mappable.mappingSchema.writtenKey(ofProperty: property)
  }

  /// The stored property names a key path's description shows (`\Settings.theme`: `theme`);
  /// `nil` when it shows something else (a computed property, a subscript).
  package static func propertyNames(of keyPath: AnyKeyPath) -> [String]? {
    var names: [String] = []
    for component in KeyPathDescription(keyPath)?.components ?? [] {
      guard case .name(let name) = component else { return nil }
      names.append(name)
    }
    return names.isEmpty ? nil : names
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

/// An optional's metatype, to see through it to the wrapped type.
private protocol OptionalMetatype {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalMetatype {
  static var wrappedType: Any.Type { Wrapped.self }
}

/// What a key path's description shows after its root (`\Author.settings?.theme?`): each
/// component a stored property's name, or, for a computed one (`<computed 0x… (Optional<Settings>)>`),
/// the type it gives. Optional chains and force unwraps are left out.
struct KeyPathDescription {
  enum Component: Equatable {
    case name(String)
    case computed(type: String)
  }

  let components: [Component]

  /// `nil` when the description shows anything else (a subscript, another root).
  init?(_ keyPath: AnyKeyPath) {
    let root = "\\" + String(describing: type(of: keyPath).rootType) + "."
    let text = String(describing: keyPath)
    guard text.hasPrefix(root) else { return nil }
    var rest = Substring(text.dropFirst(root.count))
    var components: [Component] = []
    while !rest.isEmpty {
      if rest.hasPrefix("<computed ") {
        // To the `>` that closes it: the type inside has `<` and `>` of its own.
        var depth = 0
        var end = rest.startIndex
        for index in rest.indices {
          if rest[index] == "<" { depth += 1 }
          if rest[index] == ">" { depth -= 1 }
          if depth == 0 {
            end = index
            break
          }
        }
        let inside = rest[rest.startIndex..<end]
        guard depth == 0, let open = inside.firstIndex(of: "("), inside.last == ")" else { return nil }
        components.append(.computed(type: String(inside[inside.index(after: open)..<inside.index(before: inside.endIndex)])))
        rest = rest[rest.index(after: end)...]
      } else {
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = name.first, first.isLetter || first == "_" else { return nil }
        components.append(.name(String(name)))
        rest = rest.dropFirst(name.count)
      }
      rest = rest.drop { $0 == "?" || $0 == "!" }
      guard rest.isEmpty || rest.hasPrefix(".") else { return nil }
      rest = rest.dropFirst()
    }
    self.components = components
  }
}
