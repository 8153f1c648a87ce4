#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryXML
import Testing

@testable import FoundryCLI

/// `foundry diagram`: the example model as Mermaid, DOT and SVG, by our layout and by Graphviz.
@Suite("foundry diagram")
struct DiagramCommandTests {
  static var model: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/Library.xcdatamodeld").path
  }

  @Test func mermaidIsTheDefault() {
    let result = foundry("diagram", "--model", Self.model)
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(result.output.hasPrefix("---\ntitle: Library\n---\nclassDiagram\n"))
    #expect(result.output.contains("  class Author {\n    +Date? born\n    +String firstName\n    +Int64 id «identity» «key author_id»\n"))
    #expect(result.output.contains(#"  Author "0..1" -- "0..*" Book : books (ordered, cascade) / author"#))
    #expect(result.output.contains(#"  Book "0..*" -- "0..*" Tag : tags / books"#))
  }

  @Test func dotNamesEveryEntityAndLink() {
    let result = foundry("diagram", "--model", Self.model, "--format", "dot")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("digraph \"Library\" {\n"))
    for name in ["Author", "Book", "Tag"] { #expect(result.output.contains("  \"\(name)\" [label=<<table")) }
    #expect(result.output.contains(#""Author" -> "Book" [dir=both, arrowhead=crowodot, arrowtail=teeodot, label="books (ordered, cascade) / author"];"#))
  }

  @Test func svgByOurLayoutIsWellFormed() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/library.svg"
    let result = foundry("diagram", "--model", Self.model, "--format", "svg", "--layout", "builtin", "-o", path)
    #expect(result.status == 0)
    #expect(result.output == "")
    let tree = try XMLTree(contentsOfFile: path)
    #expect(tree.root.qualifiedName == "svg")
    #expect(tree.root.elements(named: "g").filter { $0["class"] == "entity" }.count == 3)
    #expect(tree.root.elements(named: "g").filter { $0["class"] == "link" }.count == 2)
  }

  /// With Graphviz on the PATH (CI installs it), `--layout graphviz` renders through `dot`;
  /// without it, asking for it is an error that says so.
  @Test func svgByGraphviz() throws {
    let result = foundry("diagram", "--model", Self.model, "--format", "svg", "--layout", "graphviz")
    guard Graphviz.find() != nil else {
      #expect(result.status == 1)
      #expect(result.error == "error: --layout graphviz needs Graphviz's dot on the PATH\n")
      return
    }
    #expect(result.status == 0)
    let tree = try XMLTree(string: result.output)
    #expect(tree.root.qualifiedName == "svg")
    for name in ["Author", "Book", "Tag"] { #expect(result.output.contains(">\(name)</text>")) }
  }

  @Test func anUnwritableOutputIsAnError() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/no/such/dir/library.mmd"
    #expect(
      foundry("diagram", "--model", Self.model, "-o", path)
        == CommandResult(status: 1, output: "", error: "error: cannot write '\(path)': No such file or directory\n"))
  }

  @Test func aMissingModelIsAnError() {
    let result = foundry("diagram", "--model", "/nonexistent/Missing.xcdatamodel")
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("error:"))
  }
}
