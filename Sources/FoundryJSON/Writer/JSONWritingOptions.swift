/// How JSON text is written: layout, key order and escaping.
///
/// The defaults give the smallest output that any JSON reader accepts: compact, keys in their
/// own order, `/` and non-ASCII characters written as they are.
///
/// ```swift
/// var options = JSONWritingOptions()
/// options.sortsKeys = true
/// options.escapesNonASCII = true
/// let value: JSONValue = ["name": "Zoë", "age": 7]
/// value.makeJSONString(options: options)  // {"age":7,"name":"Zo\u00eb"}
/// ```
///
/// Whatever the options, the writer always escapes `"`, `\` and the control characters below
/// U+0020: `\b`, `\f`, `\n`, `\r` and `\t` by their short forms, the others as `\u00XX` with
/// lowercase hexadecimal digits (`\u001f`), as JavaScript's `JSON.stringify` does. U+2028 and
/// U+2029 are legal in JSON strings and are written raw unless ``escapesNonASCII`` is set.
public struct JSONWritingOptions: Sendable, Hashable {
  /// Writes one member or element per line, indented by two spaces, with `"key": value`;
  /// empty containers stay `[]` and `{}`, and no newline follows the last line.
  ///
  /// ```swift
  /// var options = JSONWritingOptions()
  /// options.isPretty = true
  /// (["a": [1]] as JSONValue).makeJSONString(options: options)
  /// // {
  /// //   "a": [
  /// //     1
  /// //   ]
  /// // }
  /// ```
  public var isPretty = false

  /// Writes the members of every object in ascending order of their keys' UTF-8 bytes.
  ///
  /// Byte order is code point order, never locale- or normalization-dependent, so the output
  /// is the same on every machine: `"B"` sorts before `"a"`, `"z"` before `"é"`. Equal keys
  /// written through ``JSONWriter``'s primitives keep the order they were written in.
  ///
  /// ```swift
  /// var options = JSONWritingOptions()
  /// options.sortsKeys = true
  /// (["b": 1, "a": 2] as JSONValue).makeJSONString(options: options)  // {"a":2,"b":1}
  /// ```
  public var sortsKeys = false

  /// Writes `/` as `\/`, which keeps `</script>` from closing an HTML script element.
  ///
  /// ```swift
  /// var options = JSONWritingOptions()
  /// options.escapesSlashes = true
  /// JSONValue.string("a/b").makeJSONString(options: options)  // "a\/b"
  /// ```
  public var escapesSlashes = false

  /// Writes every character above U+007F as a `\uXXXX` escape (lowercase hexadecimal), and
  /// characters beyond U+FFFF as a UTF-16 surrogate pair, so the output is plain ASCII.
  ///
  /// ```swift
  /// var options = JSONWritingOptions()
  /// options.escapesNonASCII = true
  /// JSONValue.string("é😀").makeJSONString(options: options)  // "\u00e9\ud83d\ude00"
  /// ```
  public var escapesNonASCII = false

  /// Compact output, keys in their own order, `/` and non-ASCII characters written raw.
  ///
  /// ```swift
  /// (["a": [1, 2]] as JSONValue).makeJSONString(options: JSONWritingOptions())  // {"a":[1,2]}
  /// ```
  public init() {}

  /// Indented output (``isPretty``), everything else at its default.
  ///
  /// ```swift
  /// let text = (["a": 1] as JSONValue).makeJSONString(options: .pretty)
  /// // {
  /// //   "a": 1
  /// // }
  /// ```
  public static var pretty: JSONWritingOptions {
    var options = JSONWritingOptions()
    options.isPretty = true
    return options
  }
}
