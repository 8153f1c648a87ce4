import ArgumentParser

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
      let message = "\(error)"
      print(message.hasPrefix("error:") ? message : "error: \(message)", to: .error)
      throw ExitCode.failure
    }
  }
}
