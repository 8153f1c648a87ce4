/// What the document type declaration says that a non-validating reader must honour: the
/// entities of the internal subset and the attribute defaults and types it declares.
///
/// Filled by `XMLDoctypeParser`; read by the scanner when it expands references and completes
/// start tags. External subsets and external entities are never loaded.
struct XMLDoctype {
  /// The name after `<!DOCTYPE`.
  var name: String
  /// Whether a `SYSTEM` or `PUBLIC` identifier names an external subset (never loaded).
  var hasExternalSubset = false
  /// Whether the internal subset references a parameter entity, internal or not (after which,
  /// unless the document is standalone, an undeclared entity is not a well-formedness error but
  /// a validity error: XML 1.0 §4.1, WFC and VC "Entity Declared").
  var hasParameterEntityReferences = false
  /// The first parameter entity the internal subset references that this reader does not read:
  /// an external one (never loaded) or an undeclared one; `nil` when every parameter entity
  /// referenced is internal and was read. Its text may declare entities, and unless the document
  /// is standalone the declarations after it are not processed (XML 1.0 §5.1), so an entity
  /// missing from ``generalEntities`` may still be declared.
  var unreadParameterEntity: String?
  /// Whether the internal subset references a parameter entity that is not read (external or
  /// undeclared): see ``unreadParameterEntity``.
  var hasUnreadParameterEntityReferences: Bool { unreadParameterEntity != nil }
  /// General entities by name; the first declaration of a name wins.
  var generalEntities: [String: XMLEntity] = [:]
  /// Attribute declarations by element name (qualified, as written), in declaration order;
  /// the first declaration of an attribute wins.
  var attributes: [String: [XMLAttributeDeclaration]] = [:]
}

/// A general entity declared in the internal subset.
struct XMLEntity {
  enum Value {
    /// An internal entity: its replacement text (UTF-8; character references and parameter
    /// entity references in the literal already replaced) and the byte offset of the literal.
    case `internal`(replacementText: [UInt8], offset: Int)
    /// An external parsed entity: never loaded.
    case external(systemID: String, publicID: String?)
    /// An unparsed entity (`NDATA`): may only be named by ENTITY attributes, never referenced.
    case unparsed(notation: String)
  }

  var name: String
  var value: Value
  /// Whether the declaration came from a parameter entity's replacement text rather than
  /// straight from the internal subset.
  var isExternallyDeclared = false
}

/// One attribute of an `<!ATTLIST>` declaration.
struct XMLAttributeDeclaration {
  /// The attribute's qualified name, as written.
  var name: String
  /// `CDATA` values keep their spaces; tokenized and enumerated types collapse them.
  var isCDATA: Bool
  /// The default value's literal text (unnormalized, references not yet replaced), or `nil`
  /// for `#REQUIRED` and `#IMPLIED`.
  var defaultValue: [UInt8]?
  /// The byte offset of the default value's literal, for errors found while expanding it.
  var defaultOffset: Int
}
