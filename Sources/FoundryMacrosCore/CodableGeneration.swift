import SwiftSyntax
import SwiftSyntaxBuilder

extension TypeAnalysis {
  /// `init(from decoder:)` through `Foundry.MappingCodableBridge`, so a model decodes with
  /// `JSONDecoder` and every other `Decoder` through its own declarations.
  ///
  /// A class cannot assign `self`: its initializer is a convenience one that delegates to the
  /// generated `init(from object:)`, then applies the unknown-key policy and `didMap()` as
  /// `Mappable.read(from:)` does.
  func decodableInitializer() -> DeclSyntax {
    if kind == .finalClass {
      return """
        \(raw: access)convenience init(from decoder: any Swift.Decoder) throws {
        var _$object = try Foundry.MappingCodableBridge.makeObjectReader(for: Self.self, from: decoder)
        try self.init(from: &_$object)
        try Foundry.MappingCodableBridge.finish(&_$object)
        var _$self = self
        try _$self.didMap()
        }
        """
    }
    return """
      \(raw: access)init(from decoder: any Swift.Decoder) throws {
      self = try Foundry.MappingCodableBridge.decode(Self.self, from: decoder)
      }
      """
  }

  /// `encode(to encoder:)` through `Foundry.MappingCodableBridge`.
  func encodableMethod() -> DeclSyntax {
    """
    \(raw: access)func encode(to encoder: any Swift.Encoder) throws {
    try Foundry.MappingCodableBridge.encode(self, to: encoder)
    }
    """
  }
}
