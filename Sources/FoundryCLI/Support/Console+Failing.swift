import ArgumentParser
import Foundry
import FoundryJSON
import FoundryXML

extension Console {
  /// Runs `body`; an error it throws is printed on standard error as a diagnostic (`error: ...`)
  /// and the command exits with status 1.
  ///
  /// ```swift
  /// let store = try console.failing { try Store(path: path, schema: schema) }
  /// ```
  func failing<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      let message = Self.diagnostic(for: error)
      print(message.hasPrefix("error:") ? message : "error: \(message)", to: .error)
      throw ExitCode.failure
    }
  }

  /// How `error` prints: as itself, but a malformed JSON or XML payload, however deep the
  /// library wrapped it, names the command's flags rather than the parser's properties.
  static func diagnostic(for error: any Error) -> String {
    if let parsing = error as? JSONParsingError { return InputError.json(parsing).description }
    if let parsing = error as? XMLParsingError { return InputError.xml(parsing).description }
    if let mapping = error as? MappingError, mapping.code == .malformedDocument {
      if let parsing = mapping.underlying as? JSONParsingError { return InputError.json(parsing).description }
      if let parsing = mapping.underlying as? XMLParsingError { return InputError.xml(parsing).description }
    }
    return "\(error)"
  }
}
