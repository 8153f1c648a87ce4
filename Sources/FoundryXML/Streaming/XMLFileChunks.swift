@_exported import struct FoundryInternals.FileChunks

/// The bytes of a file as an `AsyncSequence` of fixed-size chunks: the file source of an
/// ``XMLElementSequence``.
///
/// The file is opened when iteration starts and closed when it ends (or the iterator goes). By
/// default it reads ``XMLStreamOptions/bufferSize`` bytes at a time; a file that cannot be read
/// throws ``XMLParsingError`` with code ``XMLParsingError/Code/unreadableInput``.
///
/// ```swift
/// for try await chunk in XMLFileChunks(path: "big.osm", bufferSize: 1 << 20) {
///   print(chunk.count)
/// }
/// let chunks = XMLFileChunks(url: URL(filePath: "big.osm"))
/// ```
public typealias XMLFileChunks = FileChunks<XMLParsingError>
