#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// `Tests/FoundryGraphTests/GeneratedLibrary.swift` is what `foundry generate` makes of the model
/// below, checked in so that `swift test` compiles generated code through the `@Entity` macros
/// (and FoundryGraphTests can use the classes). When the generator changes, save `contents`
/// below as `Library.xcdatamodel/contents` and regenerate the file:
///
/// ```
/// swift run foundry generate --model Library.xcdatamodel > Tests/FoundryGraphTests/GeneratedLibrary.swift
/// ```
@Suite("foundry generate: the checked-in library")
struct GenerateLibraryTests {
  static let contents = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23A344" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        <entity name="GenAuthor" representedClassName="GenAuthor" syncable="YES">
            <attribute name="id" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES">
                <userInfo>
                    <entry key="jsonKeyPath" value="author_id"/>
                </userInfo>
            </attribute>
            <attribute name="name" attributeType="String" defaultValueString="Anonymous"/>
            <attribute name="born" optional="YES" attributeType="Date" usesScalarValueType="NO">
                <userInfo>
                    <entry key="JSONTransformerName" value="date:yyyy-MM-dd"/>
                    <entry key="jsonKeyPath" value="born_on"/>
                </userInfo>
            </attribute>
            <attribute name="profile" optional="YES" attributeType="Transformable"/>
            <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="GenBook" inverseName="author" inverseEntity="GenBook"/>
            <userInfo>
                <entry key="identityAttributes" value="id"/>
            </userInfo>
        </entity>
        <entity name="GenPoet" representedClassName="GenPoet" parentEntity="GenAuthor" syncable="YES">
            <attribute name="meter" attributeType="String" defaultValueString="iambic"/>
        </entity>
        <entity name="GenBook" representedClassName="GenBook" syncable="YES">
            <attribute name="id" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES">
                <userInfo>
                    <entry key="jsonKeyPath" value="book_id"/>
                </userInfo>
            </attribute>
            <attribute name="title" attributeType="String"/>
            <attribute name="extension" optional="YES" attributeType="String"/>
            <attribute name="price" optional="YES" attributeType="Decimal" defaultValueString="0.0"/>
            <attribute name="rating" attributeType="Double" defaultValueString="2.5" usesScalarValueType="YES"/>
            <attribute name="pages" attributeType="Integer 32" usesScalarValueType="YES"/>
            <attribute name="isAvailable" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"/>
            <attribute name="uuid" attributeType="UUID" usesScalarValueType="NO"/>
            <attribute name="cover" optional="YES" attributeType="Binary"/>
            <attribute name="homepage" attributeType="URI"/>
            <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="GenAuthor" inverseName="books" inverseEntity="GenAuthor">
                <userInfo>
                    <entry key="jsonKeyPath" value="author_id"/>
                </userInfo>
            </relationship>
            <relationship name="tags" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="GenTag" inverseName="books" inverseEntity="GenTag"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="id"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="GenTag" representedClassName="GenTag" syncable="YES">
            <attribute name="label" attributeType="String"/>
            <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="GenBook" inverseName="tags" inverseEntity="GenBook"/>
            <userInfo>
                <entry key="identityAttributes" value="label"/>
            </userInfo>
        </entity>
    </model>
    """

  /// The checked-in generated file, found from this file's path.
  static var checkedInPath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FoundryGraphTests/GeneratedLibrary.swift").path
  }

  @Test func theCheckedInLibraryIsWhatGenerateWrites() throws {
    let directory = try TemporaryDirectory()
    let model = try GenerateCommandTests.writeModel(Self.contents, in: directory, name: "Library")
    let checkedIn = try #require(FileManager.default.contents(atPath: Self.checkedInPath))
    let result = foundry("generate", "--model", model)
    #expect(result.error == "")
    #expect(result.output == String(decoding: checkedIn, as: UTF8.self))
  }
}
