import FoundryJSON
import FoundryXML

// The streams' names per format: JSON's elements (a `JSONElementSequence` over any chunk
// source) and XML's (an `XMLElementSequence`), decoded strictly or lossily.

/// The elements of a streamed JSON array (or of JSON Lines) decoded into models one at a time:
/// ``MappedElementStream`` over a `JSONElementSequence`.
///
/// ```swift
/// let quakes: MappedElementSequence<Quake, JSONFileChunks> = decoder.elements(of: Quake.self, at: "features", from: url)
/// ```
public typealias MappedElementSequence<Value: MappableValue, Chunks: AsyncSequence> = MappedElementStream<Value, JSONElementSequence<Chunks>>
where Chunks.Element: Sequence<UInt8>

/// The repeated elements of a streamed XML input decoded into models one at a time:
/// ``MappedElementStream`` over an `XMLElementSequence`.
///
/// ```swift
/// let nodes: MappedXMLElementSequence<OSMNode, XMLFileChunks> = decoder.elements(of: OSMNode.self, at: "node", fromXML: url)
/// ```
public typealias MappedXMLElementSequence<Value: MappableValue, Chunks: AsyncSequence> = MappedElementStream<Value, XMLElementSequence<Chunks>>
where Chunks.Element: Sequence<UInt8>

/// The elements of a streamed JSON array (or of JSON Lines) decoded in lossy mode:
/// ``LossyElementStream`` over a `JSONElementSequence`.
///
/// ```swift
/// let results: LossyElementSequence<Quake, JSONFileChunks> = decoder.elements(of: Quake.self, at: "features", from: url).lossy
/// ```
public typealias LossyElementSequence<Value: MappableValue, Chunks: AsyncSequence> = LossyElementStream<Value, JSONElementSequence<Chunks>>
where Chunks.Element: Sequence<UInt8>

/// The repeated elements of a streamed XML input decoded in lossy mode:
/// ``LossyElementStream`` over an `XMLElementSequence`.
///
/// ```swift
/// let results: LossyXMLElementSequence<OSMNode, XMLFileChunks> = decoder.elements(of: OSMNode.self, at: "node", fromXML: url).lossy
/// ```
public typealias LossyXMLElementSequence<Value: MappableValue, Chunks: AsyncSequence> = LossyElementStream<Value, XMLElementSequence<Chunks>>
where Chunks.Element: Sequence<UInt8>
