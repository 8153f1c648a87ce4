#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

extension MappingDecoder {
  /// Decodes a payload onto an existing model: the fields whose keys the payload has change
  /// (a nested model merges in place), the others keep their values; `let` properties never
  /// change. Errors are those of `decode(_:from:)`.
  ///
  /// A struct changes all at once: when the payload fails, `value` is as it was. A class
  /// instance is changed field by field, so a failure can leave the fields before it changed.
  ///
  /// ```swift
  /// var user = try decoder.decode(User.self, from: full)
  /// try decoder.update(&user, from: #"{"views": 12}"#)   // only views changes
  /// ```
  /// - Parameters:
  ///   - value: The model to change in place.
  ///   - bytes: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors mention.
  public func update<T: Mappable>(_ value: inout T, from bytes: [UInt8], sourceName: String? = nil) throws {
    try update(&value, from: parse(bytes, sourceName: sourceName), sourceName: sourceName)
  }

  /// `update(_:from:)` from a JSON string.
  /// - Parameters:
  ///   - value: The model to change in place.
  ///   - string: The JSON payload, as text.
  ///   - sourceName: The file name errors mention.
  public func update<T: Mappable>(_ value: inout T, from string: String, sourceName: String? = nil) throws {
    try update(&value, from: Array(string.utf8), sourceName: sourceName)
  }

  /// `update(_:from:)` from JSON `Data`.
  /// - Parameters:
  ///   - value: The model to change in place.
  ///   - data: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors mention.
  public func update<T: Mappable>(_ value: inout T, from data: Data, sourceName: String? = nil) throws {
    try update(&value, from: [UInt8](data), sourceName: sourceName)
  }

  /// `update(_:from:)` from an XML document.
  ///
  /// ```swift
  /// try decoder.update(&feed, fromXML: "<rss><channel><title>New</title></channel></rss>")
  /// ```
  /// - Parameters:
  ///   - value: The model to change in place.
  ///   - string: The XML document, as text.
  ///   - sourceName: The file name errors mention.
  public func update<T: Mappable>(_ value: inout T, fromXML string: String, sourceName: String? = nil) throws {
    try update(&value, from: xmlView(Array(string.utf8), sourceName: sourceName), sourceName: sourceName)
  }

  /// `update(_:from:)` from a parsed document node.
  /// - Parameters:
  ///   - value: The model to change in place.
  ///   - node: The payload: a parsed document, or any node of one.
  ///   - sourceName: The file name errors mention.
  public func update<T: Mappable>(_ value: inout T, from node: JSONNode, sourceName: String? = nil) throws {
    var updated = value
    try withRoot(node, sourceName: sourceName, factory: nil) { try T.update(&updated, from: $0) }
    value = updated
  }

  /// Lossy `update(_:from:)`: bad fields keep their values or take their
  /// defaults as in lossy decoding, and every issue is returned. When the top level fails,
  /// `value` is left as it was and the result's error says why.
  ///
  /// ```swift
  /// let result = decoder.updateLossy(&user, from: #"{"views": "many", "name": "Ada"}"#)
  /// result.issues   // $.views: field defaulted because ...
  /// ```
  /// - Parameters:
  ///   - value: The model to change in place; left as it was when the top level fails.
  ///   - string: The JSON payload, as text.
  ///   - sourceName: The file name errors mention.
  public func updateLossy<T: Mappable>(_ value: inout T, from string: String, sourceName: String? = nil) -> LossyResult<T> {
    let node: JSONNode
    do {
      node = try parse(Array(string.utf8), sourceName: sourceName)
    } catch {
      return LossyResult(value: nil, issues: [], error: error as? MappingError)
    }
    var updated = value
    let (issues, error) = run(from: node, sourceName: sourceName, lossy: true) { try T.update(&updated, from: $0) }
    if error == nil { value = updated }
    return LossyResult(value: error == nil ? updated : nil, issues: issues, error: error)
  }
}
