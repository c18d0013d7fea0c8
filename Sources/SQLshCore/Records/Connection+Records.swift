extension Connection {
    /// Runs a query and decodes every row into `T` (see ``Statement/decode(_:)``).
    ///
    /// ```swift
    /// struct Player: Decodable { var id: Int; var name: String }
    /// let players = try db.fetchAll(Player.self, "select id, name from player where score > ?", 10)
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: values for the positional parameters (`?`, `?NNN`) in order; nil binds
    ///     NULL.
    public func fetchAll<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: (any SQLValueConvertible)?...) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.fetchAll(T.self)
    }

    /// Runs a query with the named parameters bound from `record`'s fields (see
    /// ``Statement/bind(record:)``) and decodes every row into `T`.
    ///
    /// ```swift
    /// struct Filter: Encodable { var team: String; var minimum: Int }
    /// let players = try db.fetchAll(Player.self, "select * from player where team = :team and score >= :minimum",
    ///                               record: Filter(team: "red", minimum: 10))
    /// ```
    public func fetchAll<T: Decodable, R: Encodable>(_ type: T.Type, _ sql: String, record: R) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(record: record)
        return try statement.fetchAll(T.self)
    }

    /// The first row of a query decoded into `T`, or nil when there is no row.
    ///
    /// ```swift
    /// let ada = try db.fetchOne(Player.self, "select * from player where name = ?", "Ada")
    /// let count = try db.fetchOne(Int.self, "select count(*) from player")   // one column
    /// ```
    public func fetchOne<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: (any SQLValueConvertible)?...) throws -> T? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.fetchOne(T.self)
    }

    /// The first row of a query with named parameters bound from `record`, decoded into `T`.
    public func fetchOne<T: Decodable, R: Encodable>(_ type: T.Type, _ sql: String, record: R) throws -> T? {
        let statement = try prepare(sql)
        try statement.bind(record: record)
        return try statement.fetchOne(T.self)
    }

    /// Runs one statement with its named parameters bound from `record`'s fields.
    ///
    /// ```swift
    /// try db.execute("insert into player(id, name, score) values (:id, :name, :score)",
    ///                record: Player(id: 1, name: "Ada", score: 12.5))
    /// ```
    ///
    /// To insert many values, prepare once and call ``Statement/bind(record:)`` and
    /// ``Statement/step()`` for each.
    public func execute<R: Encodable>(_ sql: String, record: R) throws {
        let statement = try prepare(sql)
        try statement.bind(record: record)
        while try statement.step() {}
    }
}
