#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TransformerRegistry {
  /// The registry every decoder starts with: every built-in transformer by name.
  ///
  /// | Spec | Transformer |
  /// |---|---|
  /// | `iso8601`, `iso8601-date`, `rfc3339`, `rfc1123`, `rfc822`, `twitter` | ``DateTransformer`` |
  /// | `epoch-seconds`, `epoch-ms`, `date:FORMAT` | ``DateTransformer`` |
  /// | `bool`, `int`, `double`, `string` | ``IdentityTransformer`` |
  /// | `url`, `uuid`, `decimal`, `decimal-string`, `base64`, `base64url` | the type's transformer |
  /// | `split:SEPARATOR` | ``SplitTransformer`` |
  ///
  /// ```swift
  /// let stamp = try TransformerRegistry.standard.transformer(spec: "epoch-ms", as: Date.self)
  /// ```
  public static let standard: TransformerRegistry = {
    var registry = TransformerRegistry()
    registry.register(DateTransformer.iso8601, as: "iso8601")
    registry.register(DateTransformer.iso8601Date, as: "iso8601-date")
    registry.register(DateTransformer.rfc3339, as: "rfc3339")
    registry.register(DateTransformer.rfc1123, as: "rfc1123")
    registry.register(DateTransformer.rfc822, as: "rfc822")
    registry.register(DateTransformer.twitter, as: "twitter")
    registry.register(DateTransformer.secondsSince1970, as: "epoch-seconds")
    registry.register(DateTransformer.millisecondsSince1970, as: "epoch-ms")
    registry.register(IdentityTransformer<Bool>(), as: "bool")
    registry.register(IdentityTransformer<Int>(), as: "int")
    registry.register(IdentityTransformer<Double>(), as: "double")
    registry.register(IdentityTransformer<String>(), as: "string")
    registry.register(URLTransformer.url, as: "url")
    registry.register(UUIDTransformer.uuid, as: "uuid")
    registry.register(DecimalTransformer.decimal, as: "decimal")
    registry.register(DecimalTransformer.decimalString, as: "decimal-string")
    registry.register(Base64Transformer.base64, as: "base64")
    registry.register(Base64Transformer.base64URL, as: "base64url")
    registry.registerFactory("date", argument: "FORMAT") { format in
      format.isEmpty ? nil : DateTransformer.date(format: format)
    }
    registry.registerFactory("split", argument: "SEPARATOR") { separator in
      separator.isEmpty ? nil : SplitTransformer.split(separator: separator)
    }
    return registry
  }()
}
