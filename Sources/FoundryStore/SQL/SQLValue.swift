/// A value as a database column holds it: what every backend binds and reads.
package enum SQLValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// `integers` as text between `open` and `close`, separated by commas (`[1,-2,3]`): how a
  /// dialect binds a list (``SQLDialect/integerList(_:)``). Written digit by digit into one
  /// buffer: an import binds a thousand identities a query.
  ///
  /// ```swift
  /// SQLValue.listText([1, -2], open: "[", close: "]")   // "[1,-2]"
  /// ```
  package static func listText(_ integers: [Int64], open: Unicode.Scalar, close: Unicode.Scalar) -> String {
    var bytes: [UInt8] = [UInt8(ascii: open)]
    bytes.reserveCapacity(integers.count * 8 + 2)
    for (index, integer) in integers.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      if integer < 0 { bytes.append(UInt8(ascii: "-")) }
      // The magnitude, so that Int64.min has one too.
      var rest = integer.magnitude
      let start = bytes.count
      repeat {
        bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      } while rest > 0
      bytes[start...].reverse()
    }
    bytes.append(UInt8(ascii: close))
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The kinds of column the store creates, named per backend by its ``SQLDialect``.
package enum ColumnType: Sendable, Hashable {
  case integer
  case real
  case text
  case blob
  /// JSON text: transformable and typed-value attributes.
  case json
}

/// An argument of a statement: a value, the row a new object gets when the save runs, or the
/// integers an earlier statement of the same read found.
package enum SQLArgument: Sendable, Hashable {
  case value(SQLValue)
  /// The row of inserted object number `n` of the save (see ``WritePlan/newRows``).
  case newRow(Int)
  /// The distinct integers in column `column` of the rows that statement number `statement`
  /// of the same read returned (an earlier one), bound as one list: what
  /// ``SQLDialect/isMember(_:)`` compares with. A prefetch reads the rows of the foreign keys
  /// its objects hold this way, however many objects share one.
  case integers(statement: Int, column: Int)
}

extension SQLStatement {
  /// The statement with its ``SQLArgument/integers(statement:column:)`` arguments bound to
  /// the lists of the rows read before it (a statement it names that did not run yet binds
  /// an empty list).
  package func bindingLists(from earlier: [SQLRows], _ dialect: any SQLDialect) -> SQLStatement {
    var statement = self
    for (position, argument) in arguments.enumerated() {
      guard case .integers(let number, let column) = argument else { continue }
      let integers = earlier.indices.contains(number) ? earlier[number].distinctIntegers(column: column) : []
      statement.arguments[position] = .value(dialect.integerList(integers))
    }
    return statement
  }

  /// Whether the statement binds integers an earlier statement found, so that it must wait
  /// for that statement's rows.
  package var dependsOnEarlierRows: Bool {
    arguments.contains { if case .integers = $0 { true } else { false } }
  }
}

/// One SQL statement with its arguments, always bound, never spliced into the text.
package struct SQLStatement: Sendable, Hashable {
  package var sql: String
  package var arguments: [SQLArgument]
  /// For an update guarded by a version check: the object it must change, else the save
  /// fails with a conflict naming it.
  package var conflict: ConflictCheck?
  /// For the insert of a new object's row: its table, columns and identity, so that a backend
  /// can merge it with a row of the same identity that another transaction stored first.
  package var insertedRow: InsertedRow?
  /// For the insert of a link: a link already there is kept, not an error (two imports that
  /// both link the same objects agree).
  package var keepsExisting = false
  /// For the insert of one row whose arguments all lie in its row of values: the statement's
  /// two parts, so that a backend can send the rows of many such inserts as one statement
  /// (see ``StatementBatch``).
  package var singleRow: SingleRowInsert?
  /// For the update of one column of one row found by its key columns: the statement's parts,
  /// so that a backend can send many such updates as one statement.
  package var singleRowUpdate: SingleRowUpdate?
  /// For the update of a stored object's row: the statement's parts, so that a backend can
  /// send the updates of many objects that set the same columns as one statement.
  package var objectUpdate: ObjectUpdate?
  /// For a statement standing for several object updates (see ``ObjectUpdate``): each one's
  /// row and conflict, in order. The statement returns the rows it updated; the first listed
  /// that it did not is the save's conflict, as if the updates had run one by one.
  package var updatedRows: [UpdatedRow]?

  package init(_ sql: String, _ arguments: [SQLArgument] = [], conflict: ConflictCheck? = nil) {
    self.sql = sql
    self.arguments = arguments
    self.conflict = conflict
  }
}

/// The row a save inserts for a new object, as a backend that merges concurrent inserts by
/// identity needs it (PostgreSQL's `INSERT ... ON CONFLICT`).
package struct InsertedRow: Sendable, Hashable {
  /// The family table.
  package var table: String
  /// The columns the insert sets, in the order of its arguments (`_pk` first, a ``SQLArgument/newRow(_:)``).
  package var columns: [String]
  /// The columns of the identity's unique index; empty when the row is not to be merged (an
  /// entity without identity, or one whose identity is unique per parent only).
  package var identity: [String]
}

/// An insert of one row, `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, in two parts: the
/// target (`INSERT INTO "t" ("a", "b")`) and the row of values (`(?, ?)`), which holds every
/// argument of the statement. Inserts of one target become one statement by repeating rows:
/// `INSERT INTO "t" ("a", "b") VALUES (?, ?), (?, ?)`.
package struct SingleRowInsert: Sendable, Hashable {
  /// `INSERT INTO` the table and its columns.
  package var target: String
  /// The parenthesized row of values, a `?` per argument (and any constants).
  package var row: String

  package init(target: String, row: String) {
    self.target = target
    self.row = row
  }

  /// The statement's text for one row.
  package var sql: String { target + " VALUES " + row }
}

/// An update of one column of the rows whose key columns hold given values, all integers,
/// `UPDATE "t" SET "c" = ? WHERE "a" = ? AND "b" = ?`: the new value is the first argument,
/// the keys' values the others. Updates of one column become one statement by listing their
/// arguments as rows: `UPDATE "t" AS r SET "c" = v.column1 FROM (VALUES (?, ?, ?), (?, ?, ?))
/// AS v WHERE r."a" = v.column2 AND r."b" = v.column3`.
package struct SingleRowUpdate: Sendable, Hashable {
  /// The table, quoted.
  package var table: String
  /// The column set, quoted.
  package var column: String
  /// The columns that find the row, quoted.
  package var keys: [String]

  package init(table: String, column: String, keys: [String]) {
    self.table = table
    self.column = column
    self.keys = keys
  }

  /// The statement's text for one row.
  package var sql: String { "UPDATE \(table) SET \(column) = ? WHERE " + keys.map { "\($0) = ?" }.joined(separator: " AND ") }
}

/// The update of a stored object's row, `UPDATE "t" SET "a" = ?, "b" = ?, "_version" =
/// "_version" + 1 WHERE "_pk" = ?` (`AND "_version" = ?` when it checks the version read): the
/// values first, then the row and the version. Updates of the same columns become one
/// statement, `UPDATE "t" AS r SET "a" = v.column1, ... FROM (VALUES (?, ?, ?, ?), ...) AS v
/// WHERE r."_pk" = v.column3 AND r."_version" = v.column4 RETURNING "_pk"`, whose returned
/// rows say which object, if any, another writer changed first.
package struct ObjectUpdate: Sendable, Hashable {
  /// The table, quoted.
  package var table: String
  /// The columns set, quoted, in the order of their values.
  package var columns: [String]
  /// Per column, the type a value of the joined rows is cast to (`nil`: none): PostgreSQL reads
  /// an untyped value in `VALUES` as text, which a JSON column does not take.
  package var casts: [String?]
  /// Whether the row's version is checked.
  package var checksVersion: Bool

  package init(table: String, columns: [String], casts: [String?], checksVersion: Bool) {
    self.table = table
    self.columns = columns
    self.casts = casts
    self.checksVersion = checksVersion
  }
}

/// One object update a joined statement stands for: the row it must change, and its conflict.
package struct UpdatedRow: Sendable, Hashable {
  package var row: Int64
  package var conflict: ConflictCheck
}

/// What a guarded update was about, for the conflict error when it changes no row.
package struct ConflictCheck: Sendable, Hashable {
  package var object: String
  package var attributes: [String]

  package init(object: String, attributes: [String]) {
    self.object = object
    self.attributes = attributes
  }

  /// The save's error when the update changed no row.
  package var error: StoreError {
    let what = attributes.isEmpty ? "" : " (\(attributes.joined(separator: ", ")))"
    return StoreError(.conflict, "\(object) was changed or deleted in the store since this context read it\(what)")
  }

  /// The error of the first of `updated` whose row is not among `returned` (the rows a joined
  /// update changed), if any.
  package static func firstMissing(_ updated: [UpdatedRow], returned: Set<Int64>) -> StoreError? {
    updated.first { !returned.contains($0.row) }?.conflict.error
  }
}
