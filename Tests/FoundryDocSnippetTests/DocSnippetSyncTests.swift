import Foundation
import Testing

/// Every ` ```swift ` block of the README and of the DocC articles is code a test of this target
/// compiles and runs, so the documentation cannot drift from the API.
///
/// A test marks the lines it runs for a block with `// doc: FILE #N` … `// end doc`, N counting
/// the file's Swift blocks from 1. A block may be split over several regions of one test file
/// (its `import` lines at the top, its type declarations in a namespace, its statements in the
/// test), which are joined in order; a region that two documents show alike names both,
/// separated by `; `. Lines are compared without their indentation and blank
/// lines; a test line may start with `_ = ` where the block shows an expression's value in a
/// comment (Swift warns of an unused value). The snippet files are left alone by swift-format
/// (`swift-format-ignore-file`), so that the spacing of the comments stays the documentation's.
@Suite("Doc snippets: each Swift block of the README and the articles is the code a test runs")
struct DocSnippetSyncTests {
  /// Blocks that are not Swift of this package, with the reason.
  static let notRun: [String: String] = [
    "Sources/FoundryJSON/FoundryJSON.docc/ReadingJSON.md #1": "lines of a user's Package.swift"
  ]

  @Test("every block is run by a test, word for word")
  func everyBlockIsRun() throws {
    let regions = try SnippetRegions(directory: SnippetRegions.testDirectory)
    var seen: Set<String> = []
    for document in try SnippetDocument.all() {
      for (index, block) in document.blocks.enumerated() {
        let id = "\(document.path) #\(index + 1)"
        seen.insert(id)
        if Self.notRun[id] != nil { continue }
        guard let lines = regions.lines[id] else {
          Issue.record("no test runs \(id):\n\(block.joined(separator: "\n"))")
          continue
        }
        let shown = SnippetRegions.normalized(block)
        let run = SnippetRegions.normalized(lines)
        let difference = Self.firstDifference(shown, run)
        #expect(
          difference == nil,
          "\(id) differs from the code its test runs at its line \((difference ?? 0) + 1):\n  shown: \(shown.dropFirst(difference ?? 0).first ?? "(end)")\n  run:   \(run.dropFirst(difference ?? 0).first ?? "(end)")"
        )
      }
    }
    for id in regions.lines.keys.sorted() where !seen.contains(id) {
      Issue.record("a test runs \(id), which no document has")
    }
  }

  /// The index of the first line where the block and its test differ, or `nil` when they are
  /// the same; a test's line may add `_ = ` to the block's.
  static func firstDifference(_ shown: [String], _ run: [String]) -> Int? {
    if let index = Array(zip(shown, run)).firstIndex(where: { $0 != $1 && "_ = " + $0 != $1 }) { return index }
    return shown.count == run.count ? nil : min(shown.count, run.count)
  }
}

/// A Markdown file of the package and its Swift blocks.
struct SnippetDocument {
  /// The path from the package's root: `README.md`, `Sources/Foundry/Foundry.docc/XMLModels.md`.
  var path: String
  /// Each ` ```swift ` block's lines, in order.
  var blocks: [[String]]

  /// The README and every DocC article.
  static func all() throws -> [SnippetDocument] {
    let root = SnippetRegions.packageRoot
    let manager = FileManager.default
    var paths = ["README.md"]
    let sources = root.appendingPathComponent("Sources")
    for module in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
      for entry in (try? manager.contentsOfDirectory(atPath: sources.appendingPathComponent(module).path))?.sorted() ?? []
      where entry.hasSuffix(".docc") {
        let catalog = "Sources/\(module)/\(entry)"
        for file in try manager.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path).sorted() where file.hasSuffix(".md") {
          paths.append("\(catalog)/\(file)")
        }
      }
    }
    return try paths.map { path in
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      return SnippetDocument(path: path, blocks: blocks(in: text))
    }
  }

  /// The lines of each ` ```swift ` block of `text`, indented or not.
  static func blocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var lines = current {
        if trimmed == "```" {
          blocks.append(lines)
          current = nil
        } else {
          lines.append(String(line))
          current = lines
        }
      } else if trimmed == "```swift" {
        current = []
      }
    }
    return blocks
  }
}

/// The regions of the snippet tests, by block.
struct SnippetRegions {
  /// The package's root, three levels above this file.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// The joined lines of every block's regions.
  var lines: [String: [String]] = [:]

  init(directory: URL) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().filter { $0.hasSuffix(".swift") }
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      var open: [String] = []
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !open.isEmpty {
          if trimmed == "// end doc" {
            open = []
          } else {
            for id in open { lines[id, default: []].append(String(line)) }
          }
        } else if trimmed.hasPrefix("// doc: ") {
          open = trimmed.dropFirst("// doc: ".count).split(separator: "; ").map(String.init)
        }
      }
    }
  }

  /// `lines` without indentation and blank lines.
  static func normalized(_ lines: [String]) -> [String] {
    lines.compactMap { line in
      let text = line.trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : text
    }
  }
}
