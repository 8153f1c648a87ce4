/// A value that writes itself as JSON text: a parsed ``JSONNode`` (straight from the
/// document's tape, numbers as they were written) or a built ``JSONValue``.
///
/// `makeJSON(options:)`, `makeJSONString(options:)` and `writeJSON(options:chunkSize:to:)`
/// are written once here for both. The requirements are underscored: only Foundry's own types
/// conform, but generic code can take any of them.
///
/// ```swift
/// func save(_ value: some JSONWritable, to path: String) throws {
///   try Data(value.makeJSON(options: .pretty)).write(to: URL(filePath: path))
/// }
/// ```
public protocol JSONWritable {
  /// Writes the value with `writer`, handing the bytes to `flush` (and emptying them) whenever
  /// they reach `chunkSize`.
  func _write(with writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows
  /// A first guess at the size of the text, reserved before writing.
  func _estimatedJSONSize(pretty: Bool) -> Int
}

extension JSONWritable {
  // MARK: - Writing

  /// The value as UTF-8 JSON text.
  ///
  /// A parsed node is written from the document's tape without building a ``JSONValue``:
  /// numbers keep the text they had in the input, strings are written under the options and
  /// repeated keys are resolved by the document's ``JSONParsingOptions/DuplicateKeyPolicy``, so
  /// the output is byte for byte what ``JSONNode/value`` would write.
  ///
  /// ```swift
  /// let value: JSONValue = ["name": "Ada", "langs": ["en", "fr"]]
  /// value.makeJSON()                    // {"name":"Ada","langs":["en","fr"]} as bytes
  /// value.makeJSON(options: .pretty)    // indented by two spaces
  ///
  /// let document = try JSONDocument(string: #"{ "ids": [1, 2.50], "name": "Ada" }"#)
  /// document.root.makeJSON()            // {"ids":[1,2.50],"name":"Ada"} as bytes
  /// ```
  ///
  /// - Parameter options: Layout, key order and escaping; compact and unsorted by default.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Complexity: O(*n*) in the size of the output, O(*n* log *n*) with sorted keys.
  public func makeJSON(options: JSONWritingOptions = .init()) -> [UInt8] {
    var writer = JSONWriter(options: options)
    writer.reserveCapacity(_estimatedJSONSize(pretty: options.isPretty))
    _write(with: &writer, chunkSize: .max) { _ in }
    return writer.bytes
  }

  /// The value as JSON text in a `String`.
  ///
  /// ```swift
  /// let value: JSONValue = ["b": 1, "a": [true, nil]]
  /// var options = JSONWritingOptions.pretty
  /// options.sortsKeys = true
  /// print(value.makeJSONString(options: options))
  /// // {
  /// //   "a": [
  /// //     true,
  /// //     null
  /// //   ],
  /// //   "b": 1
  /// // }
  ///
  /// let document = try JSONDocument(string: #"{"b": 1, "a": "x/y"}"#)
  /// options = JSONWritingOptions()
  /// options.sortsKeys = true
  /// options.escapesSlashes = true
  /// document.root.makeJSONString(options: options)  // {"a":"x\/y","b":1}
  /// ```
  ///
  /// - Parameter options: Layout, key order and escaping; compact and unsorted by default.
  /// - Complexity: O(*n*) in the size of the output, O(*n* log *n*) with sorted keys.
  public func makeJSONString(options: JSONWritingOptions = .init()) -> String {
    String(decoding: makeJSON(options: options), as: UTF8.self)
  }

  /// Writes the value as JSON text, handing it to `output` in pieces, so that memory stays
  /// bounded however large the text grows (pretty-printed deep nesting writes far more than
  /// the input or the tree holds).
  ///
  /// Each piece ends between two tokens, so it is whole UTF-8; together they are the bytes
  /// ``makeJSON(options:)`` returns.
  ///
  /// ```swift
  /// let document = try JSONDocument(string: #"[[1], [2]]"#)
  /// var text = ""
  /// document.root.writeJSON(options: .pretty) { text += String(decoding: $0, as: UTF8.self) }
  /// ```
  ///
  /// - Parameters:
  ///   - options: Layout, key order and escaping; compact and unsorted by default.
  ///   - chunkSize: The size a piece reaches before it is handed over (it may exceed it by
  ///     one token and its indentation).
  ///   - output: Receives each piece in order.
  /// - Complexity: O(*n*) in the size of the output, O(*n* log *n*) with sorted keys; memory
  ///   O(`chunkSize` + depth) beyond a built value's tree.
  public func writeJSON(options: JSONWritingOptions = .init(), chunkSize: Int = 1 << 16, to output: ([UInt8]) throws -> Void) rethrows {
    var writer = JSONWriter(options: options)
    writer.reserveCapacity(min(max(1, chunkSize), _estimatedJSONSize(pretty: options.isPretty)))
    try _write(with: &writer, chunkSize: max(1, chunkSize), flush: output)
    if !writer.bytes.isEmpty { try output(writer.bytes) }
  }
}
