import FoundryXML
import Testing

/// What an XML stream gave: the elements' values, then the error that stopped it, if any.
struct XMLStreamOutcome: Equatable, CustomStringConvertible {
  var values: [XMLElementValue] = []
  /// The error that stopped the stream, or (when going on past malformed elements) every error.
  var errors: [XMLErrorPlace] = []

  var error: XMLErrorPlace? { errors.first }

  var description: String { "\(values.count) values, errors: \(errors)" }
}

/// The parts of an ``XMLParsingError`` that must agree between the whole document and a stream.
struct XMLErrorPlace: Equatable, CustomStringConvertible {
  var message: String
  var line: Int?
  var column: Int?
  var offset: Int?

  init(message: String, line: Int?, column: Int?, offset: Int?) {
    self.message = message
    self.line = line
    self.column = column
    self.offset = offset
  }

  init(_ error: XMLParsingError) {
    message = error.message
    line = error.line
    column = error.column
    offset = error.offset
  }

  var description: String {
    guard let line, let column, let offset else { return "\(message) (the whole input)" }
    return "\(message) at \(line):\(column) (offset \(offset))"
  }
}

/// Feeds `bytes` to a scanner in pieces cut at `cuts` (ascending offsets) and collects what comes
/// out; stops at the first error, or goes on past malformed elements when `continuing`.
func streamXML(
  _ bytes: [UInt8],
  at path: String = "*",
  options: XMLParsingOptions = .init(),
  streamOptions: XMLStreamOptions = .init(),
  cuts: [Int],
  continuing: Bool = false
) -> XMLStreamOutcome {
  var scanner = XMLElementScanner(at: path, options: options, streamOptions: streamOptions)
  var outcome = XMLStreamOutcome()
  var start = 0
  let ends = cuts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
  func drain() -> Bool {
    while true {
      do {
        guard let element = try scanner.next() else { return true }
        outcome.values.append(element.value)
      } catch let error as XMLParsingError {
        outcome.errors.append(XMLErrorPlace(error))
        if !continuing || scanner.isFailed { return false }
      } catch {
        Issue.record("unexpected error \(error)")
        return false
      }
    }
  }
  for end in ends {
    scanner.append(bytes[start..<end])
    start = end
    guard drain() else { return outcome }
  }
  scanner.finish()
  _ = drain()
  return outcome
}

/// What parsing the whole of `bytes` in memory gives: the elements at `path` (names as written
/// or `*`), or the parser's error.
func wholeXMLDocument(_ bytes: [UInt8], at path: String = "*", options: XMLParsingOptions = .init()) -> XMLStreamOutcome {
  do {
    let tree = try XMLTree(bytes: bytes, options: options)
    var level = [tree.root]
    for name in path.split(separator: ".", omittingEmptySubsequences: true) {
      level = level.flatMap { element in element.elements.filter { name == "*" || $0.qualifiedName == name } }
    }
    return XMLStreamOutcome(values: level.map(\.value))
  } catch let error as XMLParsingError {
    return XMLStreamOutcome(errors: [XMLErrorPlace(error)])
  } catch {
    Issue.record("unexpected error \(error)")
    return XMLStreamOutcome()
  }
}

/// The outcomes of every way of cutting `bytes` that the tests try: whole, byte by byte, and
/// in two at every offset.
func everyXMLChunking(
  _ bytes: [UInt8], at path: String = "*", options: XMLParsingOptions = .init(), streamOptions: XMLStreamOptions = .init()
) -> [(cuts: String, outcome: XMLStreamOutcome)] {
  var outcomes = [("whole", streamXML(bytes, at: path, options: options, streamOptions: streamOptions, cuts: []))]
  outcomes.append(("bytewise", streamXML(bytes, at: path, options: options, streamOptions: streamOptions, cuts: Array(bytes.indices))))
  for cut in bytes.indices.dropFirst() {
    outcomes.append(("at \(cut)", streamXML(bytes, at: path, options: options, streamOptions: streamOptions, cuts: [cut])))
  }
  return outcomes
}

/// Small batches, so that the markup between elements is checked in many pieces.
var smallBatches: XMLStreamOptions {
  var options = XMLStreamOptions()
  options.bufferSize = 16
  return options
}
