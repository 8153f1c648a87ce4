#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

extension TransformerRegistry {
  /// The registry every decoder starts with: every built-in transformer by name.
  ///
  /// | Spec | Transformer |
  /// |---|---|
  /// | `iso8601`, `iso8601-date`, `rfc3339`, `rfc1123`, `rfc822`, `twitter` | ``DateTransformer`` |
  /// | `epoch-seconds`, `epoch-ms`, `date:FORMAT` | ``DateTransformer`` |
  /// | `epoch` (seconds, milliseconds or microseconds, by magnitude) | ``DateTransformer/sinceEpochByMagnitude`` |
  /// | `dates:SPEC\|SPEC` (`dates:iso8601\|rfc1123`), each a date spec above | ``DateFormatsTransformer`` |
  /// | `bool`, `int`, `double`, `string` | ``IdentityTransformer`` |
  /// | `json` (the value as it is, any JSON) | ``IdentityTransformer`` of `JSONValue` |
  /// | `url`, `uuid`, `decimal`, `decimal-string`, `base64`, `base64url` | the type's transformer |
  /// | `split:SEPARATOR` | ``SplitTransformer`` |
  ///
  /// ```swift
  /// let stamp = try TransformerRegistry.standard.transformer(spec: "epoch-ms", as: Date.self)
  /// ```
  public static let standard: TransformerRegistry = {
    var registry = TransformerRegistry()
    for (name, format) in TransformerRegistry.namedDateFormats { registry.register(format, as: name) }
    registry.register(IdentityTransformer<Bool>(), as: "bool")
    registry.register(IdentityTransformer<Int>(), as: "int")
    registry.register(IdentityTransformer<Double>(), as: "double")
    registry.register(IdentityTransformer<String>(), as: "string")
    registry.register(IdentityTransformer<JSONValue>(), as: "json")
    registry.register(URLTransformer.url, as: "url")
    registry.register(UUIDTransformer.uuid, as: "uuid")
    registry.register(DecimalTransformer.decimal, as: "decimal")
    registry.register(DecimalTransformer.decimalString, as: "decimal-string")
    registry.register(Base64Transformer.base64, as: "base64")
    registry.register(Base64Transformer.base64URL, as: "base64url")
    registry.registerFactory("date", argument: "FORMAT") { format in
      format.isEmpty ? nil : DateTransformer.date(format: format)
    }
    registry.registerFactory("dates", argument: "SPEC|SPEC") { specs in
      let parts = specs.split(separator: "|", omittingEmptySubsequences: false)
      let formats = parts.compactMap { TransformerRegistry.dateFormat(spec: String($0)) }
      return formats.isEmpty || formats.count < parts.count ? nil : DateFormatsTransformer(formats: formats)
    }
    registry.registerFactory("split", argument: "SEPARATOR") { separator in
      separator.isEmpty ? nil : SplitTransformer.split(separator: separator)
    }
    return registry
  }()

  /// The date formats registered by name.
  private static let namedDateFormats: [(name: String, format: DateTransformer)] = [
    ("iso8601", .iso8601), ("iso8601-date", .iso8601Date), ("rfc3339", .rfc3339), ("rfc1123", .rfc1123), ("rfc822", .rfc822),
    ("twitter", .twitter), ("epoch-seconds", .secondsSince1970), ("epoch-ms", .millisecondsSince1970),
    ("epoch", .sinceEpochByMagnitude),
  ]

  /// The date format one spec of `dates:SPEC|SPEC` names: a named one, or `date:FORMAT`.
  private static func dateFormat(spec: String) -> DateTransformer? {
    if let named = namedDateFormats.first(where: { $0.name == spec }) { return named.format }
    let pattern = spec.dropFirst("date:".count)
    return spec.hasPrefix("date:") && !pattern.isEmpty ? .date(format: String(pattern)) : nil
  }
}
