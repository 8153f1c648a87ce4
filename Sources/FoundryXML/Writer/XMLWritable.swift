/// What elements, documents and parsed trees share in writing themselves as XML: the public
/// `makeXML(options:)`, `makeXMLString(options:)` and `writeXML(options:chunkSize:to:)` of
/// each type are these, written once.
protocol XMLWritable {
  /// Writes the value with `writer`, handing the bytes to `flush` (and emptying them) whenever
  /// they reach `chunkSize`.
  func write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError)
  /// A first guess at the size of the text, reserved before writing.
  func estimatedXMLSize(pretty: Bool) -> Int
}

extension XMLWritable {
  /// The default guess, for values that do not know the size of their source.
  func estimatedXMLSize(pretty: Bool) -> Int { 1 << 12 }

  /// The value as UTF-8 XML text.
  func xmlBytes(options: XMLWritingOptions) throws(XMLWritingError) -> [UInt8] {
    var writer = XMLWriter(options: options)
    writer.reserveCapacity(estimatedXMLSize(pretty: options.isPretty))
    try write(with: &writer, chunkSize: .max) { _ in }
    return writer.bytes
  }

  /// The value as XML text in a `String`.
  func xmlString(options: XMLWritingOptions) throws(XMLWritingError) -> String {
    String(decoding: try xmlBytes(options: options), as: UTF8.self)
  }

  /// The value as XML text handed to `output` in pieces of about `chunkSize` bytes.
  func writeXMLPieces(options: XMLWritingOptions, chunkSize: Int, to output: ([UInt8]) -> Void) throws(XMLWritingError) {
    var writer = XMLWriter(options: options)
    writer.reserveCapacity(min(max(1, chunkSize), estimatedXMLSize(pretty: options.isPretty)))
    try write(with: &writer, chunkSize: max(1, chunkSize), flush: output)
    if !writer.bytes.isEmpty { output(writer.bytes) }
  }
}

extension XMLElementValue: XMLWritable {
  func write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }
}

extension XMLDocumentValue: XMLWritable {
  func write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }
}

extension XMLTree: XMLWritable {
  func write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }

  /// The parsed bytes, and half again when pretty printing indents them.
  func estimatedXMLSize(pretty: Bool) -> Int {
    pretty ? byteCount + byteCount / 2 + 64 : byteCount + 64
  }
}

extension XMLTree.Element: XMLWritable {
  func write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }
}
