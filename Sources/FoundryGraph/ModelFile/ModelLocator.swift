#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals
import FoundryXML

/// Finds the `contents` file a model URL stands for: the current version of a `.xcdatamodeld`
/// bundle, the `contents` of a `.xcdatamodel` directory, or the file itself.
struct ModelLocator {
  /// The `contents` file to read.
  var contentsURL: URL
  /// The name of the version read (`Library 2`).
  var versionName: String
  /// Every version's name, sorted; just ``versionName`` outside a bundle.
  var versionNames: [String]

  static let versionExtension = "xcdatamodel"
  static let currentVersionFile = ".xccurrentversion"
  static let currentVersionKey = "_XCCurrentVersionName"

  init(_ url: URL) throws(GraphError) {
    // Anything that cannot be listed is read as a file, which reports why it cannot be read.
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
      contentsURL = url
      let directory = url.deletingLastPathComponent()
      versionName = (directory.pathExtension == Self.versionExtension ? directory : url).deletingPathExtension().lastPathComponent
      versionNames = [versionName]
      return
    }
    if names.contains("contents") {
      contentsURL = url.appendingPathComponent("contents")
      versionName = url.deletingPathExtension().lastPathComponent
      versionNames = [versionName]
      return
    }
    versionNames = names.filter { $0.hasSuffix(".\(Self.versionExtension)") }
      .map { String($0.dropLast(Self.versionExtension.count + 1)) }.sorted()
    versionName = try Self.currentVersion(in: url, names: names, versions: versionNames)
    contentsURL = url.appendingPathComponent("\(versionName).\(Self.versionExtension)").appendingPathComponent("contents")
  }

  // MARK: - Bundles

  /// The version `.xccurrentversion` names, or the only one when that file is absent.
  private static func currentVersion(in bundle: URL, names: [String], versions: [String]) throws(GraphError) -> String {
    guard names.contains(currentVersionFile) else {
      switch versions.count {
      case 1: return versions[0]
      case 0:
        throw GraphError(.notAModel, "not a Core Data model: the directory holds neither a contents file nor .\(versionExtension) versions", path: bundle.relativePath)
      default:
        throw GraphError(.invalidVersion, "no \(currentVersionFile) file to choose the current version among \(versions.count)", path: bundle.relativePath)
      }
    }
    let file = bundle.appendingPathComponent(currentVersionFile)
    let (named, element) = try currentVersionEntry(in: file)
    let name = named.hasSuffix(".\(versionExtension)") ? String(named.dropLast(versionExtension.count + 1)) : named
    guard versions.contains(name) else {
      throw GraphError(.invalidVersion, "current version \"\(named)\" is not in the bundle", path: file.relativePath, at: element)
    }
    return name
  }

  /// The `_XCCurrentVersionName` string of a `.xccurrentversion` property list, and its element.
  private static func currentVersionEntry(in file: URL) throws(GraphError) -> (String, XMLTree.Element) {
    let bytes = try read(file)
    let root: XMLTree.Element
    do {
      root = try XMLTree.parse(bytes: bytes, options: XMLParsingOptions(), sourceName: file.relativePath).root
    } catch {
      throw GraphError(wrapping: error, path: file.relativePath)
    }
    let entries = root.firstElement(named: "dict")?.elements ?? []
    for (key, value) in zip(entries, entries.dropFirst())
    where key.qualifiedName == "key" && key.text == currentVersionKey && value.qualifiedName == "string" {
      return (value.text, value)
    }
    throw GraphError(.invalidVersion, "\(currentVersionFile) has no \(currentVersionKey) string", path: file.relativePath, at: root)
  }

  // MARK: - Files

  /// The bytes of `file`.
  static func read(_ file: URL) throws(GraphError) -> [UInt8] {
    do {
      return try FileReader.read(file.path)
    } catch {
      throw GraphError(.unreadableFile, "cannot read the model: \(error.reason)", path: file.relativePath)
    }
  }
}
