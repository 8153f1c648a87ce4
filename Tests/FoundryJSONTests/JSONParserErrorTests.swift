import FoundryJSON
import FoundryTestSupport
import Testing

/// Every message the reader can produce, word for word, with its code and place.
@Suite("JSON reader: error messages")
struct JSONParserErrorTests {
  // MARK: - End of input

  @Test func endOfInput() {
    expectParseError("", message: "unexpected end of input, expected a value", line: 1, column: 1, offset: 0, code: .unexpectedEndOfInput)
    expectParseError(" \n\t ", message: "unexpected end of input, expected a value", line: 2, column: 3, offset: 4, code: .unexpectedEndOfInput)
    expectParseError("[", message: "unexpected end of input, expected a value", offset: 1, code: .unexpectedEndOfInput)
    expectParseError(#"{"a":"#, message: "unexpected end of input, expected a value", offset: 5, code: .unexpectedEndOfInput)
    expectParseError(#"{"a": "#, message: "unexpected end of input, expected a value", offset: 6, code: .unexpectedEndOfInput)
    expectParseError("[1,", message: "unexpected end of input after ','", line: 1, column: 4, offset: 3, code: .unexpectedEndOfInput)
    expectParseError("[1, ", message: "unexpected end of input after ','", offset: 4, code: .unexpectedEndOfInput)
    expectParseError(#"{"a":1,"#, message: "unexpected end of input after ','", offset: 7, code: .unexpectedEndOfInput)
    expectParseError("[1", message: "unexpected end of input in array, expected ',' or ']'", offset: 2, code: .unexpectedEndOfInput)
    expectParseError("[[]", message: "unexpected end of input in array, expected ',' or ']'", offset: 3, code: .unexpectedEndOfInput)
    expectParseError(#"{"a":1"#, message: "unexpected end of input in object, expected ',' or '}'", offset: 6, code: .unexpectedEndOfInput)
    expectParseError(#"{"a":{} "#, message: "unexpected end of input in object, expected ',' or '}'", offset: 8, code: .unexpectedEndOfInput)
    expectParseError("{", message: "unexpected end of input, expected a string key", offset: 1, code: .unexpectedEndOfInput)
    expectParseError("{ \n", message: "unexpected end of input, expected a string key", line: 2, column: 1, offset: 3, code: .unexpectedEndOfInput)
    expectParseError(#"{"a""#, message: "unexpected end of input, expected ':'", offset: 4, code: .unexpectedEndOfInput)
    expectParseError(#"{"a" "#, message: "unexpected end of input, expected ':'", offset: 5, code: .unexpectedEndOfInput)
    expectParseError(#""abc"#, message: "unexpected end of input in string", offset: 4, code: .unexpectedEndOfInput)
    expectParseError(#"""#, message: "unexpected end of input in string", offset: 1, code: .unexpectedEndOfInput)
    expectParseError(#"{"a"#, message: "unexpected end of input in string", offset: 3, code: .unexpectedEndOfInput)
    expectParseError(#""\"#, message: "unexpected end of input in string", offset: 2, code: .unexpectedEndOfInput)
    expectParseError(#""\u12"#, message: "unexpected end of input in string", offset: 5, code: .unexpectedEndOfInput)
    expectParseError(#""\uD800\u"#, message: "unexpected end of input in string", offset: 9, code: .unexpectedEndOfInput)
    expectParseError("-", message: "unexpected end of input in number", offset: 1, code: .unexpectedEndOfInput)
    expectParseError("1.", message: "unexpected end of input in number", offset: 2, code: .unexpectedEndOfInput)
    expectParseError("1e", message: "unexpected end of input in number", offset: 2, code: .unexpectedEndOfInput)
    expectParseError("1e+", message: "unexpected end of input in number", offset: 3, code: .unexpectedEndOfInput)
    expectParseError("-1.5E-", message: "unexpected end of input in number", offset: 6, code: .unexpectedEndOfInput)
  }

  // MARK: - Unexpected characters

  @Test func unexpectedCharacterWhereAValueBelongs() {
    expectParseError("]", message: "unexpected character ']', expected a value", line: 1, column: 1, offset: 0, code: .unexpectedCharacter)
    expectParseError("}", message: "unexpected character '}', expected a value", offset: 0, code: .unexpectedCharacter)
    expectParseError("[}", message: "unexpected character '}', expected a value", offset: 1, code: .unexpectedCharacter)
    expectParseError(#"{"a":}"#, message: "unexpected character '}', expected a value", offset: 5, code: .unexpectedCharacter)
    expectParseError(#"{"a":,}"#, message: "unexpected character ',', expected a value", offset: 5, code: .unexpectedCharacter)
    expectParseError("[,1]", message: "unexpected character ',', expected a value", offset: 1, code: .unexpectedCharacter)
    expectParseError("x", message: "unexpected character 'x', expected a value", code: .unexpectedCharacter)
    expectParseError("'a'", message: "unexpected character ''', expected a value", code: .unexpectedCharacter)
    expectParseError("+1", message: "unexpected character '+', expected a value", code: .unexpectedCharacter)
    expectParseError(".5", message: "unexpected character '.', expected a value", code: .unexpectedCharacter)
    expectParseError("True", message: "unexpected character 'T', expected a value", code: .unexpectedCharacter)
    expectParseError("NaN", message: "unexpected character 'N', expected a value", code: .unexpectedCharacter)
    expectParseError("Infinity", message: "unexpected character 'I', expected a value", code: .unexpectedCharacter)
    expectParseError("\u{1}", message: "unexpected character U+0001, expected a value", code: .unexpectedCharacter)
    expectParseError("\u{0}", message: "unexpected character U+0000, expected a value", code: .unexpectedCharacter)
    expectParseError("\u{0C}1", message: "unexpected character U+000C, expected a value", code: .unexpectedCharacter)
    expectParseError("\u{0B}1", message: "unexpected character U+000B, expected a value", code: .unexpectedCharacter)
    expectParseError("\u{7F}", message: "unexpected character U+007F, expected a value", code: .unexpectedCharacter)
    expectParseError("é", message: "unexpected byte 0xC3, expected a value", code: .unexpectedCharacter)
    expectParseError("\u{A0}1", message: "unexpected byte 0xC2, expected a value", code: .unexpectedCharacter)
    expectParseError([0x5B, 0xFF, 0x5D], message: "unexpected byte 0xFF, expected a value", offset: 1, code: .unexpectedCharacter)
  }

  @Test func unexpectedCharacterAfterComma() {
    expectParseError("[1,]", message: "unexpected character ']' after ','", line: 1, column: 4, offset: 3, code: .unexpectedCharacter)
    expectParseError("[1,,2]", message: "unexpected character ',' after ','", offset: 3, code: .unexpectedCharacter)
    expectParseError(#"{"a":1,}"#, message: "unexpected character '}' after ','", offset: 7, code: .unexpectedCharacter)
    expectParseError(#"{"a":1,,"b":2}"#, message: "unexpected character ',' after ','", offset: 7, code: .unexpectedCharacter)
    expectParseError(#"{"a":1, b:2}"#, message: "unexpected character 'b' after ','", offset: 8, code: .unexpectedCharacter)
    expectParseError("[1, é]", message: "unexpected byte 0xC3 after ','", offset: 4, code: .unexpectedCharacter)
  }

  @Test func unexpectedCharacterAfterArrayElement() {
    expectParseError("[1 2]", message: "expected ',' or ']' after array element, found character '2'", offset: 3, code: .unexpectedCharacter)
    expectParseError("[1}", message: "expected ',' or ']' after array element, found character '}'", offset: 2, code: .unexpectedCharacter)
    expectParseError("[1:2]", message: "expected ',' or ']' after array element, found character ':'", offset: 2, code: .unexpectedCharacter)
    expectParseError("[1a]", message: "expected ',' or ']' after array element, found character 'a'", offset: 2, code: .unexpectedCharacter)
    expectParseError("[truex]", message: "expected ',' or ']' after array element, found character 'x'", offset: 5, code: .unexpectedCharacter)
    expectParseError(#"["a""b"]"#, message: #"expected ',' or ']' after array element, found character '"'"#, offset: 4, code: .unexpectedCharacter)
    expectParseError("[1\u{0}]", message: "expected ',' or ']' after array element, found character U+0000", offset: 2, code: .unexpectedCharacter)
    expectParseError("[1 é]", message: "expected ',' or ']' after array element, found byte 0xC3", offset: 3, code: .unexpectedCharacter)
    expectParseError("[0x1]", message: "expected ',' or ']' after array element, found character 'x'", offset: 2, code: .unexpectedCharacter)
    expectParseError("[1.5.2]", message: "expected ',' or ']' after array element, found character '.'", offset: 4, code: .unexpectedCharacter)
  }

  @Test func unexpectedCharacterAfterObjectMember() {
    expectParseError(#"{"a":1 "b":2}"#, message: #"expected ',' or '}' after object member, found character '"'"#, offset: 7, code: .unexpectedCharacter)
    expectParseError(#"{"a":1]"#, message: "expected ',' or '}' after object member, found character ']'", offset: 6, code: .unexpectedCharacter)
    expectParseError(#"{"a":1;"b":2}"#, message: "expected ',' or '}' after object member, found character ';'", offset: 6, code: .unexpectedCharacter)
    expectParseError(#"{"a":"b":"c"}"#, message: "expected ',' or '}' after object member, found character ':'", offset: 8, code: .unexpectedCharacter)
  }

  @Test func unexpectedCharacterWhereAKeyBelongs() {
    expectParseError("{1:2}", message: "expected a string key, found character '1'", offset: 1, code: .unexpectedCharacter)
    expectParseError("{a:2}", message: "expected a string key, found character 'a'", offset: 1, code: .unexpectedCharacter)
    expectParseError("{'a':2}", message: "expected a string key, found character '''", offset: 1, code: .unexpectedCharacter)
    expectParseError("{,}", message: "expected a string key, found character ','", offset: 1, code: .unexpectedCharacter)
    expectParseError("{]", message: "expected a string key, found character ']'", offset: 1, code: .unexpectedCharacter)
    expectParseError("{null:1}", message: "expected a string key, found character 'n'", offset: 1, code: .unexpectedCharacter)
  }

  @Test func unexpectedCharacterWhereAColonBelongs() {
    expectParseError(#"{"a" 1}"#, message: "expected ':' after object key, found character '1'", offset: 5, code: .unexpectedCharacter)
    expectParseError(#"{"a"=1}"#, message: "expected ':' after object key, found character '='", offset: 4, code: .unexpectedCharacter)
    expectParseError(#"{"a",1}"#, message: "expected ':' after object key, found character ','", offset: 4, code: .unexpectedCharacter)
    expectParseError(#"{"a"}"#, message: "expected ':' after object key, found character '}'", offset: 4, code: .unexpectedCharacter)
    expectParseError(#"{"a"::1}"#, message: "unexpected character ':', expected a value", offset: 5, code: .unexpectedCharacter)
  }

  @Test func unexpectedCharacterAfterTheTopLevelValue() {
    expectParseError("1 2", message: "unexpected character '2' after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("{}}", message: "unexpected character '}' after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("[]]", message: "unexpected character ']' after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("[][]", message: "unexpected character '[' after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("nulll", message: "unexpected character 'l' after the top-level value", offset: 4, code: .unexpectedCharacter)
    expectParseError("truefalse", message: "unexpected character 'f' after the top-level value", offset: 4, code: .unexpectedCharacter)
    expectParseError(#""a""b""#, message: #"unexpected character '"' after the top-level value"#, offset: 3, code: .unexpectedCharacter)
    expectParseError("1,", message: "unexpected character ',' after the top-level value", offset: 1, code: .unexpectedCharacter)
    expectParseError("0 \n x", message: "unexpected character 'x' after the top-level value", line: 2, column: 2, offset: 4, code: .unexpectedCharacter)
    expectParseError("1\u{0}", message: "unexpected character U+0000 after the top-level value", offset: 1, code: .unexpectedCharacter)
    expectParseError("{}\u{FEFF}", message: "unexpected byte 0xEF after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("1 \u{0C}", message: "unexpected character U+000C after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("1 \u{A0}", message: "unexpected byte 0xC2 after the top-level value", offset: 2, code: .unexpectedCharacter)
    expectParseError("1 \u{7F}", message: "unexpected character U+007F after the top-level value", offset: 2, code: .unexpectedCharacter)
  }

  // MARK: - Comments, byte order marks

  @Test func commentsWhenNotAllowed() {
    let message = "comments are not allowed (set allowsComments to accept them)"
    expectParseError("// c\n1", message: message, offset: 0, code: .unexpectedCharacter)
    expectParseError("/* c */ 1", message: message, offset: 0, code: .unexpectedCharacter)
    expectParseError("[1, /* c */ 2]", message: message, offset: 4, code: .unexpectedCharacter)
    expectParseError("[1 /* c */, 2]", message: message, offset: 3, code: .unexpectedCharacter)
    expectParseError(#"{/* c */"a":1}"#, message: message, offset: 1, code: .unexpectedCharacter)
    expectParseError(#"{"a"/* c */:1}"#, message: message, offset: 4, code: .unexpectedCharacter)
    expectParseError("1 // c", message: message, offset: 2, code: .unexpectedCharacter)
    expectParseError("/", message: message, offset: 0, code: .unexpectedCharacter)
  }

  @Test func unterminatedComment() {
    var options = JSONParsingOptions()
    options.allowsComments = true
    let message = "unexpected end of input in comment"
    expectParseError("/* c", options: options, message: message, line: 1, column: 1, offset: 0, code: .unexpectedEndOfInput)
    expectParseError("[1, /* c *", options: options, message: message, offset: 4, code: .unexpectedEndOfInput)
    expectParseError("1 /*", options: options, message: message, offset: 2, code: .unexpectedEndOfInput)
    expectParseError("1 /*/", options: options, message: message, offset: 2, code: .unexpectedEndOfInput)
    expectParseError("[\n  1 /* a\n b */ /*", options: options, message: message, line: 3, column: 7, offset: 17, code: .unexpectedEndOfInput)
  }

  @Test func byteOrderMarks() {
    expectParseError(
      [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],
      message: "byte order mark is not allowed (set allowsByteOrderMark to skip it)",
      line: 1, column: 1, offset: 0, code: .unexpectedCharacter
    )
    expectParseError(
      [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00],
      message: "input starts with a UTF-16 little-endian byte order mark; JSON must be UTF-8",
      line: 1, column: 1, offset: 0, code: .unexpectedCharacter
    )
    expectParseError(
      [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
      message: "input starts with a UTF-16 big-endian byte order mark; JSON must be UTF-8",
      offset: 0, code: .unexpectedCharacter
    )
    // Allowing the UTF-8 mark does not make UTF-16 input acceptable.
    expectParseError(
      [0xFF, 0xFE, 0x31, 0x00],
      options: .lenient,
      message: "input starts with a UTF-16 little-endian byte order mark; JSON must be UTF-8",
      code: .unexpectedCharacter
    )
    expectParseError(
      [0xFE, 0xFF],
      message: "input starts with a UTF-16 big-endian byte order mark; JSON must be UTF-8",
      code: .unexpectedCharacter
    )
    // UTF-32's marks are not UTF-16's, though the little-endian one starts like it.
    expectParseError(
      [0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00],
      message: "input starts with a UTF-32 little-endian byte order mark; JSON must be UTF-8",
      line: 1, column: 1, offset: 0, code: .unexpectedCharacter
    )
    expectParseError(
      [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B],
      message: "input starts with a UTF-32 big-endian byte order mark; JSON must be UTF-8",
      offset: 0, code: .unexpectedCharacter
    )
    // UTF-16 without a mark: the zero bytes are what is unexpected.
    expectParseError([0x00, 0x5B, 0x00, 0x5D], message: "unexpected character U+0000, expected a value", offset: 0)
    expectParseError([0x5B, 0x00, 0x5D, 0x00], message: "unexpected character U+0000, expected a value", offset: 1)
    // A mark anywhere but at the start is a stray byte.
    expectParseError([0x20, 0xEF, 0xBB, 0xBF, 0x31], message: "unexpected byte 0xEF, expected a value", offset: 1)
    expectParseError([0xEF, 0xBB], message: "unexpected byte 0xEF, expected a value", offset: 0)
  }

  // MARK: - Numbers

  @Test func invalidNumbers() {
    let leadingZero = "invalid number: leading zeros are not allowed"
    expectParseError("01", message: leadingZero, offset: 1, code: .invalidNumber)
    expectParseError("00", message: leadingZero, offset: 1, code: .invalidNumber)
    expectParseError("-01", message: leadingZero, offset: 2, code: .invalidNumber)
    expectParseError("[007]", message: leadingZero, offset: 2, code: .invalidNumber)
    expectParseError("00.5", message: leadingZero, offset: 1, code: .invalidNumber)

    let afterMinus = "invalid number: expected a digit after '-'"
    expectParseError("-a", message: afterMinus, offset: 1, code: .invalidNumber)
    expectParseError("[-]", message: afterMinus, offset: 2, code: .invalidNumber)
    expectParseError("--1", message: afterMinus, offset: 1, code: .invalidNumber)
    expectParseError("-.5", message: afterMinus, offset: 1, code: .invalidNumber)
    expectParseError("- 1", message: afterMinus, offset: 1, code: .invalidNumber)
    expectParseError("-Infinity", message: afterMinus, offset: 1, code: .invalidNumber)
    expectParseError("[-+1]", message: afterMinus, offset: 2, code: .invalidNumber)

    let afterPoint = "invalid number: expected a digit after '.'"
    expectParseError("[1.]", message: afterPoint, offset: 3, code: .invalidNumber)
    expectParseError("1.e5", message: afterPoint, offset: 2, code: .invalidNumber)
    expectParseError("1. 5", message: afterPoint, offset: 2, code: .invalidNumber)
    expectParseError("-0.x", message: afterPoint, offset: 3, code: .invalidNumber)
    expectParseError("1..2", message: afterPoint, offset: 2, code: .invalidNumber)

    let inExponent = "invalid number: expected a digit in the exponent"
    expectParseError("[1e]", message: inExponent, offset: 3, code: .invalidNumber)
    expectParseError("1ex", message: inExponent, offset: 2, code: .invalidNumber)
    expectParseError("1e+-2", message: inExponent, offset: 3, code: .invalidNumber)
    expectParseError("[1E+]", message: inExponent, offset: 4, code: .invalidNumber)
    expectParseError("1.5e.5", message: inExponent, offset: 4, code: .invalidNumber)
    expectParseError("0e ", message: inExponent, offset: 2, code: .invalidNumber)
  }

  // MARK: - Literals

  @Test func invalidLiterals() {
    expectParseError("tru", message: "invalid literal, expected 'true'", line: 1, column: 1, offset: 0, code: .invalidLiteral)
    expectParseError("[trUe]", message: "invalid literal, expected 'true'", offset: 1, code: .invalidLiteral)
    expectParseError("t", message: "invalid literal, expected 'true'", offset: 0, code: .invalidLiteral)
    expectParseError("fals", message: "invalid literal, expected 'false'", offset: 0, code: .invalidLiteral)
    expectParseError("[1, folse]", message: "invalid literal, expected 'false'", offset: 4, code: .invalidLiteral)
    expectParseError("nul", message: "invalid literal, expected 'null'", offset: 0, code: .invalidLiteral)
    expectParseError(#"{"a": nil}"#, message: "invalid literal, expected 'null'", offset: 6, code: .invalidLiteral)
    expectParseError("nan", message: "invalid literal, expected 'null'", offset: 0, code: .invalidLiteral)
  }

  // MARK: - Strings

  @Test func controlCharactersInStrings() {
    expectParseError("\"a\u{1}\"", message: "unescaped control character U+0001 in string", line: 1, column: 3, offset: 2, code: .invalidString)
    expectParseError("\"\t\"", message: "unescaped control character U+0009 in string", offset: 1, code: .invalidString)
    expectParseError("\"a\nb\"", message: "unescaped control character U+000A in string", line: 1, column: 3, offset: 2, code: .invalidString)
    expectParseError("\"\r\"", message: "unescaped control character U+000D in string", offset: 1, code: .invalidString)
    expectParseError("\"\u{0}\"", message: "unescaped control character U+0000 in string", offset: 1, code: .invalidString)
    expectParseError("\"\u{1F}\"", message: "unescaped control character U+001F in string", offset: 1, code: .invalidString)
    expectParseError("{\"a\u{8}\": 1}", message: "unescaped control character U+0008 in string", offset: 3, code: .invalidString)
    // DEL (0x7F) is not a control character for JSON.
    #expect((try? JSONDocument(string: "\"\u{7F}\""))?.root.string == "\u{7F}")
  }

  @Test func invalidEscapes() {
    expectParseError(#""\x""#, message: #"invalid escape sequence '\x' in string"#, line: 1, column: 2, offset: 1, code: .invalidString)
    expectParseError(#"["a\a"]"#, message: #"invalid escape sequence '\a' in string"#, offset: 3, code: .invalidString)
    expectParseError(#""\U0041""#, message: #"invalid escape sequence '\U' in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\'""#, message: #"invalid escape sequence '\'' in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\0""#, message: #"invalid escape sequence '\0' in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\~""#, message: #"invalid escape sequence '\~' in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\!""#, message: #"invalid escape sequence '\!' in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\ ""#, message: #"invalid escape sequence in string: '\' followed by character U+0020"#, offset: 1, code: .invalidString)
    expectParseError("\"\\\u{1}\"", message: #"invalid escape sequence in string: '\' followed by character U+0001"#, offset: 1, code: .invalidString)
    expectParseError("\"\\\t\"", message: #"invalid escape sequence in string: '\' followed by character U+0009"#, offset: 1, code: .invalidString)
    expectParseError("\"\\\u{7F}\"", message: #"invalid escape sequence in string: '\' followed by character U+007F"#, offset: 1, code: .invalidString)
    expectParseError("\"\\é\"", message: #"invalid escape sequence in string: '\' followed by byte 0xC3"#, offset: 1, code: .invalidString)
    expectParseError("\"\\\u{0}\"", message: #"invalid escape sequence in string: '\' followed by character U+0000"#, offset: 1, code: .invalidString)
  }

  @Test func invalidUnicodeEscapes() {
    let message = #"invalid unicode escape, expected 4 hex digits after '\u'"#
    expectParseError(#""\u12G4""#, message: message, line: 1, column: 2, offset: 1, code: .invalidString)
    expectParseError(#""\u""#, message: message, offset: 1, code: .invalidString)
    expectParseError(#""\u123""#, message: message, offset: 1, code: .invalidString)
    expectParseError(#""ab\uXYZW""#, message: message, offset: 3, code: .invalidString)
    expectParseError(#""\u-123""#, message: message, offset: 1, code: .invalidString)
    expectParseError(#""\u 123""#, message: message, offset: 1, code: .invalidString)
    expectParseError(#""\uD800\u12""#, message: message, offset: 7, code: .invalidString)
    expectParseError(#""\uD800\uZZZZ""#, message: message, offset: 7, code: .invalidString)
  }

  @Test func loneSurrogatesAreRejectedByDefault() {
    expectParseError(#""\uD800""#, message: #"unpaired UTF-16 surrogate \uD800 in string"#, line: 1, column: 2, offset: 1, code: .invalidString)
    expectParseError(#""\udbff""#, message: #"unpaired UTF-16 surrogate \uDBFF in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\uDC00""#, message: #"unpaired UTF-16 surrogate \uDC00 in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\udfff""#, message: #"unpaired UTF-16 surrogate \uDFFF in string"#, offset: 1, code: .invalidString)
    expectParseError(#""ab\uD800cd""#, message: #"unpaired UTF-16 surrogate \uD800 in string"#, offset: 3, code: .invalidString)
    expectParseError(#""\uD800\n""#, message: #"unpaired UTF-16 surrogate \uD800 in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\uD800\u0041""#, message: #"unpaired UTF-16 surrogate \uD800 in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\uD800\uD800""#, message: #"unpaired UTF-16 surrogate \uD800 in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\uDC00\uD800""#, message: #"unpaired UTF-16 surrogate \uDC00 in string"#, offset: 1, code: .invalidString)
    expectParseError(#""\uD83D\uDE00\uDE00""#, message: #"unpaired UTF-16 surrogate \uDE00 in string"#, offset: 13, code: .invalidString)
    expectParseError(#"{"\uDFAA": 0}"#, message: #"unpaired UTF-16 surrogate \uDFAA in string"#, offset: 2, code: .invalidString)
  }

  // MARK: - UTF-8

  @Test func invalidUTF8() {
    func string(_ bytes: [UInt8]) -> [UInt8] { [0x22] + bytes + [0x22] }
    let continuation = "invalid UTF-8: unexpected continuation byte 0x80"
    expectParseError(string([0x80]), message: continuation, line: 1, column: 2, offset: 1, code: .invalidUTF8)
    expectParseError(string([0x61, 0xBF]), message: "invalid UTF-8: unexpected continuation byte 0xBF", offset: 2, code: .invalidUTF8)
    expectParseError(string([0xC3, 0xA9, 0xA9]), message: "invalid UTF-8: unexpected continuation byte 0xA9", offset: 3, code: .invalidUTF8)

    let overlong = "invalid UTF-8: overlong encoding"
    expectParseError(string([0xC0, 0xAF]), message: overlong, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xC1, 0xBF]), message: overlong, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xC0, 0x80]), message: overlong, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xE0, 0x80, 0xAF]), message: overlong, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xE0, 0x9F, 0xBF]), message: overlong, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF0, 0x80, 0x80, 0xAF]), message: overlong, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF0, 0x8F, 0xBF, 0xBF]), message: overlong, offset: 1, code: .invalidUTF8)

    let surrogate = "invalid UTF-8: encoded UTF-16 surrogate"
    expectParseError(string([0xED, 0xA0, 0x80]), message: surrogate, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xED, 0xBF, 0xBF]), message: surrogate, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]), message: surrogate, offset: 1, code: .invalidUTF8)

    let aboveMaximum = "invalid UTF-8: code point above U+10FFFF"
    expectParseError(string([0xF4, 0x90, 0x80, 0x80]), message: aboveMaximum, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF4, 0xBF, 0xBF, 0xBF]), message: aboveMaximum, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF5, 0x80, 0x80, 0x80]), message: aboveMaximum, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF7, 0xBF, 0xBF, 0xBF]), message: aboveMaximum, offset: 1, code: .invalidUTF8)

    for byte: UInt8 in 0xF8...0xFF {
      expectParseError(
        string([byte, 0x80, 0x80, 0x80, 0x80]),
        message: "invalid UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) never appears in UTF-8",
        offset: 1, code: .invalidUTF8
      )
    }

    let truncated = "invalid UTF-8: truncated sequence"
    expectParseError(string([0xC3]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xC3, 0x41]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xE2, 0x82]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xE2, 0x82, 0x41]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF0, 0x9F, 0x98]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xF0, 0x9F]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xE0, 0xFF]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError(string([0xE9]), message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError([0x22, 0xC3], message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError([0x22, 0xF0, 0x9F, 0x98], message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError([0x22, 0xE2, 0x82], message: truncated, offset: 1, code: .invalidUTF8)
    expectParseError([0x22, 0xE2], message: truncated, offset: 1, code: .invalidUTF8)
  }

  @Test func everyLeadByteAlone() {
    // A lone byte (followed by the closing quote) is always rejected, with the right reason.
    for byte: UInt8 in 0x80...0xFF {
      let result = parsing { try JSONDocument(bytes: [0x22, byte, 0x22]) }
      guard case .failure(let error) = result else {
        Issue.record("byte 0x\(String(byte, radix: 16)) alone in a string was accepted")
        continue
      }
      #expect(error.code == .invalidUTF8)
      #expect(error.offset == 1)
    }
  }

  @Test func validUTF8AtTheBoundaries() throws {
    let cases: [[UInt8]] = [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF],
      [0xED, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF1, 0x80, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF],
      [0xF4, 0x80, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ]
    for bytes in cases {
      let document = try expectParses(bytes: [0x22] + bytes + [0x22])
      let expected = String(decoding: bytes, as: UTF8.self)
      #expect(document.root.string == expected)
      #expect(!expected.unicodeScalars.contains("\u{FFFD}"))
    }
  }

  // MARK: - Limits and duplicates

  @Test func depthLimit() {
    var options = JSONParsingOptions()
    options.maximumDepth = 2
    expectParseError("[[[]]]", options: options, message: "nesting depth exceeds the limit of 2", line: 1, column: 3, offset: 2, code: .depthLimitExceeded)
    expectParseError(#"{"a":{"b":{}}}"#, options: options, message: "nesting depth exceeds the limit of 2", offset: 10, code: .depthLimitExceeded)
    let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    expectParseError(deep, message: "nesting depth exceeds the limit of 512", offset: 512, code: .depthLimitExceeded)
  }

  @Test func sizeLimit() {
    var options = JSONParsingOptions()
    options.maximumInputSize = 4
    let error = expectParseError("[1,2]", options: options, message: "input of 5 bytes exceeds the limit of 4 bytes", code: .sizeLimitExceeded)
    // A failure of the whole input has no place: none is invented.
    #expect(error?.line == nil && error?.column == nil && error?.offset == nil)
    #expect(error?.description == "error: input of 5 bytes exceeds the limit of 4 bytes\n--> <input>")
  }

  @Test func duplicateKeyRejected() {
    var options = JSONParsingOptions()
    options.duplicateKeys = .reject
    expectParseError(#"{"a":1,"a":2}"#, options: options, message: #"duplicate key "a" in object"#, line: 1, column: 8, offset: 7, code: .duplicateKey)
    expectParseError(#"{"a":1,"b":2,"a":3,"b":4}"#, options: options, message: #"duplicate key "a" in object"#, offset: 13, code: .duplicateKey)
    expectParseError(#"{"x":{"a":1,"a":2}}"#, options: options, message: #"duplicate key "a" in object"#, offset: 12, code: .duplicateKey)
    // Keys compare after unescaping.
    expectParseError(#"{"é":1,"\u00e9":2}"#, options: options, message: #"duplicate key "é" in object"#, offset: 8, code: .duplicateKey)
    expectParseError(#"{"a\nb":1,"a\u000Ab":2}"#, options: options, message: "duplicate key \"a\nb\" in object", offset: 10, code: .duplicateKey)
    expectParseError(#"{"":1,"":2}"#, options: options, message: #"duplicate key "" in object"#, offset: 6, code: .duplicateKey)
  }

  // MARK: - Codes

  @Test func codesPrintTheirNames() {
    let codes: [JSONParsingError.Code] = [
      .unexpectedEndOfInput, .unexpectedCharacter, .invalidNumber, .invalidLiteral, .invalidString,
      .invalidUTF8, .depthLimitExceeded, .sizeLimitExceeded, .duplicateKey, .unreadableInput,
    ]
    #expect(
      codes.map(\.description) == [
        "unexpectedEndOfInput", "unexpectedCharacter", "invalidNumber", "invalidLiteral", "invalidString",
        "invalidUTF8", "depthLimitExceeded", "sizeLimitExceeded", "duplicateKey", "unreadableInput",
      ])
    #expect(Set(codes).count == codes.count)
  }
}
