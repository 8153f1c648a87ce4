extension StoreLayout {
  /// The statements that create the store's tables and indexes, in order.
  ///
  /// For the library example, the `Author` family's table reads:
  /// ```sql
  /// CREATE TABLE "Author" ("_pk" INTEGER PRIMARY KEY, "_entity" TEXT NOT NULL,
  ///   "_version" INTEGER NOT NULL DEFAULT 1, "id" INTEGER, "name" TEXT)
  /// CREATE UNIQUE INDEX "Author_identity_1" ON "Author" ("id")
  /// ```
  package func createStatements(_ dialect: any SQLDialect) -> [String] {
    var statements: [String] = []
    var foreignKeys: [String] = []
    for table in tables {
      var columns = [dialect.primaryKeyDeclaration, "\(dialect.quote("_entity")) TEXT NOT NULL", "\(dialect.quote("_version")) \(dialect.name(of: .integer)) NOT NULL DEFAULT 1"]
      for column in table.columns {
        var declaration = "\(dialect.quote(column.name)) \(dialect.name(of: column.type))"
        if let target = column.references {
          let reference = "REFERENCES \(dialect.quote(target)) (\(dialect.quote("_pk"))) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED"
          if dialect.allowsForwardReferences {
            declaration += " " + reference
          } else {
            foreignKeys.append("ALTER TABLE \(dialect.quote(table.name)) ADD FOREIGN KEY (\(dialect.quote(column.name))) \(reference)")
          }
        }
        columns.append(declaration)
      }
      statements.append("CREATE TABLE \(dialect.quote(table.name)) (\(columns.joined(separator: ", ")))")
      statements.append("CREATE INDEX \(dialect.quote("\(table.name)_entity")) ON \(dialect.quote(table.name)) (\(dialect.quote("_entity")))")
      for column in table.columns where column.references != nil {
        statements.append("CREATE INDEX \(dialect.quote("\(table.name)_\(column.name)")) ON \(dialect.quote(table.name)) (\(dialect.quote(column.name)))")
      }
      for index in table.keyPathIndexes {
        let quoted = dialect.quote(index.column)
        let value = index.jsonPath.map { dialect.jsonValue(quoted, at: $0) } ?? quoted
        let expression = index.folding.isEmpty ? value : "(\(dialect.folded(value, index.folding)))"
        statements.append("CREATE INDEX \(dialect.quote("\(table.name)_path_\(index.keyPath)")) ON \(dialect.quote(table.name)) (\(expression))")
        if let path = index.jsonPath, index.folding.isEmpty,
          let containment = dialect.containmentIndex(on: table.name, column: index.column, at: path, name: "\(table.name)_holds_\(index.keyPath)")
        {
          statements.append(containment)
        }
      }
      for (number, unique) in table.uniqueIndexes.enumerated() {
        let columns = unique.map(dialect.quote).joined(separator: ", ")
        statements.append("CREATE UNIQUE INDEX \(dialect.quote("\(table.name)_identity_\(number + 1)")) ON \(dialect.quote(table.name)) (\(columns))")
      }
    }
    statements += foreignKeys
    for join in joinTables {
      let owner = dialect.quote("owner"), target = dialect.quote("target"), pk = dialect.quote("_pk")
      let integer = dialect.name(of: .integer)
      let columns = [
        "\(owner) \(integer) NOT NULL REFERENCES \(dialect.quote(join.ownerTable)) (\(pk)) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED",
        "\(target) \(integer) NOT NULL REFERENCES \(dialect.quote(join.targetTable)) (\(pk)) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED",
        "\(dialect.quote("owner_position")) \(integer)", "\(dialect.quote("target_position")) \(integer)",
        "PRIMARY KEY (\(owner), \(target))",
      ]
      statements.append("CREATE TABLE \(dialect.quote(join.name)) (\(columns.joined(separator: ", ")))")
      let unique = join.isTargetUnique ? "UNIQUE " : ""
      statements.append("CREATE \(unique)INDEX \(dialect.quote("\(join.name)_target")) ON \(dialect.quote(join.name)) (\(target))")
    }
    for scope in scopedIdentities { statements += dialect.scopedIdentityChecks(scope) }
    return statements
  }
}
