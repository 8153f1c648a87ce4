extension CollectionReading {
  /// ``read(_:from:at:)`` for a transformer: the element's path component in front of errors
  /// and issues, and lossy dropping, exactly as for plain arrays and dictionaries.
  static func read<X: MappingTransformer>(using transformer: X, from value: ValueReader, at component: MappingPath.Component) throws -> X.Value? {
    let mark = value.context.isLossy ? value.context.issueMark : -1
    do {
      let decoded = try transformer.read(from: value)
      if mark >= 0 { value.context.prefixIssues(since: mark, with: component) }
      return decoded
    } catch {
      try failed(error, value: value, at: component, since: mark)
      return nil
    }
  }
}
