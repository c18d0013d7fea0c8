import FoundationEssentials
import SQLshCore
import SQLshJSON
import Testing

// Foundation's value types in records (and anywhere a SQLValueConvertible goes).

private struct Address: SQLJSONConvertible, Equatable { var city: String; var zip: String? }

private struct Event: Codable, Equatable {
    var id: UUID
    var at: Date
    var payload: Data
    var link: URL?
    var address: Address
}

@Suite struct FoundationRecordTests {
    // 2024-02-29 13:45:30.250 UTC
    let leapDay = Date(timeIntervalSince1970: 1_709_214_330.25)

    @Test func datesAreStoredAsSQLiteDateText() throws {
        let db = try Connection()
        #expect(leapDay.sqlValue == .text("2024-02-29 13:45:30.250"))
        #expect(Date(timeIntervalSince1970: 0).sqlValue == .text("1970-01-01 00:00:00.000"))
        #expect(Date(timeIntervalSince1970: -1.5).sqlValue == .text("1969-12-31 23:59:58.500"))
        // SQLite's date functions read the text.
        #expect(try db.fetchOne(String.self, "select datetime(?)", leapDay) == "2024-02-29 13:45:30")
        #expect(try db.fetchOne(Int.self, "select unixepoch(?)", leapDay) == 1_709_214_330)
    }

    @Test func datesReadTextAndUnixTime() throws {
        let db = try Connection()
        let forms = ["2024-02-29 13:45:30.250", "2024-02-29T13:45:30.25", "2024-02-29T13:45:30.250Z",
                     "2024-02-29 15:45:30.250+02:00", "2024-02-29 08:15:30.250-05:30"]
        for form in forms {
            #expect(try db.fetchOne(Date.self, "select ?", form) == leapDay, "\(form)")
        }
        #expect(try db.fetchOne(Date.self, "select '2024-02-29'") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(try db.fetchOne(Date.self, "select '2024-02-29 13:45'") == Date(timeIntervalSince1970: 1_709_214_300))
        #expect(try db.fetchOne(Date.self, "select unixepoch('2024-02-29 13:45:30')") == Date(timeIntervalSince1970: 1_709_214_330))
        #expect(try db.fetchOne(Date.self, "select 1709214330.25") == leapDay)
        #expect(try db.fetchOne(Date.self, "select datetime('now')") != nil)
    }

    @Test func impossibleDatesAreErrors() throws {
        let db = try Connection()
        for text in ["2023-02-29", "2024-13-01", "2024-01-01 24:00", "yesterday", "2024-01-01 10:00 junk", "2459000.5"] {
            let error = #expect(throws: RecordError.self) { try db.fetchOne(Date.self, "select ? as at", text) }
            #expect(error?.kind == .typeMismatch, "\(text)")
            #expect(error?.name == "at")
            #expect(error?.description.hasPrefix("column 'at': expected Date, found text '\(text)'") == true)
        }
        #expect(throws: ValueConversionError.self) { try Date(timeIntervalSince1970: 1e12).encodedSQLValue() }
    }

    @Test func calendarArithmeticMatchesSQLite() throws {
        let db = try Connection()
        // Every 97 days over eight centuries, both ways.
        var day: Int64 = -200_000
        while day < 200_000 {
            let seconds = Double(day) * 86_400 + 3_723.5
            let text = try db.fetchOne(String.self, "select strftime('%Y-%m-%d %H:%M:%f', ?, 'unixepoch')", seconds) ?? ""
            #expect(Date(timeIntervalSince1970: seconds).sqlValue == .text(text))
            #expect(try Date.fromSQLValue(.text(text)) == Date(timeIntervalSince1970: seconds))
            day += 97
        }
    }

    @Test func uuidsAreLowercaseTextAndReadBlobs() throws {
        let db = try Connection()
        let id = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!
        #expect(id.sqlValue == .text("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        #expect(try db.fetchOne(UUID.self, "select '6BA7B810-9DAD-11D1-80B4-00C04FD430C8'") == id)
        #expect(try db.fetchOne(UUID.self, "select x'6ba7b8109dad11d180b400c04fd430c8'") == id)
        let error = #expect(throws: RecordError.self) { try db.fetchOne(UUID.self, "select x'0102' as id") }
        #expect(error?.description == "column 'id': expected UUID, found blob of 2 bytes (expected 36-character text or a 16-byte blob; decoding UUID)")
    }

    @Test func recordsWithFoundationTypesAndJSONRoundTrip() throws {
        let db = try Connection()
        try db.execute("create table event(id text primary key, at text, payload blob, link text, address text)")
        let events = [
            Event(id: UUID(), at: leapDay, payload: Data([0, 1, 255]), link: URL(string: "https://sqlite.org/lang_datefunc.html"),
                  address: Address(city: "Paris", zip: nil)),
            Event(id: UUID(), at: Date(timeIntervalSince1970: 0), payload: Data(), link: nil, address: Address(city: "Oslo", zip: "0150")),
        ]
        for event in events {
            try db.execute("insert into event values (:id, :at, :payload, :link, :address)", record: event)
        }
        #expect(try db.fetchAll(Event.self, "select * from event order by at desc") == events)
        #expect(try db.fetchAll(String.self, "select address ->> '$.city' from event order by at") == ["Oslo", "Paris"])
        #expect(try db.fetchAll(String.self, "select typeof(payload) from event") == ["blob", "blob"])

        let broken = #expect(throws: RecordError.self) {
            try db.fetchOne(Event.self, "select id, at, payload, link, 'not json' as address from event")
        }
        #expect(broken?.name == "address")
        #expect(broken?.description.hasPrefix("column 'address': expected Address, found text 'not json' (invalid JSON") == true)
    }
}
