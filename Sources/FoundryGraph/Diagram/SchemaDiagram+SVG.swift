extension SchemaDiagram {
  /// The diagram as SVG, laid out by Foundry's own code: entities in columns by their
  /// distance (in links) from the most linked one, left to right, each column ordered by its
  /// neighbours' places; links as curves between the boxes' sides, their labels on white.
  ///
  /// ```swift
  /// try diagram.svg().write(toFile: "schema.svg", atomically: true, encoding: .utf8)
  /// ```
  ///
  /// Graphviz lays out larger models better: `dot -Tsvg` on ``dot()``, which `foundry diagram`
  /// uses when `dot` is on the `PATH`.
  public func svg() -> String {
    let layout = DiagramLayout(self)
    var body: [String] = []
    for (index, link) in links.enumerated() {
      body += layout.linkElements(index: index, link: link)
    }
    body += layout.inheritanceElements()
    for (index, box) in boxes.enumerated() { body += layout.boxElements(box, frame: layout.frames[index]) }
    let width = Int(layout.size.width.rounded(.up)), height = Int(layout.size.height.rounded(.up))
    let header = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
        + "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">",
      "<title>\(Self.escaped(title))</title>",
      "<defs><marker id=\"inherits\" viewBox=\"0 0 12 12\" refX=\"11\" refY=\"6\" markerWidth=\"12\" markerHeight=\"12\" orient=\"auto\">"
        + "<path d=\"M1,1 L11,6 L1,11 Z\" fill=\"white\" stroke=\"#555555\"/></marker></defs>",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
    ]
    return (header + body + ["</svg>"]).joined(separator: "\n") + "\n"
  }
}

/// Where the boxes and links of a ``SchemaDiagram`` go in its SVG.
struct DiagramLayout {
  struct Frame: Hashable {
    var x: Double, y: Double, width: Double, height: Double
    var midY: Double { y + height / 2 }
    var maxX: Double { x + width }
  }

  static let headerHeight = 24.0, rowHeight = 18.0, characterWidth = 7.0, columnGap = 170.0, rowGap = 36.0, margin = 24.0

  let diagram: SchemaDiagram
  private(set) var frames: [Frame] = []
  private(set) var size = (width: 0.0, height: 0.0)
  private var indices: [String: Int] = [:]
  /// The lines to draw, links first, then inheritance: box indices at both ends.
  private var edges: [(from: Int, to: Int)] = []
  /// Where each edge leaves and enters its boxes, by edge.
  private var ports: [(start: Double, end: Double)] = []

  init(_ diagram: SchemaDiagram) {
    self.diagram = diagram
    for (index, box) in diagram.boxes.enumerated() { indices[box.name] = index }
    let columns = arrangeColumns()
    place(columns)
    let pairs = diagram.links.map { ($0.source, $0.destination) } + diagram.boxes.compactMap { box in box.parent.map { (box.name, $0) } }
    edges = pairs.compactMap { pair in
      guard let from = indices[pair.0], let to = indices[pair.1] else { return nil }
      return (from, to)
    }
    assignPorts()
  }

  /// The sides an edge leaves and enters by: facing each other, or both on the right between
  /// boxes of one column.
  private func sides(of edge: (from: Int, to: Int)) -> (startsRight: Bool, endsRight: Bool) {
    let from = frames[edge.from], to = frames[edge.to]
    if abs((from.x + from.width / 2) - (to.x + to.width / 2)) < 1 { return (true, true) }
    return to.x > from.x ? (true, false) : (false, true)
  }

  /// Spreads the edges that meet one side of a box along its height, ordered by where their
  /// other end is, so that they neither cross at the box nor share a port.
  private mutating func assignPorts() {
    ports = Array(repeating: (0, 0), count: edges.count)
    var bySide: [Int: [(edge: Int, isStart: Bool, otherY: Double)]] = [:]
    for (index, edge) in edges.enumerated() {
      let (startsRight, endsRight) = sides(of: edge)
      bySide[edge.from * 2 + (startsRight ? 1 : 0), default: []].append((index, true, frames[edge.to].midY))
      bySide[edge.to * 2 + (endsRight ? 1 : 0), default: []].append((index, false, frames[edge.from].midY))
    }
    for (key, ends) in bySide {
      let frame = frames[key / 2]
      let top = frame.y + Self.headerHeight / 2, bottom = frame.y + frame.height - 4
      for (position, end) in ends.sorted(by: { $0.otherY < $1.otherY }).enumerated() {
        let y = ends.count == 1 ? frame.midY : top + (bottom - top) * Double(position) / Double(ends.count - 1)
        if end.isStart { ports[end.edge].start = y } else { ports[end.edge].end = y }
      }
    }
  }

  // MARK: - Columns

  /// The boxes' neighbours through links and inheritance, by index.
  private func neighbours() -> [[Int]] {
    var result = Array(repeating: [Int](), count: diagram.boxes.count)
    let pairs = diagram.links.map { ($0.source, $0.destination) } + diagram.boxes.compactMap { box in box.parent.map { (box.name, $0) } }
    for (a, b) in pairs {
      guard let i = indices[a], let j = indices[b], i != j else { continue }
      result[i].append(j)
      result[j].append(i)
    }
    return result
  }

  /// Columns by breadth-first distance from the most linked box of each connected group,
  /// each column ordered by the mean row of its neighbours in the column before.
  private func arrangeColumns() -> [[Int]] {
    let neighbours = neighbours()
    var column = Array(repeating: -1, count: diagram.boxes.count)
    var columns: [[Int]] = []
    let byDegree = diagram.boxes.indices.sorted { neighbours[$0].count > neighbours[$1].count }
    for start in byDegree where column[start] < 0 {
      column[start] = 0
      var queue = [start], head = 0
      while head < queue.count {
        let current = queue[head]
        head += 1
        for next in neighbours[current] where column[next] < 0 {
          column[next] = column[current] + 1
          queue.append(next)
        }
      }
      for index in queue {
        while columns.count <= column[index] { columns.append([]) }
        columns[column[index]].append(index)
      }
    }
    for position in columns.indices.dropFirst() {
      let previous = columns[position - 1]
      let rank = { (box: Int) -> Double in
        let places = neighbours[box].compactMap { previous.firstIndex(of: $0) }.map(Double.init)
        return places.isEmpty ? Double(previous.count) : places.reduce(0, +) / Double(places.count)
      }
      columns[position].sort { rank($0) < rank($1) }
    }
    return columns
  }

  private mutating func place(_ columns: [[Int]]) {
    frames = diagram.boxes.map { box in
      let widest = ([box.name.count + 2] + box.attributes.map { $0.label.count + ($0.keyPath.map { $0.count + 2 } ?? 0) }).max() ?? 0
      let height = Self.headerHeight + Double(box.attributes.count) * Self.rowHeight + 6
      return Frame(x: 0, y: 0, width: max(120, Double(widest) * Self.characterWidth + 20), height: height)
    }
    let heights = columns.map { $0.reduce(0) { $0 + frames[$1].height } + Double(max($0.count - 1, 0)) * Self.rowGap }
    let tallest = heights.max() ?? 0
    var x = Self.margin
    for (position, members) in columns.enumerated() {
      var y = Self.margin + (tallest - heights[position]) / 2
      let width = members.map { frames[$0].width }.max() ?? 0
      for index in members {
        frames[index].x = x + (width - frames[index].width) / 2
        frames[index].y = y
        y += frames[index].height + Self.rowGap
      }
      x += width + Self.columnGap
    }
    size = (max(x - Self.columnGap + Self.margin, 200), tallest + 2 * Self.margin)
  }

  // MARK: - Elements

  func boxElements(_ box: SchemaDiagram.Box, frame: Frame) -> [String] {
    var elements = [
      "<g class=\"entity\" id=\(SchemaDiagram.quoted("entity-" + box.name))>",
      "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" rx=\"4\" fill=\"white\" stroke=\"#4a6785\"/>",
      "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(Self.headerHeight))\" rx=\"4\" fill=\"#dce6f2\" stroke=\"#4a6785\"/>",
      "<text x=\"\(n(frame.x + frame.width / 2))\" y=\"\(n(frame.y + 16))\" text-anchor=\"middle\" font-weight=\"bold\""
        + (box.isAbstract ? " font-style=\"italic\"" : "") + ">\(SchemaDiagram.escaped(box.name))</text>",
    ]
    for (position, row) in box.attributes.enumerated() {
      let y = frame.y + Self.headerHeight + Self.rowHeight * Double(position + 1) - 4
      var text = "<tspan\(row.isIdentity ? " text-decoration=\"underline\"" : "")>\(SchemaDiagram.escaped(row.label))</tspan>"
      if let keyPath = row.keyPath { text += " <tspan fill=\"#888888\">\(SchemaDiagram.escaped(keyPath))</tspan>" }
      elements.append("<text x=\"\(n(frame.x + 8))\" y=\"\(n(y))\">\(text)</text>")
    }
    elements.append("</g>")
    return elements
  }

  /// The curve of link `index`, its label and its ends' cardinalities.
  func linkElements(index: Int, link: SchemaDiagram.Link) -> [String] {
    guard index < edges.count, indices[link.source] != nil, indices[link.destination] != nil else { return [] }
    let (path, start, end, middle) = curve(index)
    var elements = [
      "<g class=\"link\">",
      "<path d=\"\(path)\" fill=\"none\" stroke=\"#555555\"/>",
      label(link.label, at: middle),
      "<text x=\"\(n(end.x))\" y=\"\(n(end.y - 5))\" font-size=\"10\" text-anchor=\"\(end.anchor)\">\(link.forward.cardinality)</text>",
    ]
    if let inverse = link.inverse {
      elements.append("<text x=\"\(n(start.x))\" y=\"\(n(start.y - 5))\" font-size=\"10\" text-anchor=\"\(start.anchor)\">\(inverse.cardinality)</text>")
    }
    elements.append("</g>")
    return elements
  }

  /// A dashed curve from each subentity to its parent, with a hollow arrow at the parent.
  func inheritanceElements() -> [String] {
    edges.indices.dropFirst(diagram.links.count).map { index in
      let (path, _, _, _) = curve(index)
      return "<path class=\"inheritance\" d=\"\(path)\" fill=\"none\" stroke=\"#555555\" stroke-dasharray=\"5,4\" marker-end=\"url(#inherits)\"/>"
    }
  }

  private typealias Point = (x: Double, y: Double, anchor: String)

  /// The curve of edge `index` between its ports, where its end labels go, and its middle.
  private func curve(_ index: Int) -> (String, Point, Point, (x: Double, y: Double)) {
    let edge = edges[index], port = ports[index]
    let from = frames[edge.from], to = frames[edge.to]
    let (startsRight, endsRight) = sides(of: edge)
    let start = (x: startsRight ? from.maxX : from.x, y: port.start)
    let end = (x: endsRight ? to.maxX : to.x, y: port.end)
    let reach = startsRight == endsRight ? 60 + abs(end.y - start.y) / 6 : max(abs(end.x - start.x) / 2, 40)
    let startControl = start.x + (startsRight ? reach : -reach), endControl = end.x + (endsRight ? reach : -reach)
    let path = "M\(n(start.x)),\(n(start.y)) C\(n(startControl)),\(n(start.y)) \(n(endControl)),\(n(end.y)) \(n(end.x)),\(n(end.y))"
    let startLabel: Point = (start.x + (startsRight ? 4 : -4), start.y, startsRight ? "start" : "end")
    let endLabel: Point = (end.x + (endsRight ? 4 : -4), end.y, endsRight ? "start" : "end")
    // The curve's middle: the mean of its four points, as a cubic Bézier has it at t = ½.
    let middle = ((start.x + 3 * startControl + 3 * endControl + end.x) / 8, (start.y + end.y) / 2)
    return (path, startLabel, endLabel, (middle.0, middle.1))
  }

  /// A label centred at `point` on a white background.
  private func label(_ text: String, at point: (x: Double, y: Double)) -> String {
    let width = Double(text.count) * 6 + 8
    return "<rect x=\"\(n(point.x - width / 2))\" y=\"\(n(point.y - 9))\" width=\"\(n(width))\" height=\"14\" fill=\"white\" opacity=\"0.9\"/>"
      + "<text x=\"\(n(point.x))\" y=\"\(n(point.y + 2))\" font-size=\"10\" text-anchor=\"middle\">\(SchemaDiagram.escaped(text))</text>"
  }

  /// A coordinate with at most one decimal.
  private func n(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
