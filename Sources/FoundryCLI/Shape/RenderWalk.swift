import FoundryJSON

/// The explicit-stack walk behind ``ShapeRenderer/render(_:)``: tasks are popped one at a time,
/// and a task for a node pushes the tasks for its parts, so any nesting depth renders.
struct RenderWalk {
  let shape: Shape
  let options: ShapeRenderer.Options
  /// The structure classes, for records printed again; `nil` when no record can be (the
  /// option is off, or no record has two fields).
  private let classes: ShapeClasses?
  /// The path of the first record printed in full, by structure class.
  private var printed: [Int: Path] = [:]

  /// Where a node is: an entry of ``paths``, or ``rootPath``. Spelled out, a path is the
  /// display names of keys, `[]` after an array, a dictionary's placeholder (`statuses[]`,
  /// `user`, `entities`).
  private typealias Path = Int
  private static let rootPath = -1
  /// Every path met, each the last component over its parent's entry: a step deeper costs
  /// one entry, not a copy of the path (which made deep documents quadratic).
  private var paths: [PathEntry] = []

  private struct PathEntry {
    let parent: Path
    let name: String
    /// How many `[]` follow the name.
    let brackets: Int
  }

  private enum Task {
    /// Appends to the current line.
    case text(String)
    /// Appends to the current line's comment.
    case note(String)
    /// Starts a line at `depth` with a comment.
    case line(depth: Int, comment: String)
    /// The type expression of a node at `path`, written at `depth`.
    case expression(Shape.NodeID, depth: Int, path: Path)
    /// The fields of the record at a node, from position `next` on.
    case fields(Shape.NodeID, next: Int, depth: Int, path: Path)
  }

  init(shape: Shape, options: ShapeRenderer.Options) {
    self.shape = shape
    self.options = options
    let mayRepeat = options.abbreviatesRepeats && shape.nodes.contains { $0.fields.count >= 2 }
    self.classes = mayRepeat ? ShapeClasses(shape) : nil
  }

  mutating func run() -> [ShapeRenderer.Line] {
    var lines: [ShapeRenderer.Line] = [.init(depth: 0, text: "", comment: comment(for: Shape.rootID, presence: nil))]
    var tasks: [Task] = [.expression(Shape.rootID, depth: 0, path: Self.rootPath)]
    while let task = tasks.popLast() {
      switch task {
      case .text(let text):
        lines[lines.count - 1].text += text
      case .note(let note):
        let comment = lines[lines.count - 1].comment
        lines[lines.count - 1].comment = comment.isEmpty ? note : comment + ", " + note
      case .line(let depth, let comment):
        lines.append(.init(depth: depth, text: "", comment: comment))
      case .expression(let id, let depth, let path):
        tasks.append(contentsOf: expression(id, depth: depth, path: path).reversed())
      case .fields(let id, let next, let depth, let path):
        let node = shape[id]
        guard next < node.fields.count else {
          if next == node.fields.count, node.omittedMembers > 0 {
            tasks.append(.text("..."))
            tasks.append(.line(depth: depth, comment: Self.count(node.omittedMembers, "more member") + " with keys not kept"))
          }
          continue
        }
        let field = node.fields[next]
        let total = node.counts[.object]
        let isOptional = field.presence < total
        let name = Self.displayName(field.name)
        tasks.append(.fields(id, next: next + 1, depth: depth, path: path))
        tasks.append(.expression(field.node, depth: depth, path: appending(name, to: path)))
        tasks.append(.text(name + (isOptional ? "?: " : ": ")))
        let presence = isOptional ? (field.presence, total) : nil
        tasks.append(.line(depth: depth, comment: comment(for: field.node, presence: presence)))
      }
    }
    return lines
  }

  // MARK: - Expressions

  /// The tasks that write a node's type: its kinds joined by ` | `.
  private mutating func expression(_ id: Shape.NodeID, depth: Int, path: Path) -> [Task] {
    let node = shape[id]
    var parts: [[Task]] = []
    for kind in [ValueKind.null, .bool, .int, .double, .string] where node.counts[kind] > 0 {
      parts.append([.text(kind.description)])
    }
    if node.counts[.array] > 0 {
      if let element = node.element {
        let elementPath = elementsPath(of: path)
        parts.append([.text("["), .expression(element, depth: depth, path: elementPath), .text("]")])
      } else {
        parts.append([.text("[]")])
      }
    }
    if node.counts[.object] > 0 {
      parts.append(object(id, depth: depth, path: path))
    }
    if parts.isEmpty { return [.text("never")] }
    var tasks = parts[0]
    for part in parts.dropFirst() {
      tasks.append(.text(" | "))
      tasks.append(contentsOf: part)
    }
    return tasks
  }

  /// The tasks that write the object part of a node: a dictionary, `{}`, `{...}` or a block.
  private mutating func object(_ id: Shape.NodeID, depth: Int, path: Path) -> [Task] {
    let node = shape[id]
    if let map = node.map {
      let placeholder = map.pattern.placeholder
      return [.text("{\(placeholder): "), .expression(map.value, depth: depth, path: appending(placeholder, to: path)), .text("}")]
    }
    if node.fields.isEmpty { return [.text("{}")] }
    if let maximumDepth = options.maximumDepth, depth >= maximumDepth {
      return [.text("{...}"), .note(Self.count(node.fields.count, "field"))]
    }
    if let classes, node.fields.count >= 2 {
      let structure = classes[id]
      if let first = printed[structure] { return [.text("{...}"), .note("same as " + reference(to: first, from: path))] }
      printed[structure] = path
    }
    return [
      .text("{"), .fields(id, next: 0, depth: depth + 1, path: path),
      .line(depth: depth, comment: ""), .text("}"),
    ]
  }

  /// How a record printed earlier at `target` is named from `path`: by its key alone when it
  /// is a sibling (`medium`), by its whole path otherwise (`statuses[].user`).
  private func reference(to target: Path, from path: Path) -> String {
    guard target != Self.rootPath else { return "the root" }
    let targetEntry = paths[target]
    // Siblings share their parent's entry; the components are spelled out only when not.
    if path != Self.rootPath, targetEntry.parent != Self.rootPath, paths[path].parent == targetEntry.parent {
      return Self.component(targetEntry)
    }
    let components = self.components(of: target)
    if path != Self.rootPath, components.count > 1 {
      let others = self.components(of: path)
      if others.count == components.count, others.dropLast() == components.dropLast(), let last = components.last { return last }
    }
    return components.joined(separator: ".")
  }

  // MARK: - Paths

  /// The path of a member `name` (a key or a placeholder) of the node at `path`.
  private mutating func appending(_ name: String, to path: Path) -> Path {
    paths.append(PathEntry(parent: path, name: name, brackets: 0))
    return paths.count - 1
  }

  /// The path of the elements of the array at `path`: its last component with `[]` added.
  private mutating func elementsPath(of path: Path) -> Path {
    let entry = path == Self.rootPath ? PathEntry(parent: Self.rootPath, name: "", brackets: 0) : paths[path]
    paths.append(PathEntry(parent: entry.parent, name: entry.name, brackets: entry.brackets + 1))
    return paths.count - 1
  }

  /// The components of `path`, outermost first.
  private func components(of path: Path) -> [String] {
    var components: [String] = []
    var current = path
    while current != Self.rootPath {
      components.append(Self.component(paths[current]))
      current = paths[current].parent
    }
    return components.reversed()
  }

  private static func component(_ entry: PathEntry) -> String {
    entry.name + String(repeating: "[]", count: entry.brackets)
  }

  // MARK: - Comments

  private enum Unit: String { case item, key }

  /// The comment of the line where a node's expression starts: presence, then the sizes of
  /// the arrays and dictionaries written on that line, then an example string.
  private func comment(for id: Shape.NodeID, presence: (count: Int, total: Int)?) -> String {
    var parts: [String] = []
    if let presence { parts.append("in \(Self.number(presence.count)) of \(Self.number(presence.total))") }
    var steps: [(range: ClosedRange<Int>, unit: Unit)] = []
    var current = id
    while true {
      let node = shape[current]
      if let lengths = node.lengths {
        steps.append((lengths, .item))
        guard let element = node.element else { break }
        current = element
      } else if let map = node.map, let members = node.memberCounts {
        steps.append((members, .key))
        current = map.value
      } else {
        break
      }
    }
    // `[]` says it all when every array was empty.
    if !steps.isEmpty, !(steps.count == 1 && steps[0].range == 0...0) { parts.append(Self.sizes(steps)) }
    let last = shape[current]
    if options.showsExamples, last.counts[.string] > 0, let example = last.example {
      parts.append("e.g. " + JSONValue.string(example).makeJSONString())
    }
    return parts.joined(separator: ", ")
  }

  /// `10 items`, `0...25 items`, `480 × 4...7,000 × 2 items`, `184 keys × 3 items`.
  private static func sizes(_ steps: [(range: ClosedRange<Int>, unit: Unit)]) -> String {
    var text = ""
    for (position, step) in steps.enumerated() {
      if position > 0 { text += " × " }
      let range = step.range
      let isLastOfUnit = position + 1 == steps.count || steps[position + 1].unit != step.unit
      text +=
        range.lowerBound == range.upperBound
        ? number(range.lowerBound)
        : number(range.lowerBound) + "..." + number(range.upperBound)
      if isLastOfUnit { text += range == 1...1 ? " \(step.unit.rawValue)" : " \(step.unit.rawValue)s" }
    }
    return text
  }

  /// `1 item`, `7,000 items`.
  static func count(_ value: Int, _ noun: String) -> String {
    number(value) + " " + (value == 1 ? noun : noun + "s")
  }

  /// `7000` as `7,000`.
  static func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// A key as is when it reads as a name, otherwise as a JSON string.
  static func displayName(_ key: String) -> String {
    let isPlain =
      !key.isEmpty
      && key.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-$@#".unicodeScalars.contains(scalar)
      }
    return isPlain ? key : JSONValue.string(key).makeJSONString()
  }
}
