import FoundryXML
import Testing

/// The scanner skips plain text, attribute values and the bodies of CDATA sections, comments
/// and processing instructions eight bytes at a time, and indentation a word of spaces at a
/// time: every stop must be found at every place, before and after a word boundary.
@Suite("XMLScanner: runs of plain bytes")
struct XMLScannerRunTests {
  static let lengths = Array(0...25)

  static func filler(_ count: Int) -> String {
    String((0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
  }

  /// The byte offset of the error `document` is rejected with, or `nil` when it is accepted.
  static func errorOffset(_ document: String, _ options: XMLParsingOptions = .init()) -> Int? {
    do {
      _ = try XMLTree(string: document, options: options)
      return nil
    } catch let error as XMLParsingError {
      return error.offset
    } catch {
      return -1
    }
  }

  @Test("Text stops at a reference, a line end, ']]>' and a control character wherever they are", arguments: lengths)
  func textStops(length: Int) throws {
    let before = Self.filler(length)
    let after = Self.filler(25 - length)
    #expect(try XMLTree(string: "<a>\(before)&amp;\(after)</a>").root.text == "\(before)&\(after)")
    #expect(try XMLTree(string: "<a>\(before)\r\n\(after)\r</a>").root.text == "\(before)\n\(after)\n")
    #expect(try XMLTree(string: "<a>\(before)]\(after)]]</a>").root.text == "\(before)]\(after)]]")
    #expect(try XMLTree(string: "<a>\(before)\u{FFFD}\(after)</a>").root.text == "\(before)\u{FFFD}\(after)")
    #expect(Self.errorOffset("<a>\(before)]]>\(after)</a>") == 3 + length)
    #expect(Self.errorOffset("<a>\(before)\u{1}\(after)</a>") == 3 + length)
    #expect(Self.errorOffset("<a>\(before)\u{FFFE}\(after)</a>") == 3 + length)
    #expect(Self.errorOffset("<a>\(before)") == 3 + length)
  }

  @Test("Attribute values stop at quotes, '<', references, tabs and controls wherever they are", arguments: lengths)
  func valueStops(length: Int) throws {
    let before = Self.filler(length)
    let after = Self.filler(25 - length)
    let tree = try XMLTree(string: "<a v=\"\(before)'&amp;\t\(after)\" w='\(before)\"\(after)'/>")
    #expect(tree.root["v"] == "\(before)'& \(after)")
    #expect(tree.root["w"] == "\(before)\"\(after)")
    #expect(Self.errorOffset("<a v=\"\(before)<\(after)\"/>") == 6 + length)
    #expect(Self.errorOffset("<a v=\"\(before)\u{2}\(after)\"/>") == 6 + length)
    #expect(Self.errorOffset("<a v=\"\(before)") == 5)
  }

  @Test("CDATA sections, comments and instructions stop only at their own delimiters", arguments: lengths)
  func markupStops(length: Int) throws {
    let before = Self.filler(length)
    let after = Self.filler(25 - length)
    let body = "\(before)-?]>\(after)"
    let tree = try XMLTree(
      string: "<a><![CDATA[\(body)]]><!--\(before)]?>\(after)--><?t \(before)-]>?\(after)?></a>", options: .faithful)
    let children = Array(tree.root.children)
    #expect(children.count == 3)
    if case .cdata(let text) = children.first { #expect(text == body) } else { Issue.record("no CDATA: \(children)") }
    if children.count > 1, case .comment(let text) = children[1] {
      #expect(text == "\(before)]?>\(after)")
    } else {
      Issue.record("no comment: \(children)")
    }
    if case .processingInstruction(let target, let data) = children.last {
      #expect(target == "t")
      #expect(data == "\(before)-]>?\(after)")
    } else {
      Issue.record("no instruction: \(children)")
    }
    #expect(try XMLTree(string: "<a><![CDATA[\(before)\r\n\(after)]]></a>").root.text == "\(before)\n\(after)")
    #expect(Self.errorOffset("<a><![CDATA[\(before)\u{3}\(after)]]></a>") == 12 + length)
    #expect(Self.errorOffset("<a><!--\(before)--\(after)--></a>") == 7 + length)
    #expect(Self.errorOffset("<a><!--\(before)\u{FFFF}\(after)--></a>") == 7 + length)
    #expect(Self.errorOffset("<a><?t \(before)\u{4}?></a>") == 7 + length)
  }

  @Test("Indentation of every width, in every mix of spaces, tabs and line feeds", arguments: lengths)
  func indentation(width: Int) throws {
    let patterns = [
      String(repeating: " ", count: width), "\n" + String(repeating: " ", count: width),
      String(repeating: "\t", count: width), String((0..<width).map { [" ", "\n", " ", "\t", " ", " "][$0 % 6] }),
    ]
    for blank in patterns {
      var keep = XMLParsingOptions()
      keep.whitespace = .keep
      var trim = XMLParsingOptions()
      trim.whitespace = .trim
      let document = "<a>\(blank)<b/>\(blank)x y\(blank)<c/>\(blank)&amp;\(blank)</a>"
      let kept = try XMLTree(string: document, options: keep).root.children.compactMap { node -> String? in
        if case .text(let text) = node { return text }
        return nil
      }
      #expect(kept == (blank.isEmpty ? ["x y", "&"] : [blank, "\(blank)x y\(blank)", "\(blank)&\(blank)"]))
      let trimmed = try XMLTree(string: document, options: trim).root.children.compactMap { node -> String? in
        if case .text(let text) = node { return text }
        return nil
      }
      // An element's text is trimmed as a whole: between child elements it stays as written.
      #expect(trimmed == ["\(blank)x y\(blank)", "\(blank)&"])
      let dropped = Array(try XMLTree(string: document).root.children).count
      #expect(dropped == 4)
      #expect(Self.errorOffset("<a>\(blank)\u{5}</a>") == 3 + blank.utf8.count)
      #expect(Self.errorOffset("<a>\(blank)\r\u{6}</a>") == 4 + blank.utf8.count)
    }
  }

  @Test("Names that hash alike but differ in one byte stay apart", arguments: [2, 3, 5, 9, 13, 17])
  func similarNames(length: Int) throws {
    let stem = Self.filler(length)
    var names: [String] = []
    for place in 1..<length - 1 {
      var bytes = Array(stem.utf8)
      bytes[place] = UInt8(ascii: "z")
      names.append(String(decoding: bytes, as: UTF8.self))
    }
    names.append(stem)
    let body = (names + names).map { "<\($0) \($0)=\"1\"/>" }.joined()
    let tree = try XMLTree(string: "<r>\(body)</r>")
    #expect(tree.root.elements.map(\.qualifiedName) == names + names)
    #expect(tree.root.elements.map { $0.attributes.map(\.name.qualifiedName) } == (names + names).map { [$0] })
  }
}
