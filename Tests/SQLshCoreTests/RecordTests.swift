import SQLshCore
import Testing

// Records without an ORM: rows decode into Decodable types by column name, Encodable values
// bind as named parameters. Each test reads like the documentation it checks.

private struct Player: Codable, Equatable {
    var id: Int
    var name: String
    var score: Double?
}

private enum Team: String, Codable { case red, blue }
private enum Level: Int, Codable { case beginner = 1, expert = 2 }

private struct Member: Codable, Equatable {
    var name: String
    var team: Team
    var level: Level
    var active: Bool
    var avatar: [UInt8]?
}

private func playerTable() throws -> Connection {
    let db = try Connection()
    try db.execute("""
        create table player(id integer primary key, name text not null, score real);
        insert into player values (1, 'Ada', 12.5), (2, 'Grace', null), (3, 'Alan', 7);
        """)
    return db
}

@Suite struct RecordDecodingTests {
    @Test func rowsDecodeByColumnName() throws {
        let db = try playerTable()
        let players = try db.fetchAll(Player.self, "select score, name, id from player order by id")
        #expect(players == [Player(id: 1, name: "Ada", score: 12.5), Player(id: 2, name: "Grace", score: nil),
                            Player(id: 3, name: "Alan", score: 7)])
    }

    @Test func statementDecodesTheCurrentRow() throws {
        let db = try playerTable()
        let statement = try db.prepare("select * from player where id > ? order by id")
        try statement.bind(1, at: 1)
        var names: [String] = []
        while try statement.step() {
            names.append(try statement.decode(Player.self).name)
        }
        #expect(names == ["Grace", "Alan"])
    }

    @Test func fetchOneGivesTheFirstRowOrNil() throws {
        let db = try playerTable()
        #expect(try db.fetchOne(Player.self, "select * from player where name = ?", "Ada") == Player(id: 1, name: "Ada", score: 12.5))
        #expect(try db.fetchOne(Player.self, "select * from player where name = ?", "Nobody") == nil)
    }

    @Test func singleValueTypesReadAOneColumnRow() throws {
        let db = try playerTable()
        #expect(try db.fetchOne(Int.self, "select count(*) from player") == 3)
        #expect(try db.fetchAll(String.self, "select name from player order by id") == ["Ada", "Grace", "Alan"])
        #expect(try db.fetchAll(Double?.self, "select score from player order by id") == [12.5, nil, 7])
        #expect(try db.fetchAll(Team.self, "select 'red' union all select 'blue'") == [.red, .blue])
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Int.self, "select 1, 2") }
        #expect(error?.kind == .unsupportedShape)
        #expect(error?.description == "Int reads one column, and the row has 2 (1, 2)")
    }

    @Test func namesMatchExactlyThenIgnoringCase() throws {
        let db = try Connection()
        let player = try db.fetchOne(Player.self, "select 1 as ID, 'Ada' as Name, 2.5 as score, 9 as id")
        #expect(player == Player(id: 9, name: "Ada", score: 2.5)) // exact 'id' wins over 'ID'
        let first = try db.fetchOne(Player.self, "select 1 as ID, 'Ada' as NAME, 2.5 as SCORE, 2 as Id")
        #expect(first?.id == 1) // no exact match: the leftmost case-insensitive one
    }

    @Test func enumsBoolsBlobsAndOptionals() throws {
        let db = try Connection()
        let member = try db.fetchOne(Member.self, "select 'Ada' as name, 'blue' as team, 2 as level, 1 as active, x'0102' as avatar")
        #expect(member == Member(name: "Ada", team: .blue, level: .expert, active: true, avatar: [1, 2]))
        let noAvatar = try db.fetchOne(Member.self, "select 'Bo' as name, 'red' as team, 1 as level, 0 as active, null as avatar")
        #expect(noAvatar?.avatar == nil)
        #expect(noAvatar?.active == false)
        // A missing column for an optional property is nil, as Decodable does for a missing key.
        let missing = try db.fetchOne(Member.self, "select 'Bo' as name, 'red' as team, 1 as level, 0 as active")
        #expect(missing?.avatar == nil)
    }

    @Test func everyIntegerWidthAndFloat() throws {
        struct Widths: Decodable, Equatable {
            var a: Int8, b: Int16, c: Int32, d: Int64, e: UInt, f: UInt8, g: UInt16, h: UInt32, i: UInt64, j: Float
        }
        let db = try Connection()
        let row = try db.fetchOne(Widths.self, """
            select -128 as a, 32767 as b, -2147483648 as c, 9223372036854775807 as d, 5 as e,
                   255 as f, 65535 as g, 4294967295 as h, 3.0 as i, 1.5 as j
            """)
        #expect(row == Widths(a: -128, b: 32767, c: -2147483648, d: .max, e: 5, f: 255, g: 65535, h: 4294967295, i: 3, j: 1.5))
    }

    @Test func textKeepsEmbeddedNulAndEmptyBlobIsEmpty() throws {
        struct Row: Decodable { var t: String; var b: [UInt8] }
        let db = try Connection()
        let row = try db.fetchOne(Row.self, "select 'a' || char(0) || 'b' as t, x'' as b")
        #expect(row?.t == "a\u{0}b")
        #expect(row?.b == [])
    }

    @Test func statementFetchAllAndReuse() throws {
        let db = try playerTable()
        let statement = try db.prepare("select id, name, score from player where id >= ? order by id")
        try statement.bind(2, at: 1)
        #expect(try statement.fetchAll(Player.self).map(\.id) == [2, 3])
        statement.reset()
        try statement.bind(3, at: 1)
        #expect(try statement.fetchAll(Player.self).map(\.id) == [3])
    }

    @Test func classesDecodeTheirSuperclassFromTheSameRow() throws {
        class Person: Decodable { var name: String = "" }
        final class Employee: Person {
            var salary: Int = 0
            private enum CodingKeys: String, CodingKey { case salary }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                salary = try container.decode(Int.self, forKey: .salary)
                try super.init(from: container.superDecoder())
            }
        }
        let db = try Connection()
        let employee = try db.fetchOne(Employee.self, "select 'Ada' as name, 100 as salary")
        #expect(employee?.name == "Ada")
        #expect(employee?.salary == 100)
    }

    @Test func rowsAsArraysReadColumnsLeftToRight() throws {
        let db = try Connection()
        #expect(try db.fetchOne([Int?].self, "select 1, null, 3") == [1, nil, 3])
    }
}

@Suite struct RecordDecodingErrorTests {
    @Test func missingColumnNamesTheColumnAndTheRow() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Player.self, "select 1 as id, 'Ada' as nom") }
        #expect(error?.kind == .missingColumn)
        #expect(error?.name == "name")
        #expect(error?.description == "no column 'name' for Player.name (the row has: id, nom)")
    }

    @Test func typeMismatchNamesColumnExpectedAndFound() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Player.self, "select 'one' as id, 'Ada' as name") }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.name == "id")
        #expect(error?.expected == "Int")
        #expect(error?.found == "text 'one'")
        #expect(error?.description == "column 'id': expected Int, found text 'one' (decoding Player)")

        let real = #expect(throws: RecordError.self) { try db.fetchOne(Player.self, "select 1.5 as id, 'Ada' as name") }
        #expect(real?.description == "column 'id': expected Int, found real 1.5 (decoding Player)")
        let number = #expect(throws: RecordError.self) { try db.fetchOne(Player.self, "select 1 as id, 42 as name") }
        #expect(number?.description == "column 'name': expected String, found integer 42 (decoding Player)")
        let blob = #expect(throws: RecordError.self) { try db.fetchOne(Player.self, "select 1 as id, 'A' as name, x'01' as score") }
        #expect(blob?.description == "column 'score': expected Double, found blob of 1 bytes (decoding Player)")
    }

    @Test func nullIntoANonOptional() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Player.self, "select 1 as id, null as name") }
        #expect(error?.kind == .unexpectedNull)
        #expect(error?.description == "column 'name' is NULL, which non-optional String cannot hold (decoding Player)")
    }

    @Test func integerOverflowIntoSmallerTypes() throws {
        struct Small: Decodable { var value: Int8 }
        struct Unsigned: Decodable { var value: UInt32 }
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Small.self, "select 300 as value") }
        #expect(error?.kind == .overflow)
        #expect(error?.description == "column 'value': integer 300 does not fit in Int8 (decoding Small)")
        let negative = #expect(throws: RecordError.self) { try db.fetchOne(Unsigned.self, "select -1 as value") }
        #expect(negative?.description == "column 'value': integer -1 does not fit in UInt32 (decoding Unsigned)")
        let huge = #expect(throws: RecordError.self) { try db.fetchOne(Int.self, "select 1e30") }
        #expect(huge?.kind == .overflow)
    }

    @Test func invalidUTF8IntoString() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(String.self, "select cast(x'ff41' as text)") }
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.description.hasPrefix("column 'cast(x'ff41' as text)': text is not valid UTF-8") == true)
        // The bytes are still readable.
        #expect(try db.fetchOne([UInt8].self, "select cast(x'ff41' as text)") == [0xFF, 0x41])
    }

    @Test func enumRawValueWithoutACase() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Team.self, "select 'green' as team") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.description.hasPrefix("column 'team': text 'green' is not a valid Team:") == true)
    }

    @Test func nestedTypesNeedJSON() throws {
        struct Address: Decodable { var city: String }
        struct Person: Decodable { var name: String; var address: Address }
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Person.self, #"select 'Ada' as name, '{"city":"Paris"}' as address"#) }
        #expect(error?.kind == .unsupportedShape)
        #expect(error?.description.contains("SQLJSONConvertible") == true)
    }

    @Test func decodingWithoutARowThrows() throws {
        let db = try playerTable()
        let statement = try db.prepare("select * from player where id = 99")
        let before = #expect(throws: RecordError.self) { try statement.decode(Player.self) }
        #expect(before?.kind == .noRow)
        #expect(try !statement.step())
        let after = #expect(throws: RecordError.self) { try statement.decode(Player.self) }
        #expect(after?.description == "no current row to decode Player from: call step() first, and decode only when it returns true")
    }
}

@Suite struct RecordEncodingTests {
    @Test func fieldsBindNamedParameters() throws {
        let db = try playerTable()
        try db.execute("insert into player(id, name, score) values (:id, :name, :score)",
                       record: Player(id: 4, name: "Edsger", score: 3.25))
        #expect(try db.fetchOne(Player.self, "select * from player where id = 4") == Player(id: 4, name: "Edsger", score: 3.25))
    }

    @Test func nilOptionalsBindNull() throws {
        let db = try playerTable()
        try db.execute("insert into player values (:id, :name, :score)", record: Player(id: 5, name: "Barbara", score: nil))
        #expect(try db.value("select typeof(score) from player where id = 5") == .text("null"))
    }

    @Test func everyPrefixBindsAndUnusedFieldsAreIgnored() throws {
        let db = try Connection()
        let statement = try db.prepare("select :name, @name, $id")
        try statement.bind(record: Player(id: 7, name: "Ada", score: 1))
        #expect(try statement.step())
        #expect((0..<3).map { statement.value(at: $0) } == [.text("Ada"), .text("Ada"), .integer(7)])
    }

    @Test func aPreparedStatementRunsOncePerValue() throws {
        let db = try playerTable()
        let insert = try db.prepare("insert into player values (:id, :name, :score)")
        for player in [Player(id: 10, name: "A", score: 1), Player(id: 11, name: "B", score: nil)] {
            try insert.bind(record: player)
            #expect(try !insert.step())
        }
        #expect(try db.fetchAll(Int.self, "select id from player where id >= 10") == [10, 11])
    }

    @Test func enumsBoolsBlobsAndIntegers() throws {
        let db = try Connection()
        let statement = try db.prepare("select :name, :team, :level, :active, :avatar")
        try statement.bind(record: Member(name: "Ada", team: .blue, level: .expert, active: true, avatar: [0, 255]))
        #expect(try statement.step())
        #expect((0..<5).map { statement.value(at: $0) } == [.text("Ada"), .text("blue"), .integer(2), .integer(1), .blob([0, 255])])
    }

    @Test func queriesTakeARecordOfArguments() throws {
        struct Filter: Encodable { var minimum: Double; var prefix: String }
        let db = try playerTable()
        let players = try db.fetchAll(Player.self, "select * from player where score >= :minimum and name like :prefix || '%'",
                                      record: Filter(minimum: 5, prefix: "A"))
        #expect(players.map(\.name).sorted() == ["Ada", "Alan"])
    }

    @Test func missingParameterIsNamed() throws {
        let db = try playerTable()
        let error = #expect(throws: RecordError.self) {
            try db.execute("update player set score = :bonus where id = :id", record: Player(id: 1, name: "Ada", score: 1))
        }
        #expect(error?.kind == .missingParameter)
        #expect(error?.name == ":bonus")
        #expect(error?.description == "missing parameter :bonus: Player has no field 'bonus'")
    }

    @Test func positionalParametersAreRefused() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchAll(Int.self, "select ?, :id", record: Player(id: 1, name: "", score: nil)) }
        #expect(error?.description == "parameter 1 (?) is positional; a record binds named parameters only (:name, @name, $name)")
    }

    @Test func valuesSQLiteCannotStoreAreRefused() throws {
        struct Big: Encodable { var n: UInt64 }
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Int.self, "select :n", record: Big(n: .max)) }
        #expect(error?.kind == .overflow)
        #expect(error?.description == "parameter :n: UInt64 18446744073709551615 does not fit in SQLite's 64-bit signed integer")
        #expect(try db.fetchOne(Int.self, "select :n", record: Big(n: 42)) == 42)
    }

    @Test func aValueWithoutFieldsCannotBind() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Int.self, "select :x", record: 5) }
        #expect(error?.kind == .unsupportedShape)
        let nested = #expect(throws: RecordError.self) {
            struct Inner: Encodable { var a: Int }
            struct Outer: Encodable { var x: Inner }
            try db.fetchOne(Int.self, "select :x", record: Outer(x: Inner(a: 1)))
        }
        #expect(nested?.description.contains("SQLJSONConvertible") == true)
    }

    @Test func roundTrip() throws {
        let db = try Connection()
        try db.execute("create table member(name, team, level, active, avatar)")
        let members = [Member(name: "Ada", team: .red, level: .beginner, active: false, avatar: nil),
                       Member(name: "Bo", team: .blue, level: .expert, active: true, avatar: [1, 2, 3])]
        for member in members {
            try db.execute("insert into member values (:name, :team, :level, :active, :avatar)", record: member)
        }
        #expect(try db.fetchAll(Member.self, "select * from member order by name") == members)
    }
}
