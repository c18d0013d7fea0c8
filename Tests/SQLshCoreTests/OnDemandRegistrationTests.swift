import CSQLite
@_spi(RawSQLite) import SQLshCore
import Testing

/// Functions, tables and collations registered when a statement first names them.
@Suite struct OnDemandRegistrationTests {
    /// A connection that registers `double(x)`, `triple(x)` and the `reversed` collation on
    /// demand, and records what it was asked for.
    final class Registrar {
        var asked: [MissingName] = []
        func install(on db: Connection) {
            db.registerOnDemand { db, missing in
                self.asked.append(missing)
                switch missing {
                case .function("double"), .function("DOUBLE"):
                    try? db.add(SQLFunction("double", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 })
                case .function("triple"):
                    try? db.add(SQLFunction("triple", argumentCount: 1, options: .pure) { args in args[0].int64 * 3 })
                case .collation("reversed"):
                    try? db.addCollation("reversed") { a, b in
                        a.elementsEqual(b) ? 0 : (a.lexicographicallyPrecedes(b) ? 1 : -1)
                    }
                default:
                    return false
                }
                return true
            }
        }
    }

    @Test func aFunctionIsRegisteredWhenFirstNamed() throws {
        let db = try Connection()
        let registrar = Registrar()
        registrar.install(on: db)
        #expect(try db.value("select double(21)") == .integer(42))
        #expect(try db.value("select double(1)") == .integer(2))
        #expect(registrar.asked == [.function("double")])
    }

    @Test func aMissingArgumentCountIsAskedForAsTheFunction() throws {
        let db = try Connection()
        var asked: [MissingName] = []
        db.registerOnDemand { db, missing in
            asked.append(missing)
            guard missing == .function("iif") else { return false }
            try? db.add(SQLFunction("iif", argumentCount: 2, options: .pure) { args in args[0].int64 != 0 ? args[1].int64 : nil })
            return true
        }
        #expect(try db.value("select iif(1, 7)") == .integer(7))
        #expect(try db.value("select iif(0, 7, 8)") == .integer(8))
        #expect(asked == [.function("iif")])
        // A count nobody adds keeps SQLite's message, asked for once.
        #expect(throws: SQLiteError.self) { try db.value("select abs(1, 2)") }
        #expect(asked == [.function("iif"), .function("abs")])
    }

    @Test func aStatementNamingSeveralIsRetriedForEach() throws {
        let db = try Connection()
        let registrar = Registrar()
        registrar.install(on: db)
        #expect(try db.value("select triple(double(1))") == .integer(6))
        #expect(registrar.asked.count == 2)
    }

    @Test func whatTheHandlerDoesNotKnowKeepsSQLitesError() throws {
        let db = try Connection()
        let registrar = Registrar()
        registrar.install(on: db)
        let function = #expect(throws: SQLiteError.self) { _ = try db.value("select nosuch(1)") }
        #expect(function?.message == "no such function: nosuch")
        let table = #expect(throws: SQLiteError.self) { _ = try db.value("select * from main.missing") }
        #expect(table?.message == "no such table: main.missing")
        #expect(registrar.asked == [.function("nosuch"), .table("main.missing")])
    }

    @Test func aHandlerThatClaimsSuccessWithoutRegisteringIsAskedOnce() throws {
        let db = try Connection()
        var calls = 0
        db.registerOnDemand { _, _ in calls += 1; return true }
        #expect(throws: SQLiteError.self) { _ = try db.value("select nosuch(1)") }
        #expect(calls == 1)
    }

    @Test func aCollationIsRegisteredWhenNeeded() throws {
        let db = try Connection()
        let registrar = Registrar()
        registrar.install(on: db)
        #expect(try db.column("select x from (select 'a' x union select 'b') order by x collate reversed")
                == [.text("b"), .text("a")])
        #expect(registrar.asked == [.collation("reversed")])
    }

    @Test func rawPreparesRetryThroughTheHandle() throws {
        let db = try Connection()
        let registrar = Registrar()
        registrar.install(on: db)
        var statement: OpaquePointer?
        var rc: Int32
        var tried: Set<String> = []
        repeat {
            rc = sqlite3_prepare_v2(db.handle, "select double(5)", -1, &statement, nil)
        } while rc != SQLITE_OK && Connection.registerMissing(on: db.handle, after: rc, tried: &tried)
        defer { sqlite3_finalize(statement) }
        #expect(rc == SQLITE_OK)
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(sqlite3_column_int64(statement, 0) == 10)
    }

    @Test func registerNowAndStopping() throws {
        let db = try Connection()
        let registrar = Registrar()
        registrar.install(on: db)
        #expect(db.registerNow(.function("triple")))
        #expect(!db.registerNow(.function("nosuch")))
        db.stopRegisteringOnDemand()
        #expect(throws: SQLiteError.self) { _ = try db.value("select double(1)") }
        #expect(try db.value("select triple(2)") == .integer(6))
    }
}
