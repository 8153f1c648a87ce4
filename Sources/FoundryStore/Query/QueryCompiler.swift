import FoundryGraph
internal import FoundryInternals

/// Turns a parsed query into an SQL condition on one entity's rows, every value bound:
/// key paths through to-one relationships become joins, to-many ones `EXISTS` subqueries
/// (`ANY`, the default, `ALL`, `NONE`) or counts (`@count`), and key paths inside
/// transformable and typed-value attributes the database's JSON functions.
struct QueryCompiler {
  let layout: StoreLayout
  let codecs: [[ColumnCodec]]
  let dialect: any SQLDialect
  private var aliases = 0
  /// The `NOT`s and to-many relationships the condition being compiled is inside: each nests
  /// the SQL (and the compiler's calls) a few levels deeper, and SQLite refuses expressions
  /// over 1,000 levels deep.
  private var nesting = 0
  /// The column of the key path compiled deepest in `NOT`s and to-many relationships: where a
  /// database that refuses the SQL as too deep places the error.
  private(set) var deepestColumn: Int?
  private var deepestNesting = 0
  /// The variables of the SUBQUERYs being compiled, innermost last: their key paths start with one.
  var subqueryVariables: [String] = []

  init(layout: StoreLayout, codecs: [[ColumnCodec]], dialect: any SQLDialect) {
    self.layout = layout
    self.codecs = codecs
    self.dialect = dialect
  }

  /// Where a key path is evaluated: an entity's rows under an alias, and the joins its to-one
  /// key paths added (they belong to the query or subquery the scope is).
  struct Scope {
    let entity: EntityDescription
    let alias: String
    var joins: [String] = []
  }

  /// The condition `node` puts on the rows of `scope`.
  mutating func condition(_ node: QueryNode, in scope: inout Scope) throws(StoreError) -> SQLFragment {
    switch node {
    case .constant(let value): return SQLFragment(value ? dialect.trueValue : dialect.falseValue)
    case .not(let inner):
      // The parser bounds the NOTs; the to-many relationships inside them are checked.
      nesting += 1
      defer { nesting -= 1 }
      return negated(try condition(inner, in: &scope))
    case .and(let operands): return try chain(operands, joinedBy: " AND ", in: &scope)
    case .or(let operands): return try chain(operands, joinedBy: " OR ", in: &scope)
    case .comparison(let comparison): return try self.comparison(comparison.normalized(), in: &scope)
    }
  }

  /// `((a AND b) AND (c AND d))`: the operands of a chain compiled in a loop, so that only
  /// parentheses and `NOT` (which ``QueryLimits`` bound) nest on the call stack, then joined
  /// in pairs, so that the SQL nests as deep as the logarithm of the operands: SQLite reads
  /// `a OR b OR c` a level deeper per operand and refuses expressions over 1,000 deep.
  private mutating func chain(_ operands: [QueryNode], joinedBy keyword: String, in scope: inout Scope) throws(StoreError) -> SQLFragment {
    var parts: [SQLFragment] = []
    parts.reserveCapacity(operands.count)
    for operand in operands { parts.append(try condition(operand, in: &scope)) }
    while parts.count > 1 {
      var paired: [SQLFragment] = []
      paired.reserveCapacity((parts.count + 1) / 2)
      for pair in stride(from: 0, to: parts.count, by: 2) {
        paired.append(pair + 1 < parts.count ? "(" + parts[pair] + keyword + parts[pair + 1] + ")" : parts[pair])
      }
      parts = paired
    }
    // A chain has two operands or more; none is the chain's neutral value.
    return parts.first ?? SQLFragment(keyword == " AND " ? dialect.trueValue : dialect.falseValue)
  }

  /// The conditions on the rows of `entity`'s family table (as `scope`'s alias) that pick
  /// the objects of `entity` (and of its subentities, when they are included) meeting `predicate`.
  mutating func selection(
    of entity: EntityDescription, includingSubentities: Bool, where predicate: QueryPredicate?, in scope: inout Scope
  ) throws(StoreError) -> [SQLFragment] {
    let kinds = ([entity.index] + (includingSubentities ? entity.descendantIndices : [])).map { layout.schema.entities[$0].name }
    var conditions: [SQLFragment] = []
    if kinds.count < layout.table(of: entity).entities.count {
      conditions.append(SQLFragment("\(scope.alias).\"_entity\" IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))", kinds.map { .value(.text($0)) }))
    }
    if let predicate { conditions.append(try condition(predicate.node, in: &scope)) }
    return conditions
  }

  /// Goes a level deeper into a to-many relationship, unless that is deeper than
  /// ``QueryLimits/depthCeiling``: the SQL of so many stays far below SQLite's 1,000 levels,
  /// and the compiler's calls within what a 512 KB stack holds.
  ///
  /// - Throws: ``StoreError/Code/queryLimitExceeded`` at `column`.
  mutating func enter(column: Int) throws(StoreError) {
    guard nesting < QueryLimits.depthCeiling else {
      throw QueryError.limit(
        column, "the query nests deeper than \(QueryLimits.depthCeiling) levels of NOT and to-many relationships (depthCeiling)")
    }
    nesting += 1
    if nesting > deepestNesting {
      deepestNesting = nesting
      deepestColumn = column
    }
  }

  /// Comes back out of a level ``enter(column:)`` went into.
  mutating func leave() {
    nesting -= 1
  }

  /// `NOT condition`, a condition on a null (a comparison with a missing value) counting as
  /// false first, so `NOT (name CONTAINS "a")` finds the objects without a name, as in memory.
  func negated(_ condition: SQLFragment) -> SQLFragment {
    "NOT COALESCE((" + condition + "), \(dialect.falseValue))"
  }

  // MARK: - Sorting

  /// The `ORDER BY` term of `key`: its attribute's column, reached through to-one
  /// relationships (their rows joined in `scope`), folded as the key asks.
  mutating func sortExpression(_ key: SortKey, in scope: inout Scope) throws(StoreError) -> String {
    let (name, type, _) = try attributeColumn(key.attribute, "to sort by", in: &scope)
    var folding: QueryFolding = []
    if key.caseInsensitive { folding.insert(.caseInsensitive) }
    if key.diacriticInsensitive { folding.insert(.diacriticInsensitive) }
    let value = !folding.isEmpty && type == .string ? dialect.folded(name, folding) : type == .decimal ? dialect.decimalNumber(name) : name
    return dialect.orderTerm(value, ascending: key.ascending, isText: type == .string)
  }

  /// The column of the attribute `keyPath` names, reached through to-one relationships
  /// (their rows joined in `scope`), its type and its codec; `purpose` (`to sort Author by`)
  /// goes into the error for any other key path.
  mutating func attributeColumn(_ keyPath: String, _ purpose: String, in scope: inout Scope) throws(StoreError) -> (String, AttributeType, ColumnCodec) {
    let segments = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let target: Target
    do {
      target = try resolve(segments, in: &scope, column: 1)
    } catch {
      let reason = error.message.hasPrefix("column 1: ") ? String(error.message.dropFirst("column 1: ".count)) : error.message
      throw StoreError(.invalidQuery, "\(scope.entity.name) has no attribute named \"\(keyPath)\" \(purpose): \(reason)")
    }
    guard case .column(let name, let type, _) = target, let codec = codec(of: segments, from: scope.entity) else {
      throw StoreError(.invalidQuery, "\(keyPath) is not an attribute reached through to-one relationships, so nothing \(purpose)")
    }
    return (name, type, codec)
  }

  /// The codec of the attribute at the end of `segments`, to-one relationships from `entity`
  /// before it; `nil` for any other key path.
  func codec(of segments: [String], from entity: EntityDescription) -> ColumnCodec? {
    var current = entity
    for (position, segment) in segments.enumerated() {
      if let slot = current.attributeSlot(named: segment) { return position == segments.count - 1 ? layout.codecs[current.index][slot] : nil }
      guard let slot = current.relationshipSlot(named: segment), !current.relationships[slot].isToMany else { return nil }
      current = layout.schema.entities[current.destinationIndices[slot]]
    }
    return nil
  }

  // MARK: - Key paths

  /// What a key path leads to.
  enum Target {
    /// A column of a known attribute type.
    case column(String, AttributeType, path: String)
    /// A value inside a JSON column (`$` for the whole); `isCount` for a trailing `@count`.
    case json(String, path: [JSONPathComponent], end: JSONEnd, name: String)
    /// A to-one relationship's object (its row number).
    case object(String)
    /// The rows of a to-many relationship, and the key path that goes on from them.
    case rows(from: String, link: String, scope: Scope, rest: [String])
  }

  /// What a key path inside a JSON value ends with: the value, or a trailing `@count`
  /// (an array's length) or collection operator (`@avg`: of an array's numbers).
  enum JSONEnd: Equatable {
    case value, count
    case aggregate(Aggregate)

    init(_ last: String?) {
      if last == "@count" {
        self = .count
      } else if let function = last.flatMap(Aggregate.init(rawValue:)) {
        self = .aggregate(function)
      } else {
        self = .value
      }
    }
  }

  mutating func resolve(_ segments: [String], in scope: inout Scope, column: Int) throws(StoreError) -> Target {
    var entity = scope.entity
    var alias = scope.alias
    for (position, segment) in segments.enumerated() {
      let rest = Array(segments[(position + 1)...])
      let path = segments[...position].joined(separator: ".")
      if let slot = entity.attributeSlot(named: segment) {
        let name = "\(alias).\(dialect.quote(layout.attributeColumns[entity.index][slot]))"
        let type = layout.codecs[entity.index][slot].type
        switch type {
        case .transformable, .value:
          let end = JSONEnd(rest.last)
          return .json(name, path: try Self.jsonPath(end == .value ? rest : Array(rest.dropLast()), column: column), end: end, name: path)
        default:
          guard rest.isEmpty else { throw QueryError.at(column, "\(path) is a \(type) attribute: it has no key \"\(rest[0])\"") }
          return .column(name, type, path: path)
        }
      }
      guard let slot = entity.relationshipSlot(named: segment) else {
        let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
        let hint = NameSuggestion.hint(for: segment, among: names, noun: "its attributes and relationships")
        throw QueryError.at(column, "\(entity.name) has no attribute or relationship named \"\(segment)\": \(hint)")
      }
      let destination = layout.schema.entities[entity.destinationIndices[slot]]
      aliases += 1
      let next = "q\(aliases)"
      if entity.relationships[slot].isToMany {
        let (from, link) = manyRows(of: entity, slot: slot, owner: alias, alias: next)
        return .rows(from: from, link: link, scope: Scope(entity: destination, alias: next), rest: rest)
      }
      scope.joins.append(oneJoin(of: entity, slot: slot, owner: alias, alias: next))
      if rest.isEmpty { return .object("\(next).\"_pk\"") }
      entity = destination
      alias = next
    }
    throw QueryError.at(column, "empty key path")
  }

  /// `LEFT JOIN` clauses reaching the object of to-one relationship `slot` as `alias`.
  private func oneJoin(of entity: EntityDescription, slot: Int, owner: String, alias: String) -> String {
    let target = dialect.quote(layout.tables[layout.tableOfEntity[entity.destinationIndices[slot]]].name)
    switch layout.relationshipStorage[entity.index][slot] {
    case .foreignKey(let column):
      return "LEFT JOIN \(target) \(alias) ON \(alias).\"_pk\" = \(owner).\(dialect.quote(column))"
    case .inverseForeignKey(_, let column):
      return "LEFT JOIN \(target) \(alias) ON \(alias).\(dialect.quote(column)) = \(owner).\"_pk\""
    case .join(let index, let isOwner):
      let (mine, theirs) = isOwner ? ("owner", "target") : ("target", "owner")
      let links = dialect.quote(layout.joinTables[index].name)
      return "LEFT JOIN \(links) \(alias)l ON \(alias)l.\"\(mine)\" = \(owner).\"_pk\" LEFT JOIN \(target) \(alias) ON \(alias).\"_pk\" = \(alias)l.\"\(theirs)\""
    }
  }

  /// The rows of to-many relationship `slot` of `owner` as `alias`: a `FROM` clause and the
  /// condition tying them to the owner.
  private func manyRows(of entity: EntityDescription, slot: Int, owner: String, alias: String) -> (from: String, link: String) {
    let target = dialect.quote(layout.tables[layout.tableOfEntity[entity.destinationIndices[slot]]].name)
    switch layout.relationshipStorage[entity.index][slot] {
    case .foreignKey(let column):
      return ("\(target) \(alias)", "\(alias).\"_pk\" = \(owner).\(dialect.quote(column))")
    case .inverseForeignKey(_, let column):
      return ("\(target) \(alias)", "\(alias).\(dialect.quote(column)) = \(owner).\"_pk\"")
    case .join(let index, let isOwner):
      let (mine, theirs) = isOwner ? ("owner", "target") : ("target", "owner")
      let links = dialect.quote(layout.joinTables[index].name)
      return ("\(links) \(alias)l JOIN \(target) \(alias) ON \(alias).\"_pk\" = \(alias)l.\"\(theirs)\"", "\(alias)l.\"\(mine)\" = \(owner).\"_pk\"")
    }
  }

  /// The JSON path of key-path segments inside a JSON value (a plain decimal integer indexes
  /// an array, `-1` the last element; anything else is a key), as each dialect spells it.
  static func jsonPath(_ segments: [String], column: Int) throws(StoreError) -> [JSONPathComponent] {
    var path: [JSONPathComponent] = []
    for segment in segments {
      if segment == "@count" { throw QueryError.at(column, "@count ends a key path") }
      if let index = PathSegment(name: segment).index {
        path.append(.index(index))
      } else {
        path.append(.key(segment))
      }
    }
    return path
  }
}
