import SQLshLineEditor
import Testing

/// Issue 38: a long list of completions cut to what fits the screen.
@Suite struct CandidateFittingTests {
    @Test func theLongestStartThatFits() {
        let names = (0..<300).map { "name\($0)" }
        let fit = CandidateColumns.fitting(names, width: 80, rows: 10)
        #expect(fit.columns.rows == 10)
        #expect(fit.shown < names.count)
        #expect(CandidateColumns(Array(names.prefix(fit.shown + 1)), width: 80).rows > 10)
        #expect(fit.columns.text.hasPrefix("name0 "))
        // All of them when they fit; none to show, none shown.
        #expect(CandidateColumns.fitting(Array(names.prefix(5)), width: 80, rows: 10).shown == 5)
        #expect(CandidateColumns.fitting([], width: 80, rows: 10).shown == 0)
    }
}
