// Records without an ORM: rows decode into `Decodable` types by column name, and `Encodable`
// values bind as named parameters. See RecordError for the errors, ColumnReader for the
// conversions.

extension Statement {
    /// Decodes the current row into `T`, each property read from the column of the same name.
    ///
    /// ```swift
    /// struct Player: Decodable { var id: Int; var name: String; var score: Double? }
    ///
    /// let statement = try db.prepare("select id, name, score from player order by id")
    /// while try statement.step() {
    ///     let player = try statement.decode(Player.self)
    /// }
    /// ```
    ///
    /// Names match exactly first, then ignoring ASCII case; a column the type does not use is
    /// ignored. A type that reads a single value (`Int`, `String`, a raw-value enum) reads a
    /// one-column row. Values are read in place from SQLite; the column names are looked up
    /// once per statement, not once per row.
    ///
    /// Conversions are strict: an integer property reads an integer (or a real holding an exact
    /// integer), `Double` reads integers and reals, `String` reads text (valid UTF-8),
    /// `[UInt8]` reads a blob or the bytes of text, `Bool` reads a number, NULL needs an
    /// optional. Any ``SQLValueConvertible`` type reads through its own conversion (with
    /// `SQLshJSON`: `Date`, `Data`, `URL`, `UUID`). A property with fields or elements of its
    /// own (a nested struct, an array, a dictionary) reads the column as JSON text.
    ///
    /// - Throws: ``RecordError``: a missing column, a type mismatch (naming the column, the
    ///   expected type and what was found), NULL into a non-optional, an integer too large for
    ///   the property's type, text that is not UTF-8, invalid JSON for a nested value, or no
    ///   current row.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        guard dataCount > 0 else {
            throw RecordError(.noRow, expected: typeName(T.self),
                              "no current row to decode \(typeName(T.self)) from: call step() first, and decode only when it returns true")
        }
        let columns = recordCacheCreatingIfNeeded.columns(of: self)
        columns.startRow()
        return try RowDecoder(statement: self, columns: columns, recordType: T.self).decode(T.self)
    }

    /// Steps through the remaining rows, decoding each into `T`.
    ///
    /// ```swift
    /// let statement = try db.prepare("select * from player where score > ?")
    /// try statement.bind(10, at: 1)
    /// let players = try statement.fetchAll(Player.self)
    /// ```
    public func fetchAll<T: Decodable>(_ type: T.Type = T.self) throws -> [T] {
        var result: [T] = []
        while try step() {
            result.append(try decode(T.self))
        }
        return result
    }

    /// Steps once and decodes that row into `T`, or returns nil when there is no row.
    public func fetchOne<T: Decodable>(_ type: T.Type = T.self) throws -> T? {
        try step() ? decode(T.self) : nil
    }

    /// Binds the fields of an `Encodable` value to the statement's named parameters: the field
    /// `name` binds `:name`, `@name` and `$name`.
    ///
    /// ```swift
    /// struct Player: Codable { var id: Int; var name: String; var score: Double? }
    ///
    /// let insert = try db.prepare("insert into player(id, name, score) values (:id, :name, :score)")
    /// try insert.bind(record: Player(id: 1, name: "Ada", score: nil))   // score binds NULL
    /// _ = try insert.step()
    /// ```
    ///
    /// The statement is reset and its bindings cleared first, so a statement can be run again
    /// for each value. A field the statement does not use is ignored. A nil optional binds
    /// NULL. Integers bind as 64-bit integers, `Bool` as 0 or 1, `Float` and `Double` as
    /// reals, `String` as text, `[UInt8]` as a blob, raw-value enums as their raw value, and
    /// any ``SQLValueConvertible`` type as its ``SQLValueConvertible/encodedSQLValue()``, and
    /// a value with fields or elements (a nested struct, an array, a dictionary) as JSON text
    /// with sorted keys.
    ///
    /// - Throws: ``RecordError``: a named parameter the value has no field for, a positional
    ///   parameter (`?`), an unsigned value above `Int64.max`, a value JSON cannot hold (an
    ///   infinite Double in a nested value), or a value that is not a set of named fields.
    public func bind<T: Encodable>(record value: T) throws {
        reset()
        clearBindings()
        let encoder = RecordEncoder(statement: self, parameters: recordCacheCreatingIfNeeded.parameters(of: self),
                                    recordType: T.self)
        do {
            try value.encode(to: encoder)
        } catch is NeedsContainer {
            // A refused container: its error is the encoder's shape error, thrown below.
        }
        try encoder.finish()
    }
}
