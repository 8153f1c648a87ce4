/// Writes a ``QueryNode`` as query text that reads back as the same node, columns included:
/// how a typed predicate gets the text its errors and `description` show. Values stay in the
/// node (and are bound to the SQL); the text only shows them.
struct QueryRenderer {
  private var text = ""
  /// Characters written so far (the lexer's columns count characters).
  private var length = 0

  /// `node` as text, and the node with each column where that text has it.
  static func render(_ node: QueryNode) -> (text: String, node: QueryNode) {
    var renderer = QueryRenderer()
    let placed = renderer.write(node)
    return (renderer.text, placed)
  }

  private var column: Int { length + 1 }

  private mutating func append(_ piece: String) {
    text += piece
    length += piece.count
  }

  private mutating func write(_ node: QueryNode) -> QueryNode {
    switch node {
    case .constant(let value):
      append(value ? "TRUEPREDICATE" : "FALSEPREDICATE")
      return node
    case .not(let inner):
      append("NOT ")
      return .not(write(inner, parenthesized: inner.isCompound))
    case .and(let operands):
      // AND binds tighter than OR and both group from the left, as the parser reads them.
      return .and(write(operands, joinedBy: " AND ") { index, operand in index == 0 ? operand.isOr : operand.isCompound })
    case .or(let operands):
      return .or(write(operands, joinedBy: " OR ") { index, operand in index > 0 && operand.isOr })
    case .comparison(let comparison):
      return .comparison(write(comparison))
    }
  }

  /// The operands of a chain, `keyword` between them, each in parentheses where
  /// `parenthesized` (given its position) says.
  private mutating func write(_ operands: [QueryNode], joinedBy keyword: String, parenthesized: (Int, QueryNode) -> Bool) -> [QueryNode] {
    var placed: [QueryNode] = []
    for (index, operand) in operands.enumerated() {
      if index > 0 { append(keyword) }
      placed.append(write(operand, parenthesized: parenthesized(index, operand)))
    }
    return placed
  }

  private mutating func write(_ node: QueryNode, parenthesized: Bool) -> QueryNode {
    guard parenthesized else { return write(node) }
    append("(")
    let placed = write(node)
    append(")")
    return placed
  }

  private mutating func write(_ comparison: QueryComparison) -> QueryComparison {
    var placed = comparison
    switch comparison.quantifier {
    case .any?: append("ANY ")
    case .all?: append("ALL ")
    case .noneOf?: append("NONE ")
    case nil: break
    }
    placed.left = write(comparison.left)
    append(" ")
    placed.column = column
    append(comparison.operation.rawValue + comparison.folding.notation)
    append(" ")
    placed.right = write(comparison.right)
    return placed
  }

  private mutating func write(_ operand: QueryOperand) -> QueryOperand {
    let start = column
    switch operand {
    case .keyPath(let segments, _):
      append(segments.joined(separator: "."))
      return .keyPath(segments, column: start)
    case .value(let literal, _):
      append(Self.spelling(of: literal))
      return .value(literal, column: start)
    case .list(let literals, _):
      append("{" + literals.map(Self.spelling(of:)).joined(separator: ", ") + "}")
      return .list(literals, column: start)
    case .subquery(let collection, let variable, let predicate, _):
      append("SUBQUERY(" + collection.joined(separator: ".") + ", $" + variable + ", ")
      let placed = write(predicate)
      append(").@count")
      return .subquery(collection: collection, variable: variable, predicate: placed, column: start)
    }
  }

  /// A literal as the lexer reads it back.
  static func spelling(of literal: QueryLiteral) -> String {
    switch literal {
    case .string(let text):
      var quoted = "\""
      for character in text {
        switch character {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "\r": quoted += "\\r"
        default: quoted.append(character)
        }
      }
      return quoted + "\""
    case .integer(let value): return "\(value)"
    case .double(let value): return "\(value)"
    case .bool(let value): return value ? "TRUE" : "FALSE"
    case .null: return "NIL"
    case .object: return "%@"
    }
  }
}

extension QueryNode {
  fileprivate var isOr: Bool {
    if case .or = self { return true }
    return false
  }

  fileprivate var isCompound: Bool {
    switch self {
    case .and, .or: true
    default: false
    }
  }
}
