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

    @Test func typesThatReadDifferentColumnsPerRow() throws {
        // Column lookups are remembered in order from row to row; a type whose keys change
        // with the row still reads the right columns.
        enum Shape: Decodable, Equatable {
            case circle(radius: Double), rectangle(width: Double, height: Double)
            enum Keys: String, CodingKey { case kind, radius, width, height }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                if try c.decode(String.self, forKey: .kind) == "circle" {
                    self = .circle(radius: try c.decode(Double.self, forKey: .radius))
                } else {
                    self = .rectangle(width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height))
                }
            }
        }
        let db = try Connection()
        let shapes = try db.fetchAll(Shape.self, """
            select 'circle' as kind, 1.5 as radius, null as width, null as height
            union all select 'rectangle', null, 2, 3
            union all select 'circle', 4, 5, 6
            union all select 'rectangle', 0, 7, 8
            """)
        #expect(shapes == [.circle(radius: 1.5), .rectangle(width: 2, height: 3), .circle(radius: 4), .rectangle(width: 7, height: 8)])
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

    @Test func invalidUTF8ThatRepairsToTheSameLength() throws {
        // F1 80 80 starts a 4-byte sequence that 'A' cuts short: repaired, the three bytes become
        // one U+FFFD (three bytes too), so only comparing the bytes tells the text is invalid.
        struct Named: Decodable { var id: Int; var name: String }
        let db = try Connection()
        let error = #expect(throws: RecordError.self) {
            try db.fetchOne(Named.self, "select 1 as id, cast(x'f1808041' as text) as name")
        }
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.description.hasPrefix("column 'name': text is not valid UTF-8") == true)
        // Valid text of every length class still reads, short (inline) and long.
        let texts = ["", "é", "naïve café", "ünïcödé text longer than fifteen bytes", String(repeating: "€", count: 100)]
        for text in texts {
            let row = try db.fetchOne(Named.self, "select 1 as id, ? as name", text)
            #expect(row?.name == text)
        }
    }

    @Test func enumRawValueWithoutACase() throws {
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(Team.self, "select 'green' as team") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.description.hasPrefix("column 'team': text 'green' is not a valid Team:") == true)
    }

    @Test func invalidJSONForANestedValue() throws {
        struct Address: Decodable { var city: String }
        struct Person: Decodable { var name: String; var address: Address }
        let db = try Connection()
        let syntax = #expect(throws: RecordError.self) { try db.fetchOne(Person.self, "select 'Ada' as name, '{city:1}' as address") }
        #expect(syntax?.kind == .invalidValue)
        #expect(syntax?.description == "column 'address': expected Address as JSON text, found text '{city:1}' (invalid JSON: expected a string key at byte 1; decoding Person)")
        let shape = #expect(throws: RecordError.self) { try db.fetchOne(Person.self, #"select 'Ada' as name, '{"city":1}' as address"#) }
        #expect(shape?.description == #"column 'address': text '{"city":1}' is not a valid Address: expected String, found a number at city (decoding Person)"#)
        let number = #expect(throws: RecordError.self) { try db.fetchOne(Person.self, "select 'Ada' as name, 3 as address") }
        #expect(number?.kind == .typeMismatch)
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
        #expect(error?.description == "Int does not encode as named fields; a record binds named parameters (:name), so bind a struct or class, or bind values by position with bind(_:at:)")
    }

    @Test func nestedValuesThatJSONCannotHold() throws {
        struct Reading: Encodable { var values: [Double] }
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.fetchOne(String.self, "select :values", record: Reading(values: [1, .infinity])) }
        #expect(error?.description == "parameter :values: Array<Double> cannot be written as JSON: JSON has no inf (encoding Reading)")
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

@Suite struct RecordJSONTests {
    struct Address: Codable, Equatable { var city: String; var zip: String? }
    struct Customer: Codable, Equatable {
        var name: String
        var tags: [String]
        var address: Address
        var scores: [String: Int]
        var previous: [Address]?
    }

    @Test func nestedValuesAndArraysAreJSONText() throws {
        let db = try Connection()
        try db.execute("create table customer(name, tags, address, scores, previous)")
        let ada = Customer(name: "Ada", tags: ["vip", "a \"quoted\"\ntag", "é☃😀"], address: Address(city: "Paris", zip: nil),
                           scores: ["math": 10, "chess": -3], previous: [Address(city: "Oslo", zip: "0150")])
        try db.execute("insert into customer values (:name, :tags, :address, :scores, :previous)", record: ada)
        #expect(try db.fetchOne(String.self, "select tags from customer") == #"["vip","a \"quoted\"\ntag","é☃😀"]"#)
        #expect(try db.fetchOne(String.self, "select address from customer") == #"{"city":"Paris"}"#) // nil is left out, as JSONEncoder does
        #expect(try db.fetchOne(String.self, "select scores from customer") == #"{"chess":-3,"math":10}"#)
        // SQLite's JSON functions read it, and the record reads back equal.
        #expect(try db.fetchOne(String.self, "select address ->> '$.city' from customer") == "Paris")
        #expect(try db.fetchOne(Int.self, "select json_array_length(tags) from customer") == 3)
        #expect(try db.fetchOne(Customer.self, "select * from customer") == ada)
    }

    @Test func jsonWrittenBySQLiteReadsBack() throws {
        let db = try Connection()
        let customer = try db.fetchOne(Customer.self, """
            select 'Bo' as name, json_array('x', 'y') as tags, json_object('city', 'Rome') as address,
                   json('{ "a" : 1.0, "b" : 2e0 }') as scores, null as previous
            """)
        #expect(customer == Customer(name: "Bo", tags: ["x", "y"], address: Address(city: "Rome", zip: nil), scores: ["a": 1, "b": 2], previous: nil))
        // At the top level an array is the row's columns in order, so a JSON column is a property.
        struct Lists: Decodable, Equatable { var ints: [Int]; var reals: [Double]; var map: [String: [Int]] }
        let lists = try db.fetchOne(Lists.self, #"select '[1, 2, 3]' as ints, '[1.5, -2, 1e300]' as reals, cast('{"a":[1],"b":[]}' as blob) as map"#)
        #expect(lists == Lists(ints: [1, 2, 3], reals: [1.5, -2, 1e300], map: ["a": [1], "b": []]))
    }

    @Test func customCodingWithNestedContainers() throws {
        struct Point: Codable, Equatable {
            var x: Int, y: Int
            enum Keys: String, CodingKey { case position }
            enum Inner: String, CodingKey { case x, y }
            init(x: Int, y: Int) { self.x = x; self.y = y }
            init(from decoder: any Decoder) throws {
                let inner = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Inner.self, forKey: .position)
                x = try inner.decode(Int.self, forKey: .x)
                y = try inner.decode(Int.self, forKey: .y)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Inner.self, forKey: .position)
                try inner.encode(x, forKey: .x)
                try inner.encode(y, forKey: .y)
            }
        }
        let db = try Connection()
        #expect(try db.fetchOne(String.self, "select :position", record: Point(x: 1, y: -2)) == #"{"x":1,"y":-2}"#)
        #expect(try db.fetchOne(Point.self, #"select '{"x":3,"y":4}' as position"#) == Point(x: 3, y: 4))
    }

    @Test func numbersKeepTheirPrecision() throws {
        struct Big: Codable, Equatable { var values: [Int64]; var ratio: [Double] }
        let db = try Connection()
        let big = Big(values: [.max, .min, 0], ratio: [0.1, 1e-300, 123456789.123456789])
        #expect(try db.fetchOne(Big.self, "select :values as \"values\", :ratio as ratio", record: big) == big)
        struct Small: Decodable { var v: [Int8] }
        let overflow = #expect(throws: RecordError.self) { try db.fetchOne(Small.self, "select '[1, 300]' as v") }
        #expect(overflow?.description == "column 'v': text '[1, 300]' is not a valid Array<Int8>: 300 does not fit in Int8 at [1] (decoding Small)")
    }

    @Test func malformedJSONIsRefused() throws {
        let db = try Connection()
        for text in ["[1,]", "[01]", #"["\ud800"]"#, "[1] x", "[\"a\u{1}\"]", "", String(repeating: "[", count: 600)] {
            struct List: Decodable { var v: [Int] }
            let error = #expect(throws: RecordError.self) { try db.fetchOne(List.self, "select ? as v", text) }
            #expect(error?.kind == .invalidValue, "\(text)")
        }
    }
}

/// The records example of the DocC article Sources/SQLshCore/SQLshCore.docc/Records.md (once
/// the README's), as written there.
@Suite struct RecordReadmeTests {
    struct Player: Codable, Equatable {
        var id: Int
        var name: String
        var score: Double?
        var tags: [String]
    }

    @Test func readmeExample() throws {
        let db = try Connection()
        try db.execute("create table player(id integer primary key, name text, score real, tags text)")
        try db.execute("insert into player values (:id, :name, :score, :tags)",
                       record: Player(id: 1, name: "Ada", score: nil, tags: ["vip"]))

        let players = try db.fetchAll(Player.self, "select * from player where id > ?", 0)
        let ada = try db.fetchOne(Player.self, "select * from player where name = :name", record: ["name": "Ada"])
        let count = try db.fetchOne(Int.self, "select count(*) from player")
        #expect(players == [Player(id: 1, name: "Ada", score: nil, tags: ["vip"])])
        #expect(ada == players.first)
        #expect(count == 1)

        let statement = try db.prepare("select * from player")
        var decoded: [Player] = []
        while try statement.step() {
            decoded.append(try statement.decode(Player.self))
        }
        #expect(decoded == players)
    }
}
