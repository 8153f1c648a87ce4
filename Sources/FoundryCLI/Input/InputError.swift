import FoundryJSON
import FoundryXML
internal import FoundryInternals

/// Why a document given to a command could not be read, printed like a compiler diagnostic.
///
/// ```swift
/// print(InputError.unreadable(sourceName: "missing.json", reason: "No such file or directory"))
/// // error: cannot read 'missing.json': No such file or directory
/// // --> missing.json
/// ```
package enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes are not a well-formed JSON document.
  case json(JSONParsingError)
  /// The bytes are not a well-formed XML document.
  case xml(XMLParsingError)
  /// The file (or standard input) could not be read.
  case unreadable(sourceName: String, reason: String)

  /// The compiler-style rendering: `error: ...`, then `--> file[:line:column]`.
  package var description: String {
    switch self {
    case .json(let error):
      error.description(namingOption: Self.flag(for:), namingLimit: Self.flag(forLimit:))
    case .xml(let error):
      error.description(namingLimit: Self.flag(forLimit:))
    case .unreadable(let sourceName, let reason):
      Diagnostic.render(message: "cannot read '\(sourceName)': \(reason)", sourceName: sourceName)
    }
  }
}

extension InputError {
  /// How a user of the command line turns on a JSON parsing option, by its property name.
  static func flag(for option: String) -> String {
    switch option {
    case "allowsComments": "pass --allow-comments or --lenient"
    case "allowsByteOrderMark": "pass --allow-bom or --lenient"
    default: "set \(option)"
    }
  }

  /// The flag that sets a JSON or XML parsing limit, by its property name.
  static func flag(forLimit limit: String) -> String {
    switch limit {
    case "maximumNumberLength": "--max-number-length"
    case "maximumStringLength": "--max-string-length"
    case "maximumMemberCount": "--max-members"
    case "maximumAttributeCount": "--max-attributes"
    case "maximumEntityExpansion": "--max-entity-expansion"
    case "maximumEntityDepth": "--max-entity-depth"
    case "maximumDefaultedAttributeBytes": "--max-defaulted-attribute-bytes"
    default: limit
    }
  }
}

extension DocumentFormat {
  /// The format's name in messages.
  var displayName: String { rawValue.uppercased() }
}
