import CSQLite
import GRDB
@_spi(RawSQLite) import SQLshCore

// Records: whole rows decoded into a Swift struct, by sqlsh's `Decodable` support
// (`db.fetchAll(T.self, sql)`), by GRDB 7.10.0's `FetchableRecord` + `Decodable`
// (`Player.fetchAll(db, sql:)`), and by hand-written column reads on both libraries and on the
// raw C API. Every implementation builds the same array of the same struct.

/// The record: a few columns of the common kinds, one of them optional (NULL in a third of
/// the rows). GRDB's conformance comes from `Decodable` alone (its default `init(row:)`).
struct Player: Decodable, FetchableRecord, Equatable {
    var id: Int64
    var name: String
    var score: Double
    var bonus: Int64?
}

/// The same fields read by a hand-written GRDB `init(row:)` (by column index, the fastest form
/// GRDB's documentation shows).
private struct HandWrittenGRDBPlayer: FetchableRecord {
    var player: Player
    init(row: Row) {
        player = Player(id: row[0], name: row[1], score: row[2], bonus: row[3])
    }
}

let recordSQL = "select id, name, score, bonus from player"

/// The record table, the same on every connection: names of 10 to 40 ASCII characters.
func createPlayerTable(_ db: OpaquePointer, rows: Int) {
    execute(db, """
        create table player(id integer primary key, name text not null, score real not null, bonus integer);
        with recursive c(i) as (select 1 union all select i + 1 from c where i < \(rows))
        insert into player
        select i,
               substr('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-abcdefghijklmnop',
                      1 + (i * 7) % 26, 10 + (i * 13) % 31),
               ((i * 2654435761) % 100003) / 8.0,
               case when i % 3 = 0 then null else (i * 40503) % 1000 end
        from c;
        """)
}

/// One way of reading every row of `recordSQL` into `[Player]`.
private struct RecordReader {
    var label: String
    var read: (Database) throws -> [Player]
    var best = UInt64.max
    var checksum = ""
}

/// A digest of the decoded rows, to check that every implementation read the same values.
private func digest(_ players: [Player]) -> String {
    var ids: Int64 = 0, nameBytes = 0, scores = 0.0, bonuses: Int64 = 0, nulls = 0
    for p in players {
        ids &+= p.id
        nameBytes += p.name.utf8.count
        scores += p.score
        if let bonus = p.bonus { bonuses &+= bonus } else { nulls += 1 }
    }
    return "\(players.count) rows, ids \(ids), name bytes \(nameBytes), scores \(format(scores, 3)), bonuses \(bonuses), nulls \(nulls)"
}

/// Reads the rows with sqlsh's column accessors, written by hand.
private func handWrittenSQLsh(_ db: Connection) throws -> [Player] {
    let statement = try db.prepare(recordSQL)
    var players: [Player] = []
    while try statement.step() {
        players.append(Player(id: statement.int64(at: 0),
                              name: String(decoding: statement.textBytes(at: 1), as: UTF8.self),
                              score: statement.double(at: 2),
                              bonus: statement.columnType(at: 3) == .null ? nil : statement.int64(at: 3)))
    }
    return players
}

/// Reads the rows with sqlite3_column_* on the raw handle: the floor for building the array.
private func handWrittenRawC(_ db: OpaquePointer) -> [Player] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, recordSQL, -1, &statement, nil) == SQLITE_OK, let statement else {
        fail("cannot prepare \(recordSQL)")
    }
    defer { sqlite3_finalize(statement) }
    var players: [Player] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        let text = sqlite3_column_text(statement, 1)
        let name = String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, 1))), as: UTF8.self)
        players.append(Player(id: sqlite3_column_int64(statement, 0), name: name,
                              score: sqlite3_column_double(statement, 2),
                              bonus: sqlite3_column_type(statement, 3) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 3)))
    }
    return players
}

/// Measures every reader in turns, `runs` times (after one warm-up), and prints µs per row.
func measureRecords(sqlsh: Connection, grdb: DatabaseQueue, rows: Int, runs: Int) {
    createPlayerTable(sqlsh.handle, rows: rows)
    grdb.inDatabase { db in createPlayerTable(db.sqliteConnection!, rows: rows) }

    var readers = [
        RecordReader(label: "raw C API, column reads by hand", read: { _ in handWrittenRawC(sqlsh.handle) }),
        RecordReader(label: "sqlsh, column reads by hand", read: { _ in try handWrittenSQLsh(sqlsh) }),
        RecordReader(label: "sqlsh db.fetchAll(Player.self, sql)", read: { _ in try sqlsh.fetchAll(Player.self, recordSQL) }),
        RecordReader(label: "GRDB FetchableRecord, init(row:) by hand", read: { db in
            try HandWrittenGRDBPlayer.fetchAll(db, sql: recordSQL).map(\.player)
        }),
        RecordReader(label: "GRDB FetchableRecord + Decodable", read: { db in try Player.fetchAll(db, sql: recordSQL) }),
    ]
    grdb.inDatabase { db in
        do {
            for round in 0...runs {
                for i in readers.indices {
                    let start = now()
                    let players = try readers[i].read(db)
                    let elapsed = now() - start
                    if round == 0 { readers[i].checksum = digest(players) } else { readers[i].best = min(readers[i].best, elapsed) }
                }
            }
        } catch {
            fail("records: \(error)")
        }
    }
    if Set(readers.map(\.checksum)).count != 1 { fail("records: implementations disagree: \(readers.map(\.checksum))") }

    print("")
    print("records: `\(recordSQL)` into [Player] (Int64, String, Double, Int64?), \(rows) rows, best of \(runs) runs")
    print("  " + pad("implementation", 42) + pad("µs/row", 9, right: true) + pad("x by hand", 11, right: true))
    let byHand = Double(readers[1].best)
    for reader in readers {
        let perRow = Double(reader.best) / Double(rows) / 1000
        print("  " + pad(reader.label, 42) + pad(format(perRow, 3), 9, right: true)
              + pad(format(Double(reader.best) / byHand, 2) + "x", 11, right: true))
    }
    let sqlshDecodable = Double(readers[2].best), grdbDecodable = Double(readers[4].best)
    print("  GRDB's Decodable takes \(format(grdbDecodable / sqlshDecodable, 2))x sqlsh's time; check: \(readers[0].checksum)")
}
