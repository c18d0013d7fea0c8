import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// `.chart`: the bar chart and histogram layouts, and the command on the last result.
@Suite struct ChartTests {
    let plain: (Double) -> String = { $0 == $0.rounded() ? String(Int64($0)) : String($0) }

    @Test func barChartFitsTheWidth() {
        let bars = [ChartLayout.Bar(label: "north", value: 100), .init(label: "south", value: 50), .init(label: "e", value: 0)]
        let lines = ChartLayout.barChart(bars, width: 40, format: plain)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        // label 5, " │", 27 blocks, " 100"
        #expect(lines[0] == "north │" + String(repeating: "█", count: 28) + " 100")
        #expect(lines[1] == "south │" + String(repeating: "█", count: 14) + " 50")
        #expect(lines[2] == "e     │ 0")
        #expect(lines[3] == "      └" + String(repeating: "─", count: 28))
        #expect(lines[4].hasPrefix("       0 ") && lines[4].hasSuffix(" 100"))
    }

    @Test func negativeValuesStartTheAxis() {
        let lines = ChartLayout.barChart([.init(label: "a", value: -10), .init(label: "b", value: 10)], width: 30, format: plain)
        #expect(lines[0] == "a │ -10")
        #expect(lines.last?.hasPrefix("   -10") == true)
    }

    @Test func longLabelsAreCut() {
        let lines = ChartLayout.barChart([.init(label: String(repeating: "x", count: 100), value: 1)], width: 60, format: plain)
        #expect(lines[0].hasPrefix(String(repeating: "x", count: 19) + "… │"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    @Test func integerHistogram() throws {
        let values = (1...100).map(Double.init)
        let bins = try #require(ChartLayout.histogram(values, bins: 4, format: plain))
        #expect(bins == [.init(label: "1–25", count: 25), .init(label: "26–50", count: 25),
                         .init(label: "51–75", count: 25), .init(label: "76–100", count: 25)])
        #expect(ChartLayout.histogram([3, 3, 3], bins: 5, format: plain) == [.init(label: "3", count: 3)])
        #expect(ChartLayout.histogram([1, 2, 3], bins: 10, format: plain)?.map(\.label) == ["1", "2", "3"])
        #expect(ChartLayout.histogram([], bins: 3, format: plain) == nil)
    }

    @Test func realHistogram() throws {
        let bins = try #require(ChartLayout.histogram([0, 0.25, 0.5, 0.75, 1.0], bins: 2, format: plain))
        #expect(bins == [.init(label: "[0, 0.5)", count: 2), .init(label: "[0.5, 1]", count: 3)])
        let wide = try #require(ChartLayout.histogram([-1e308, 1e308], bins: 2, format: plain))
        #expect(wide.map(\.count) == [1, 1])
    }

    @Test func defaultBins() {
        #expect(ChartLayout.defaultBins(1) == 1)
        #expect(ChartLayout.defaultBins(100) == 8)
        #expect(ChartLayout.defaultBins(10_000_000) == 20)
    }

    /// Runs `input` at a prompt 60 columns wide and 30 lines tall; returns (stdout, stderr).
    func run(_ input: String) throws -> (String, String) {
        try runAtPrompt(input, width: 60, height: 30)
    }

    @Test func chartOfTheLastResult() throws {
        let (out, err) = try run("""
            create table t(name text, n integer);
            insert into t values ('a', 4), ('b', 2), ('c', null);
            select name, n from t;
            .chart
            """)
        #expect(err.isEmpty)
        let chart = out.components(separatedBy: "n by name · 1 without a number left out\n").last ?? ""
        #expect(chart.hasPrefix("a │" + String(repeating: "█", count: 54) + " 4\nb │" + String(repeating: "█", count: 27) + " 2\n"))
    }

    @Test func histogramOfOneColumnAndBins() throws {
        let (out, _) = try run("select value as v from generate_series(1, 10);\n.chart --bins 2\n")
        #expect(out.contains("v: 10 values in 2 bins\n1–5  │"))
        #expect(out.contains("\n6–10 │"))
    }

    @Test func clearErrors() throws {
        #expect(try run(".chart\n").1 == "No result to chart yet: run a query, then .chart draws its result\n")
        #expect(try run("select 'x' as t;\n.chart\n").1
                == "The last result has no column of numbers to chart (columns: t)\n")
        #expect(try run("select 1 as n where 0;\n.chart\n").1 == "The last result has no rows to chart\n")
        #expect(try run("select 1 as n;\n.chart nope\n").1
                == "Error: no column \"nope\" in the last result (columns: n)\n")
        #expect(try run("select 1 as n;\n.chart --bins 0\n").1 == "Error: --bins takes a number from 1 to 100\n")
        #expect(try run("select 1 as n;\n.chart --bins\n").1 == "Error: --bins takes a number from 1 to 100\n")
        #expect(try run("select 1 as n;\n.chart --wat\n").1.hasPrefix("Error: unknown option --wat"))
        #expect(try run("select 'a' as t, 'b' as u;\n.chart t u\n").1 == "Column \"u\" has no numbers to chart\n")
        #expect(try run("create table w(a);\ninsert into w values (1) returning a;\n.chart\n").1
                == "The last statement changes the database: .chart runs again only statements that read\n")
    }
}
