import SQLshCatalog
import SQLshCore
import Testing

/// `bar(x, min, max[, width])` of the chart pack: DuckDB's horizontal bar.
@Suite struct BarTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    func text(_ sql: String) throws -> String {
        guard case .text(let t) = try value(db, sql) else { Issue.record("not text: \(sql)"); return "" }
        return t
    }

    @Test func barsInEighths() throws {
        #expect(try text("select bar(5, 0, 20, 10)") == "██▌       ")
        #expect(try text("select bar(1, 0, 8, 2)") == "▎ ")
        #expect(try text("select bar(20, 0, 20, 4)") == "████")
        #expect(try text("select bar(0, 0, 20, 4)") == "    ")
        #expect(try text("select bar(7, 0, 8, 1)") == "▉")
        // The width defaults to 80.
        #expect(try text("select bar(50, 0, 100)") == String(repeating: "█", count: 40) + String(repeating: " ", count: 40))
        // Numeric text and reals are numbers too.
        #expect(try text("select bar('3', 0.0, '6', 2.0)") == "█ ")
    }

    @Test func xIsClamped() throws {
        #expect(try text("select bar(-5, 0, 10, 3)") == "   ")
        #expect(try text("select bar(99, 0, 10, 3)") == "███")
        #expect(try text("select bar(0, -1e308, 1e308, 2)") == "█ ")
    }

    @Test func nullGivesNull() throws {
        for sql in ["select bar(null, 0, 1)", "select bar(1, null, 2)", "select bar(1, 0, null)", "select bar(1, 0, 2, null)"] {
            #expect(try value(db, sql) == .null, "\(sql)")
        }
    }

    @Test func badArgumentsAreErrors() throws {
        #expect(errorMessage(db, "select bar(1, 2, 2)") == "bar(): min must be less than max")
        #expect(errorMessage(db, "select bar(1, 3, 2)") == "bar(): min must be less than max")
        #expect(errorMessage(db, "select bar(1, 0, 2, 0)") == "bar(): width must be at least 1")
        #expect(errorMessage(db, "select bar(1, 0, 2, -5)") == "bar(): width must be at least 1")
        #expect(errorMessage(db, "select bar(1, 0, 2, 2.5)") == "bar(): width must be an integer")
        #expect(errorMessage(db, "select bar('abc', 0, 2)") == "bar(): x must be a number")
        #expect(errorMessage(db, "select bar(1, x'00', 2)") == "bar(): min must be a number")
        #expect(errorMessage(db, "select bar(1, 0, 9e999)") == "bar(): max must be a finite number")
        #expect(errorMessage(db, "select bar(1, 0, 2, 9223372036854775807)") == "string or blob too big")
        #expect(errorMessage(db, "select bar(1, 0)") == "wrong number of arguments to function bar()")
    }

    @Test func widthUpToTheLengthLimit() throws {
        _ = db.setLimit(.length, 3000)
        #expect(try text("select bar(1, 0, 1, 1000)").count == 1000)
        #expect(errorMessage(db, "select bar(1, 0, 1, 1001)") == "string or blob too big")
    }

    @Test func sharedDrawing() {
        #expect(BarDrawing.bar(fraction: 0.5, width: 4, padded: false) == "██")
        #expect(BarDrawing.bar(fraction: .nan, width: 3, padded: true) == "   ")
        #expect(BarDrawing.bar(fraction: 2, width: 3, padded: false) == "███")
        #expect(BarDrawing.bar(fraction: 0.5, width: 0, padded: true) == "")
    }
}
