/// The namespace bindings in force while writing, innermost last; the `xml` prefix is
/// always bound and never stored.
struct XMLNamespaceScope: Sendable {
  /// The bound prefixes; `""` is the default namespace.
  private var prefixes: [String] = []
  /// The URIs they are bound to; `""` undeclares the default namespace.
  private var uris: [String] = []

  /// How many bindings are for the default namespace (`xmlns="..."`, `xmlns=""` included).
  private(set) var defaultBindingCount = 0

  var count: Int { prefixes.count }

  /// The URI `prefix` is bound to and the position of the binding (-1 for `xml`), or `nil`
  /// when the prefix is unbound.
  func lookup(_ prefix: String) -> (uri: String, index: Int)? {
    if prefix == "xml" { return (XMLName.xmlNamespace, -1) }
    var index = prefixes.count - 1
    while index >= 0 {
      if prefixes[index] == prefix { return (uris[index], index) }
      index -= 1
    }
    return nil
  }

  /// A non-default prefix currently bound to `uri` (and not shadowed), if any.
  func prefix(boundTo uri: String) -> String? {
    if uri == XMLName.xmlNamespace { return "xml" }
    var index = uris.count - 1
    while index >= 0 {
      if uris[index] == uri, !prefixes[index].isEmpty, lookup(prefixes[index])?.index == index { return prefixes[index] }
      index -= 1
    }
    return nil
  }

  /// A prefix `ns1`, `ns2`, ... that is not bound.
  func unusedPrefix() -> String {
    var number = 1
    while true {
      let candidate = "ns\(number)"
      if lookup(candidate) == nil { return candidate }
      number += 1
    }
  }

  mutating func bind(_ prefix: String, to uri: String) {
    if prefix.isEmpty { defaultBindingCount += 1 }
    prefixes.append(prefix)
    uris.append(uri)
  }

  mutating func truncate(to count: Int) {
    guard count < prefixes.count else { return }
    if defaultBindingCount > 0 { defaultBindingCount -= prefixes[count...].reduce(0) { $0 + ($1.isEmpty ? 1 : 0) } }
    prefixes.removeSubrange(count...)
    uris.removeSubrange(count...)
  }
}
