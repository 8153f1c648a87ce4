extension SchemaDiagram {
  /// The diagram as a Mermaid class diagram, which GitHub and many editors render.
  ///
  /// ```swift
  /// print(diagram.mermaid())
  /// // classDiagram
  /// //   direction LR
  /// //   class Author {
  /// //     +Int64 id «identity» «key author_id»
  /// //     +String name
  /// //   }
  /// //   ...
  /// //   Author "1" -- "0..*" Book : books (cascade) / author
  /// //   Author <|-- Poet
  /// ```
  ///
  /// Attributes read `+Type name`, `Type?` when optional, with `«identity»` and the payload
  /// key path when it differs from the name. A link's ends carry the cardinalities (`1`,
  /// `0..1`, `0..*`), its label the relationship, its inverse and non-default delete rules.
  public func mermaid() -> String {
    var lines = ["---", "title: \(title)", "---", "classDiagram", "  direction LR"]
    for box in boxes {
      let name = Self.mermaidName(box.name)
      if box.attributes.isEmpty && !box.isAbstract {
        lines.append("  class \(name)")
        continue
      }
      lines.append("  class \(name) {")
      if box.isAbstract { lines.append("    <<abstract>>") }
      for row in box.attributes {
        var text = "    +\(row.type)\(row.isOptional ? "?" : "") \(row.name)"
        if row.isIdentity { text += " «identity»" }
        if let keyPath = row.keyPath { text += " «key \(keyPath)»" }
        lines.append(text)
      }
      lines.append("  }")
    }
    for link in links {
      let sourceEnd = link.inverse?.cardinality ?? "*"
      lines.append(
        "  \(Self.mermaidName(link.source)) \"\(sourceEnd)\" \(link.inverse == nil ? "-->" : "--") \"\(link.forward.cardinality)\" "
          + "\(Self.mermaidName(link.destination)) : \(link.label)")
    }
    for box in boxes {
      if let parent = box.parent { lines.append("  \(Self.mermaidName(parent)) <|-- \(Self.mermaidName(box.name))") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The diagram in Graphviz's DOT language: a table per entity, crow's feet for to-many
  /// ends, hollow arrows for inheritance. `dot -Tsvg` or `-Tpng` lays it out.
  ///
  /// ```swift
  /// print(diagram.dot())
  /// // digraph "Library" {
  /// //   graph [rankdir=LR, ...];
  /// //   "Author" [label=<<table ...><tr><td ...><b>Author</b></td></tr>...</table>>];
  /// //   "Author" -> "Book" [dir=both, arrowhead=crowodot, arrowtail=tee, label="books (cascade) / author"];
  /// ```
  ///
  /// Identity attributes are underlined; key paths that differ from the name are grey.
  public func dot() -> String {
    var lines = [
      "digraph \(Self.quoted(title)) {",
      "  graph [rankdir=LR, fontname=\"Helvetica\", nodesep=0.5, ranksep=1.1, pad=0.3];",
      "  node [shape=plain, fontname=\"Helvetica\", fontsize=11];",
      "  edge [fontname=\"Helvetica\", fontsize=10, color=\"#555555\"];",
    ]
    for box in boxes {
      var rows = ["<tr><td bgcolor=\"#dce6f2\"><b>\(Self.escaped(box.name))</b>\(box.isAbstract ? " <i>abstract</i>" : "")</td></tr>"]
      for row in box.attributes {
        var text = Self.escaped(row.label)
        if row.isIdentity { text = "<u>\(text)</u>" }
        if let keyPath = row.keyPath { text += " <font color=\"#888888\">\(Self.escaped(keyPath))</font>" }
        rows.append("<tr><td align=\"left\">\(text)</td></tr>")
      }
      lines.append(
        "  \(Self.quoted(box.name)) [label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">"
          + rows.joined() + "</table>>];")
    }
    for link in links {
      let head = Self.arrow(for: link.forward)
      let tail = link.inverse.map(Self.arrow(for:)) ?? "none"
      lines.append(
        "  \(Self.quoted(link.source)) -> \(Self.quoted(link.destination)) [dir=both, arrowhead=\(head), arrowtail=\(tail), "
          + "label=\(Self.quoted(link.label))];")
    }
    for box in boxes {
      if let parent = box.parent {
        lines.append("  \(Self.quoted(box.name)) -> \(Self.quoted(parent)) [arrowhead=empty, style=dashed];")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Crow's-foot arrows: `crow` for many, `tee` for exactly one, `o` in front when none is
  /// allowed.
  private static func arrow(for end: End) -> String {
    let isOptional = end.isToMany ? end.minCount == 0 : end.isOptional
    return (end.isToMany ? "crow" : "tee") + (isOptional ? "odot" : "")
  }

  /// A Mermaid identifier: letters, digits and `_`, others replaced.
  private static func mermaidName(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }

  /// A DOT string: quotes and backslashes escaped.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  /// Text for HTML-like labels and SVG: `&`, `<`, `>` and `"` escaped.
  package static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
