@_exported import struct FoundryInternals.FileChunks

/// The bytes of a file as an `AsyncSequence` of fixed-size chunks: the file source of a
/// ``JSONElementSequence``.
///
/// The file is opened when iteration starts and closed when it ends (or the iterator goes). By
/// default it reads ``JSONStreamOptions/bufferSize`` bytes at a time; a file that cannot be read
/// throws ``JSONParsingError`` with code ``JSONParsingError/Code/unreadableInput``.
///
/// ```swift
/// for try await chunk in JSONFileChunks(path: "big.json", bufferSize: 1 << 20) {
///   print(chunk.count)
/// }
/// let chunks = JSONFileChunks(url: URL(filePath: "big.json"))
/// ```
public typealias JSONFileChunks = FileChunks<JSONParsingError>
