import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// Numbers a person reads: `.numformat` groups and the readable size of a big number.
@Suite struct NumberFormatTests {
    @Test func separatorsAreParsedAndBadOnesRefused() {
        #expect(NumberFormat(argument: ",")?.separator == ",")
        #expect(NumberFormat(argument: "_")?.name == "_")
        #expect(NumberFormat(argument: "space")?.separator == " ")
        #expect(NumberFormat(argument: " ")?.name == "space")
        #expect(NumberFormat(argument: "x") == nil)
        #expect(NumberFormat(argument: ",,") == nil)
        #expect(NumberFormat(argument: "") == nil)
        #expect(NumberFormat(argument: "9") == nil)
    }

    @Test func digitsAreGroupedInThrees() throws {
        let comma = try #require(NumberFormat(argument: ","))
        #expect(comma.apply("0") == "0")
        #expect(comma.apply("999") == "999")
        #expect(comma.apply("1000") == "1,000")
        #expect(comma.apply("-1234567") == "-1,234,567")
        #expect(comma.apply("-9223372036854775808") == "-9,223,372,036,854,775,808")
        #expect(comma.apply("1234567.125") == "1,234,567.125")
        #expect(comma.apply("0.30000000000000004") == "0.30000000000000004")
        #expect(comma.apply("1.0e+20") == "1.0e+20")
        #expect(comma.apply("Inf") == "Inf")
        #expect(comma.apply("-Inf") == "-Inf")
        let dot = try #require(NumberFormat(argument: "."))
        #expect(dot.apply("1234567.5") == "1.234.567,5")
        let underscore = try #require(NumberFormat(argument: "_"))
        #expect(underscore.apply("10000000") == "10_000_000")
    }

    @Test func readableSizes() {
        #expect(NumberFormat.readable(Int64(999_999)) == nil)
        #expect(NumberFormat.readable(Int64(1_000_000)) == "1.00 million")
        #expect(NumberFormat.readable(Int64(1_500_000)) == "1.50 million")
        #expect(NumberFormat.readable(Int64(2_100_000_000_000)) == "2.10 trillion")
        #expect(NumberFormat.readable(Int64(-2_634_017_266)) == "-2.63 billion")
        #expect(NumberFormat.readable(Int64(150_400_000)) == "150 million")
        #expect(NumberFormat.readable(Int64(9_996_000)) == "10.0 million")
        #expect(NumberFormat.readable(Int64(999_600_000)) == "1.00 billion")
        #expect(NumberFormat.readable(Int64.max) == "9.22 quintillion")
        #expect(NumberFormat.readable(Int64.min) == "-9.22 quintillion")
        #expect(NumberFormat.readable(9.99e20) == "999 quintillion")
        #expect(NumberFormat.readable(1e21) == nil)
        #expect(NumberFormat.readable(Double.infinity) == nil)
        #expect(NumberFormat.readable(Double.nan) == nil)
        #expect(NumberFormat.readable(23742.48) == nil)
    }

    /// Runs `sql` in pretty mode as at the prompt, without the type row; returns stdout.
    func render(_ sql: String, width: Int = 80, height: Int = 24, format: String? = nil) throws -> String {
        try runAtPrompt(sql, width: width, height: height) { shell in
            shell.settings.columnTypes = false
            shell.settings.numberFormat = format.flatMap(NumberFormat.init(argument:))
        }.out
    }

    @Test func aTableWithGroupedNumbers() throws {
        let out = try render("select 1234567 as n, 1234.5 as r, 'x' as t union all select -10, 0.25, '1234567';",
                             format: ",")
        #expect(out.hasPrefix("""
            ┌───────────┬──────────┬─────────┐
            │     n     │    r     │    t    │
            ├───────────┼──────────┼─────────┤
            │ 1,234,567 │ 1,234.5  │ x       │
            │       -10 │     0.25 │ 1234567 │
            └───────────┴──────────┴─────────┘

            """))
    }

    @Test func oneBigNumberGetsItsSizeUnderIt() throws {
        let out = try render("select 2100000000000 as total;")
        let lines = out.split(separator: "\n")
        #expect(lines[3] == "│   2100000000000 │")
        #expect(lines[4] == "│ (2.10 trillion) │")
        // Two values, or a small one: no note.
        #expect(!(try render("select 2100000000000, 1;").contains("trillion")))
        #expect(!(try render("select 999999;").contains("(")))
    }

    @Test func numformatCommand() throws {
        let out = try render(".numformat\n.numformat _\n.numformat\n.numformat space\n.numformat\n.numformat off\n.numformat")
        #expect(out == "numformat: off\nnumformat: _\nnumformat: space\nnumformat: off\n")
    }
}
