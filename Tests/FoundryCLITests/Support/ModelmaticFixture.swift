#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A model shaped like the one seed 004 (Modelmatic) describes, written for these tests: an
/// `Author` whose `dateOfBirth` is Transformable through a transformer named `Date`, a `Book`
/// whose `tags` are Transformable through `StringArray`, a to-one `pricing` read from
/// `pricing.retail_price`, and three versions (the third current). Bound with
/// `--transformer Date=date:yyyy-MM-dd --transformer StringArray=split:,`.
enum ModelmaticFixture {
  /// The bindings the model needs.
  static let bindings = ["--transformer", "Date=date:yyyy-MM-dd", "--transformer", "StringArray=split:,"]

  /// A payload of three authors (one without books or a date), non-ASCII text, a list with
  /// `drama` and one with `melodrama`, an empty list, and prices as numbers and text.
  static let payload = """
    {"authors": [
      {"author_id": 1, "firstName": "William", "lastName": "Shakespeare", "dateOfBirth": "1564-04-01",
       "books": [{"book_id": 11, "title": "The Tempest", "tags": "drama,fantasy", "pricing": {"retail_price": 9.99}},
                 {"book_id": 12, "title": "Othello", "tags": "melodrama", "pricing": {"retail_price": "12.50"}}]},
      {"author_id": 2, "firstName": "Émile", "lastName": "Zola", "dateOfBirth": "1840-04-02",
       "books": [{"book_id": 21, "title": "Germinal", "tags": "", "pricing": {"retail_price": 7}}]},
      {"author_id": 3, "firstName": "Anonyme", "books": []}
    ]}
    """

  /// Writes the model bundle into `directory` and returns its path.
  static func writeModel(in directory: String) throws -> String {
    let bundle = directory + "/Modelmatic.xcdatamodeld"
    for (version, contents) in [("Modelmatic", version1), ("Modelmatic 2", version2), ("Modelmatic 3", version3)] {
      let folder = bundle + "/\(version).xcdatamodel"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data(model(contents).utf8).write(to: URL(fileURLWithPath: folder + "/contents"))
    }
    try Data(currentVersion.utf8).write(to: URL(fileURLWithPath: bundle + "/.xccurrentversion"))
    return bundle
  }

  private static let currentVersion = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>_XCCurrentVersionName</key>
        <string>Modelmatic 3.xcdatamodel</string>
    </dict>
    </plist>
    """

  private static func model(_ entities: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23A344" \
    minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
    \(entities)
    </model>
    """
  }

  private static func author(dated: Bool) -> String {
    """
        <entity name="Author" representedClassName="Author" syncable="YES">
            <attribute name="authorId" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES">
                <userInfo><entry key="jsonKeyPath" value="author_id"/></userInfo>
            </attribute>
    \(dated ? "        <attribute name=\"dateOfBirth\" optional=\"YES\" attributeType=\"Transformable\" valueTransformerName=\"Date\"/>" : "")
            <attribute name="firstName" optional="YES" attributeType="String"/>
            <attribute name="lastName" optional="YES" attributeType="String"/>
            <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
            <uniquenessConstraints><uniquenessConstraint><constraint value="authorId"/></uniquenessConstraint></uniquenessConstraints>
        </entity>
    """
  }

  private static func book(tagged: Bool, priced: Bool) -> String {
    """
        <entity name="Book" representedClassName="Book" syncable="YES">
            <attribute name="bookId" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES">
                <userInfo><entry key="jsonKeyPath" value="book_id"/></userInfo>
            </attribute>
    \(tagged ? "        <attribute name=\"tags\" optional=\"YES\" attributeType=\"Transformable\" valueTransformerName=\"StringArray\"/>" : "")
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
    \(priced ? "        <relationship name=\"pricing\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Cascade\" destinationEntity=\"Pricing\" inverseName=\"book\" inverseEntity=\"Pricing\"/>" : "")
            <uniquenessConstraints><uniquenessConstraint><constraint value="bookId"/></uniquenessConstraint></uniquenessConstraints>
        </entity>
    """
  }

  private static let pricing = """
        <entity name="Pricing" representedClassName="Pricing" syncable="YES">
            <attribute name="retailPrice" optional="YES" attributeType="Decimal" defaultValueString="0.0">
                <userInfo><entry key="jsonKeyPath" value="retail_price"/></userInfo>
            </attribute>
            <relationship name="book" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Book" inverseName="pricing" inverseEntity="Book"/>
        </entity>
    """

  private static let version1 = author(dated: false) + "\n" + book(tagged: false, priced: false)
  private static let version2 = author(dated: true) + "\n" + book(tagged: true, priced: false)
  private static let version3 = author(dated: true) + "\n" + book(tagged: true, priced: true) + "\n" + pricing
}
