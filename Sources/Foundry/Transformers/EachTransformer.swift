/// Reads an array by passing every element through another transformer (MoltenCore's
/// transformed arrays).
///
/// In lossy mode a bad element is dropped and reported, as in plain arrays; otherwise the
/// first bad element fails with its index in the path (`$.dates[2]: expected Date in ...`).
///
/// ```swift
/// holidays = try object.decode(at: 0, using: .each(.date(format: "yyyy-MM-dd")))
/// // ["2024-12-25", "2024-12-26"] → [Date, Date]
/// ```
public struct EachTransformer<Element: MappingTransformer>: MappingTransformer {
  /// The transformer applied to every element.
  public let element: Element

  /// A transformer applying `element` to every element.
  ///
  /// ```swift
  /// let stamps = EachTransformer(element: DateTransformer.secondsSince1970)
  /// ```
  /// - Parameters:
  ///   - element: The transformer of each element.
  public init(element: Element) { self.element = element }

  /// Reads the elements in order.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a non-array, or (outside lossy mode) a bad element.
  /// - Complexity: O(n) in the number of elements.
  public func read(from value: ValueReader) throws -> [Element.Value] {
    let elements = try value.elements()
    var result: [Element.Value] = []
    result.reserveCapacity(elements.count)
    for (index, item) in elements.enumerated() {
      if let decoded = try CollectionReading.read(using: element, from: item, at: .index(index)) {
        result.append(decoded)
      }
    }
    return result
  }

  /// Writes an array, each element through the element transformer.
  /// - Parameters:
  ///   - values: The elements.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ values: [Element.Value], to writer: inout ValueWriter) throws {
    try writer.writeArray(values) { item, writer in try element.write(item, to: &writer) }
  }
}

extension MappingTransformer {
  /// Every element of an array through `element`.
  ///
  /// ```swift
  /// holidays = try object.decode(at: 0, using: .each(.date(format: "yyyy-MM-dd")))
  /// ```
  /// - Parameters:
  ///   - element: The transformer of each element.
  public static func each<T: MappingTransformer>(_ element: T) -> EachTransformer<T> where Self == EachTransformer<T> {
    EachTransformer(element: element)
  }
}
