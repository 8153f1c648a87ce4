import Foundry
import FoundryGraph
internal import FoundryInternals
import FoundryJSON

/// Evaluates a parsed query against objects in memory, with the answers the store's SQL gives:
/// each attribute's value is compared as its column keeps it (dates as seconds since 2001,
/// decimals as numbers, Booleans as 0 and 1), with the store's order (numbers by value, text
/// by code point), folding, nil rules (nil equals nothing but nil, and differs from every
/// value) and key paths (nil values left out before `ANY`, `ALL` and `NONE`; empty
/// collections as the store counts and sums them).
///
/// The query is compiled first with ``QueryCheckDialect``, so what the store refuses is refused
/// here, before any object is read.
///
/// ```swift
/// let evaluator = try QueryEvaluator(schema: graph.schema, transformers: .standard)
/// try evaluator.check(predicate.node, on: author.entity)
/// try evaluator.holds(predicate.node, for: author)
/// ```
struct QueryEvaluator {
  let layout: StoreLayout

  init(schema: Schema, transformers: TransformerRegistry) throws(StoreError) {
    layout = try StoreLayout(schema: schema, transformers: transformers)
  }

  /// Refuses what the store would refuse of `node` on objects of `entity`.
  func check(_ node: QueryNode, on entity: EntityDescription) throws(StoreError) {
    var compiler = QueryCompiler(layout: layout, codecs: layout.codecs, dialect: QueryCheckDialect())
    var scope = QueryCompiler.Scope(entity: entity, alias: "t")
    _ = try compiler.condition(node, in: &scope)
  }

  /// Whether `object` meets `node` (checked first with ``check(_:on:)``).
  func holds(_ node: QueryNode, for object: ManagedObject) throws(StoreError) -> Bool {
    switch node {
    case .constant(let value): return value
    case .not(let inner): return !(try holds(inner, for: object))
    case .and(let operands):
      for operand in operands where !(try holds(operand, for: object)) { return false }
      return true
    case .or(let operands):
      for operand in operands where try holds(operand, for: object) { return true }
      return false
    case .comparison(let comparison): return try holds(comparison.normalized(), for: object)
    }
  }

  /// Refuses a sort key the store would refuse on objects of `entity`.
  func check(_ key: SortKey, on entity: EntityDescription) throws(StoreError) {
    var compiler = checker
    var scope = QueryCompiler.Scope(entity: entity, alias: "t")
    _ = try compiler.sortExpression(key, in: &scope)
  }

  /// The value `object` sorts by under `key`, as the store's `ORDER BY` reads it: a decimal
  /// as a number, text folded as the key asks.
  func sortValue(_ key: SortKey, of object: ManagedObject) throws(StoreError) -> SQLValue {
    let (value, type) = try value(at: key.attribute, of: object)
    if type == .decimal { return value.asReal }
    guard type == .string else { return value }
    return Self.fold(value, .asked(caseInsensitive: key.caseInsensitive, diacriticInsensitive: key.diacriticInsensitive))
  }

  /// The value of the attribute `keyPath` reaches through to-one relationships from `object`,
  /// as its column keeps it, and the column's type (checked first with ``check(_:on:)``).
  func value(at keyPath: String, of object: ManagedObject) throws(StoreError) -> (SQLValue, AttributeType) {
    let segments = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard case .value(let value, let type) = try reach(segments[...], from: object, entity: object.entity) else { return (.null, .string) }
    return (value, type)
  }

  // MARK: - Comparisons

  /// What a comparison says of one object of a to-many key path: it holds, it fails, or the
  /// object has no value there (nil), so `ANY`, `ALL` and `NONE` leave it out.
  private enum Outcome { case holds, fails, absent }

  private func holds(_ comparison: QueryComparison, for object: ManagedObject) throws(StoreError) -> Bool {
    switch comparison.left {
    case .subquery(let collection, _, let predicate, _):
      guard case .members(let members, _, _) = try reach(Self.relative(collection)[...], from: object, entity: object.entity) else { return false }
      var count: Int64 = 0
      for member in members where try holds(predicate, for: member) { count += 1 }
      return try scalar(.integer(count), type: .integer64, comparison)
    case .keyPath(let written, let column):
      var segments = Self.relative(written)
      if case .value(.object(let literal), _) = comparison.right { return try holds(comparison, segments[...], literal, from: object) }
      if case .keyPath(let others, _) = comparison.right {
        return try keyPaths(comparison, segments, Self.relative(others), for: object)
      }
      if !comparison.right.isNull, let destination = checker.toOneDestination(of: segments, from: object.entity) {
        segments.append(try checker.identityAttribute(of: destination, reachedBy: segments, column: column))
      }
      return try outcome(comparison, segments[...], from: object, entity: object.entity, inCollection: false) == .holds
    default: return false
    }
  }

  /// A relationship compared with an object: the same instance, or the same stored row.
  private func holds(_ comparison: QueryComparison, _ path: ArraySlice<String>, _ literal: ObjectLiteral, from object: ManagedObject) throws(StoreError) -> Bool {
    let wanted = comparison.operation != .notEqual
    switch try reach(path, from: object, entity: object.entity) {
    case .object(let related): return literal.isSame(as: related) == wanted
    case .members(let members, _, _):
      let held = members.map { literal.isSame(as: $0) == wanted }
      switch comparison.quantifier ?? .any {
      case .any: return held.contains(true)
      case .all: return !held.contains(false)
      case .noneOf: return !held.contains(true)
      }
    default: return false
    }
  }

  private var checker: QueryCompiler { QueryCompiler(layout: layout, codecs: layout.codecs, dialect: QueryCheckDialect()) }

  /// The comparison on what `path` reaches from `object` (nil when a to-one relationship on
  /// the way is empty), read as `entity` declares it.
  private func outcome(
    _ comparison: QueryComparison, _ path: ArraySlice<String>, from object: ManagedObject?, entity: EntityDescription, inCollection: Bool
  ) throws(StoreError) -> Outcome {
    let result: Bool
    switch try reach(path, from: object, entity: entity) {
    case .value(let value, let type):
      if inCollection, value == .null, !comparison.right.isNull { return .absent }
      result = try scalar(type == .decimal ? value.asReal : value, type: type, comparison)
    case .object(let related):
      result = (related == nil) == (comparison.operation == .equal)
    case .json(let whole, let inner, let end):
      result = try json(whole.flatMap { Self.locate(inner, in: $0) }, end: end, comparison)
    case .members(let members, let rest, let destination):
      if rest == ["@count"] {
        result = try scalar(.integer(Int64(members.count)), type: .integer64, comparison)
      } else if let function = rest.first.flatMap(QueryCompiler.Aggregate.init(rawValue:)) {
        let (value, type) = try aggregate(function, rest.dropFirst(), of: members, entity: destination)
        result = try scalar(value, type: type, comparison)
      } else {
        let quantifier = inCollection ? .any : (comparison.quantifier ?? .any)
        var each = comparison
        each.quantifier = nil
        var outcomes: [Outcome] = []
        for member in members { outcomes.append(try outcome(each, rest, from: member, entity: destination, inCollection: true)) }
        switch quantifier {
        case .any: result = outcomes.contains(.holds)
        case .all: result = !outcomes.contains(.fails)
        case .noneOf: result = !outcomes.contains(.holds)
        }
      }
    }
    return result ? .holds : .fails
  }

  /// A key path compared with another: nil equals nil, an order with nil is false.
  private func keyPaths(_ comparison: QueryComparison, _ left: [String], _ right: [String], for object: ManagedObject) throws(StoreError) -> Bool {
    var sides: [SQLValue] = []
    for side in [left, right] {
      let value: SQLValue
      switch try reach(side[...], from: object, entity: object.entity) {
      case .value(let stored, let type): value = type == .decimal ? stored.asReal : stored
      case .members(let members, let rest, _) where rest == ["@count"]: value = .integer(Int64(members.count))
      case .members(let members, let rest, let destination):
        guard let function = rest.first.flatMap(QueryCompiler.Aggregate.init(rawValue:)) else { return false }
        value = try aggregate(function, rest.dropFirst(), of: members, entity: destination).value
      default: return false
      }
      sides.append(Self.fold(value, comparison.folding))
    }
    let order = SQLValue.order(sides[0], sides[1])
    switch comparison.operation {
    case .equal: return sides[0] == .null && sides[1] == .null || order == 0
    case .notEqual: return !(sides[0] == .null && sides[1] == .null || order == 0)
    case .less: return order.map { $0 < 0 } ?? false
    case .lessOrEqual: return order.map { $0 <= 0 } ?? false
    case .greater: return order.map { $0 > 0 } ?? false
    case .greaterOrEqual: return order.map { $0 >= 0 } ?? false
    default: return false
    }
  }

  /// `subject operator value`, the value converted to `type` as the store binds it (`nil`: JSON).
  private func scalar(_ subject: SQLValue, type: AttributeType?, _ comparison: QueryComparison) throws(StoreError) -> Bool {
    let folding = comparison.folding
    let folded = Self.fold(subject, folding)
    func bound(_ literal: QueryLiteral, _ column: Int) throws(StoreError) -> SQLValue {
      Self.fold(try QueryLiteralConversion.sqlValue(literal, type: type, column: column), folding)
    }
    switch (comparison.operation, comparison.right) {
    case (.isIn, .list(let values, let column)):
      for value in values where SQLValue.order(folded, try bound(value, column)) == 0 { return true }
      return false
    case (.between, .list(let values, let column)):
      guard values.count == 2, let low = SQLValue.order(folded, try bound(values[0], column)),
        let high = SQLValue.order(folded, try bound(values[1], column))
      else { return false }
      return low >= 0 && high <= 0
    case (_, .value(.null, _)): return (subject == .null) == (comparison.operation == .equal)
    case (.matches, .value(.string(let pattern), _)):
      let diacritics = folding.intersection(.diacriticInsensitive)
      guard case .text(let text) = Self.fold(subject, diacritics) else { return false }
      return QueryRegex.matches(text, pattern: diacritics.fold(pattern), caseInsensitive: folding.contains(.caseInsensitive))
    case (.beginsWith, .value(.string(let text), _)), (.endsWith, .value(.string(let text), _)), (.contains, .value(.string(let text), _)),
      (.like, .value(.string(let text), _)):
      guard let subjectText = folded.patternText else { return false }
      return TextPattern.matches(subjectText, folding.fold(text), comparison.operation)
    case (_, .value(let literal, let column)):
      let order = SQLValue.order(folded, try bound(literal, column))
      switch comparison.operation {
      case .equal: return order == 0
      case .notEqual: return order != 0
      case .less: return order.map { $0 < 0 } ?? false
      case .lessOrEqual: return order.map { $0 <= 0 } ?? false
      case .greater: return order.map { $0 > 0 } ?? false
      case .greaterOrEqual: return order.map { $0 >= 0 } ?? false
      default: return false
      }
    default: return false
    }
  }

  /// A comparison inside a JSON value (`located`: the value at the key path, `nil` when there
  /// is none): on the value, on an array's elements for `ANY`, `ALL`, `NONE` and `CONTAINS`,
  /// or on an array's length for `@count`.
  private func json(_ located: JSONValue?, end: QueryCompiler.JSONEnd, _ comparison: QueryComparison) throws(StoreError) -> Bool {
    switch end {
    case .count:
      guard case .array(let elements)? = located else { return try scalar(.null, type: .integer64, comparison) }
      return try scalar(.integer(Int64(elements.count)), type: .integer64, comparison)
    case .aggregate(let function):
      var numbers: [SQLValue] = []
      if case .array(let elements)? = located { for case .number(let number) in elements { numbers.append(SQLValue(json: .number(number))) } }
      return try scalar(try QueryAggregation.collection(function, of: numbers), type: .double, comparison)
    case .value: break
    }
    var element = comparison
    element.quantifier = nil
    if let quantifier = comparison.quantifier {
      var held: [Bool] = []
      if case .array(let elements)? = located { for value in elements { held.append(try scalar(SQLValue(json: value), type: nil, element)) } }
      switch quantifier {
      case .any: return held.contains(true)
      case .all: return !held.contains(false)
      case .noneOf: return !held.contains(true)
      }
    }
    if comparison.operation == .contains, case .array(let elements)? = located {
      element.operation = .equal
      for value in elements where try scalar(SQLValue(json: value), type: nil, element) { return true }
      return false
    }
    return try scalar(located.map(SQLValue.init(json:)) ?? .null, type: nil, comparison)
  }

  // MARK: - Key paths

  /// What a key path reaches from an object.
  private enum Reached {
    /// An attribute's value as its column keeps it, and the column's type.
    case value(SQLValue, AttributeType)
    /// A JSON-kept attribute's whole value (`nil` for none), the path inside it, and what
    /// ends the key path (`@count`, `@avg`, …).
    case json(JSONValue?, path: [JSONPathComponent], end: QueryCompiler.JSONEnd)
    /// A to-one relationship's object.
    case object(ManagedObject?)
    /// A to-many relationship's objects, the rest of the key path, and their entity.
    case members([ManagedObject], rest: ArraySlice<String>, entity: EntityDescription)
  }

  /// Follows `path` from `object` (nil: an empty to-one relationship on the way, whose key
  /// paths reach nil values and empty collections), declared as `entity`.
  private func reach(_ path: ArraySlice<String>, from object: ManagedObject?, entity declared: EntityDescription) throws(StoreError) -> Reached {
    var entity = declared
    var current = object
    var index = path.startIndex
    while index < path.endIndex {
      let segment = path[index]
      let rest = path[(index + 1)...]
      if let slot = entity.attributeSlot(named: segment) {
        let stored = try storedValue(of: current, segment, slot: slot, declared: entity)
        let type = layout.codecs[entity.index][slot].type
        switch type {
        case .transformable, .value: break
        default: return .value(stored, type)
        }
        let end = QueryCompiler.JSONEnd(rest.last)
        let inner = try QueryCompiler.jsonPath(Array(end == .value ? rest : rest.dropLast()), column: 0)
        return .json(try Self.parsed(stored), path: inner, end: end)
      }
      guard let slot = entity.relationshipSlot(named: segment) else { return .value(.null, .string) }
      let destination = layout.schema.entities[entity.destinationIndices[slot]]
      if entity.relationships[slot].isToMany {
        let members = try current.map { object throws(StoreError) in try Self.reading { () throws(GraphError) in try object.related(forKey: segment) } } ?? []
        return .members(members, rest: rest, entity: destination)
      }
      current = try current.flatMap { object throws(StoreError) in try Self.reading { () throws(GraphError) in try object.relatedObject(forKey: segment) } }
      if rest.isEmpty { return .object(current) }
      entity = destination
      index += 1
    }
    return .object(current)
  }

  /// Attribute `name` of `object` as its column keeps it (null when there is no object).
  private func storedValue(of object: ManagedObject?, _ name: String, slot: Int, declared: EntityDescription) throws(StoreError) -> SQLValue {
    guard let object else { return .null }
    let value = try Self.reading { () throws(GraphError) in try object.value(forKey: name) }
    let own = object.entity.attributeSlot(named: name) ?? slot
    return try layout.codecs[object.entity.index][own].sqlValue(value)
  }

  /// `@sum`, `@avg`, `@min` or `@max` of the values `rest` reaches from `members` (nil ones
  /// left out), and the type a value compared with it takes: what the store's SQL answers,
  /// 0 for the sum and average of none, nil for their minimum and maximum.
  private func aggregate(
    _ function: QueryCompiler.Aggregate, _ rest: ArraySlice<String>, of members: [ManagedObject], entity: EntityDescription
  ) throws(StoreError) -> (value: SQLValue, type: AttributeType) {
    guard case .value(_, let type) = try reach(rest, from: nil, entity: entity) else { return (.null, .integer64) }
    var values: [SQLValue] = []
    for member in members {
      guard case .value(let value, _) = try reach(rest, from: member, entity: entity), value != .null else { continue }
      values.append(type == .decimal ? value.asReal : value)
    }
    let compared: AttributeType = type == .decimal ? .double : type
    return (try QueryAggregation.collection(function, of: values), function == .avg ? .double : compared)
  }

  // MARK: - Helpers

  /// A key path as a SUBQUERY's objects read it: without its leading `$variable`.
  private static func relative(_ segments: [String]) -> [String] {
    segments.first?.hasPrefix("$") == true ? Array(segments.dropFirst()) : segments
  }

  /// Text folded as `[c]` and `[d]` ask; any other value as it is (as `foundry_fold` does).
  private static func fold(_ value: SQLValue, _ folding: QueryFolding) -> SQLValue {
    guard !folding.isEmpty, case .text(let text) = value else { return value }
    return .text(folding.fold(text))
  }

  /// The JSON a JSON column holds.
  private static func parsed(_ stored: SQLValue) throws(StoreError) -> JSONValue? {
    guard case .text(let text) = stored else { return nil }
    do { return try JSONDocument(string: text).value } catch { throw StoreError(.invalidValue, "stored JSON does not read back: \(error)") }
  }

  /// The value at `path` inside `value` (an index counts from the end when negative); `nil`
  /// when there is none.
  private static func locate(_ path: [JSONPathComponent], in value: JSONValue) -> JSONValue? {
    var current = value
    for component in path {
      switch (component, current) {
      case (.key(let key), .object(let object)):
        guard let member = object[key] else { return nil }
        current = member
      case (.index(let index), .array(let elements)):
        let position = index < 0 ? elements.count + index : index
        guard elements.indices.contains(position) else { return nil }
        current = elements[position]
      default: return nil
      }
    }
    return current
  }

  /// Runs a read of the graph, its error as the store's.
  private static func reading<Value>(_ read: () throws(GraphError) -> Value) throws(StoreError) -> Value {
    do { return try read() } catch { throw StoreError(.invalidValue, error.description) }
  }
}
