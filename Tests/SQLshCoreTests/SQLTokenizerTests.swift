import CSQLite
import SQLshCore
import Testing
import TestSupport

/// One token as the tests write it: class, text, and the flags.
private struct T: Equatable, CustomStringConvertible {
    var kind: SQLToken.Kind
    var text: String
    var open = false
    var bad = false

    init(_ kind: SQLToken.Kind, _ text: String, open: Bool = false, bad: Bool = false) {
        self.kind = kind
        self.text = text
        self.open = open
        self.bad = bad
    }

    var description: String { "\(kind)(\(text.debugDescription)\(open ? ", open" : "")\(bad ? ", bad" : ""))" }
}

/// Every token of `bytes`.
private func tokens(_ bytes: [UInt8]) -> [SQLToken] {
    bytes.withUnsafeBufferPointer { Array(SQLTokenizer($0)) }
}

/// Every token of `sql` as `T`s.
private func lex(_ sql: String) -> [T] {
    var sql = sql
    return sql.withUTF8 { bytes in
        SQLTokenizer(bytes).map { T($0.kind, $0.text(in: bytes), open: $0.isUnterminated, bad: $0.isMalformed) }
    }
}

/// The tokens of `sql` other than whitespace and comments.
private func significant(_ sql: String) -> [T] {
    lex(sql).filter { $0.kind != .whitespace && $0.kind != .comment }
}

/// Whether the tokens cover `bytes` exactly, in order, each non-empty.
private func tiles(_ tokens: [SQLToken], _ bytes: [UInt8]) -> Bool {
    var at = 0
    for token in tokens {
        guard token.start == at, token.end > token.start else { return false }
        at = token.end
    }
    return at == bytes.count
}

@Suite struct SQLTokenizerTests {
    @Test func emptyInputHasNoTokens() {
        #expect(lex("").isEmpty)
        var tokenizer = [UInt8]().withUnsafeBufferPointer { SQLTokenizer($0) }
        #expect(tokenizer.next() == nil)
    }

    @Test func keywordsAreSQLitesList() {
        let count = Int(sqlite3_keyword_count())
        #expect(count == 147)  // SQLite 3.40
        #expect(SQLText.keywords.count == count)
        for keyword in SQLText.keywords {
            #expect(lex(keyword) == [T(.keyword, keyword)], "\(keyword)")
            #expect(lex(keyword.lowercased()) == [T(.keyword, keyword.lowercased())], "\(keyword)")
        }
        #expect(lex("selectx") == [T(.identifier, "selectx")])
        #expect(lex("rowid") == [T(.identifier, "rowid")])
        #expect(lex("x") == [T(.identifier, "x")])
    }

    @Test func identifiersInAllFourQuotings() {
        #expect(significant("a _b c1 $ é日本 d$e") == [T(.identifier, "a"), T(.identifier, "_b"), T(.identifier, "c1"),
                                                         T(.illegal, "$"), T(.identifier, "é日本"), T(.identifier, "d$e")])
        #expect(lex("\"a b\"") == [T(.quotedIdentifier, "\"a b\"")])
        #expect(lex("\"a\"\"b\"") == [T(.quotedIdentifier, "\"a\"\"b\"")])
        #expect(lex("[a b]") == [T(.quotedIdentifier, "[a b]")])
        #expect(lex("[a]]") == [T(.quotedIdentifier, "[a]"), T(.illegal, "]")])
        #expect(lex("`a``b`") == [T(.quotedIdentifier, "`a``b`")])
        #expect(lex("\"select\"") == [T(.quotedIdentifier, "\"select\"")])
    }

    @Test func unquotedUndoesDoubledQuotes() {
        var sql = "\"a\"\"b\" [c\"\"d] `e``f` 'it''s' 'open''"
        let texts = sql.withUTF8 { bytes in
            SQLTokenizer(bytes).filter { !$0.isTrivia }.map { String(decoding: $0.unquoted(in: bytes), as: UTF8.self) }
        }
        #expect(texts == ["a\"b", "c\"\"d", "e`f", "it's", "open'"])
    }

    @Test func stringsAndBlobs() {
        #expect(lex("'it''s'") == [T(.string, "'it''s'")])
        #expect(lex("''") == [T(.string, "''")])
        #expect(lex("''''") == [T(.string, "''''")])
        #expect(lex("x'00fF' X''") == [T(.blob, "x'00fF'"), T(.whitespace, " "), T(.blob, "X''")])
        #expect(lex("x'abc'") == [T(.blob, "x'abc'", bad: true)])
        #expect(lex("x'zz'") == [T(.blob, "x'zz'", bad: true)])
        #expect(lex("xa'1'") == [T(.identifier, "xa"), T(.string, "'1'")])
    }

    @Test func numbers() {
        let ok = ["0", "42", "1.5", "1.", ".5", "1e10", "1E+10", "2.5e-3", ".5e1", "0xFF", "0x1f", "00"]
        for number in ok { #expect(lex(number) == [T(.number, number)], "\(number)") }
        #expect(lex("12abc") == [T(.number, "12abc", bad: true)])
        #expect(lex("0x") == [T(.number, "0x", bad: true)])
        #expect(lex("0xfg") == [T(.number, "0xfg", bad: true)])
        #expect(lex("1e") == [T(.number, "1e", bad: true)])
        #expect(lex("1e+") == [T(.number, "1e", bad: true), T(.operator, "+")])
        #expect(lex("1.2.3") == [T(.number, "1.2"), T(.number, ".3")])
        #expect(lex("1-2") == [T(.number, "1"), T(.operator, "-"), T(.number, "2")])
        #expect(lex("t.c") == [T(.identifier, "t"), T(.operator, "."), T(.identifier, "c")])
    }

    @Test func parameters() {
        let ok = ["?", "?1", "?123", ":name", "@x", "$a", "#p", "$a::b", "$a::b(c)", ":1", "$a(x y"]
        // The last one is `$a(x`, cut at the space, and `y`.
        #expect(significant(ok.joined(separator: " ")).map(\.kind) == Array(repeating: .parameter, count: ok.count) + [.identifier])
        #expect(lex("$a::b(c)") == [T(.parameter, "$a::b(c)")])
        #expect(lex("$a(b c)") == [T(.parameter, "$a(b", bad: true), T(.whitespace, " "), T(.identifier, "c"), T(.operator, ")")])
        #expect(lex("$a(bc") == [T(.parameter, "$a(bc", open: true)])
        #expect(lex("?abc") == [T(.parameter, "?"), T(.identifier, "abc")])
        #expect(lex(":") == [T(.illegal, ":")])
        #expect(lex("@ $ # :=") == [T(.illegal, "@"), T(.whitespace, " "), T(.illegal, "$"), T(.whitespace, " "),
                                    T(.illegal, "#"), T(.whitespace, " "), T(.illegal, ":"), T(.operator, "=")])
    }

    @Test func comments() {
        #expect(lex("-- x\ny") == [T(.comment, "-- x"), T(.whitespace, "\n"), T(.identifier, "y")])
        #expect(lex("-- x") == [T(.comment, "-- x", open: true)])
        #expect(lex("--") == [T(.comment, "--", open: true)])
        #expect(lex("/* a */b") == [T(.comment, "/* a */"), T(.identifier, "b")])
        #expect(lex("/**/") == [T(.comment, "/**/")])
        #expect(lex("/*/") == [T(.comment, "/*/", open: true)])
        #expect(lex("/* a") == [T(.comment, "/* a", open: true)])
        #expect(lex("/*") == [T(.comment, "/*", open: true)])
        #expect(lex("/* -- */ 'x'") == [T(.comment, "/* -- */"), T(.whitespace, " "), T(.string, "'x'")])
        #expect(lex("'--' \"/*\"") == [T(.string, "'--'"), T(.whitespace, " "), T(.quotedIdentifier, "\"/*\"")])
    }

    @Test func everyOperator() {
        let ops = ["||", "->>", "->", "<=", ">=", "==", "!=", "<>", "<<", ">>", "(", ")", ",", ";", ".", "+", "-", "*", "/",
                   "%", "&", "~", "|", "=", "<", ">"]
        for op in ops { #expect(lex(op) == [T(.operator, op)], "\(op)") }
        #expect(lex("a->>'$.x'") == [T(.identifier, "a"), T(.operator, "->>"), T(.string, "'$.x'")])
        #expect(lex("<<=") == [T(.operator, "<<"), T(.operator, "=")])
        #expect(lex("|||") == [T(.operator, "||"), T(.operator, "|")])
        #expect(lex("!") == [T(.illegal, "!")])
        #expect(lex("{}^\\]") == [T(.illegal, "{"), T(.illegal, "}"), T(.illegal, "^"), T(.illegal, "\\"), T(.illegal, "]")])
    }

    @Test func whitespace() {
        #expect(lex(" \t\r\n\u{0C}a") == [T(.whitespace, " \t\r\n\u{0C}"), T(.identifier, "a")])
        // SQLite does not take a vertical tab for space.
        #expect(lex(" \u{0B} ") == [T(.whitespace, " "), T(.illegal, "\u{0B}"), T(.whitespace, " ")])
    }

    @Test func unterminatedQuotesRunToTheEnd() {
        #expect(lex("'ab") == [T(.string, "'ab", open: true)])
        #expect(lex("'ab''") == [T(.string, "'ab''", open: true)])
        #expect(lex("\"ab") == [T(.quotedIdentifier, "\"ab", open: true)])
        #expect(lex("`ab") == [T(.quotedIdentifier, "`ab", open: true)])
        #expect(lex("[ab") == [T(.quotedIdentifier, "[ab", open: true)])
        #expect(lex("x'00") == [T(.blob, "x'00", open: true)])
        #expect(lex("x'") == [T(.blob, "x'", open: true)])
        #expect(lex("'") == [T(.string, "'", open: true)])
    }

    @Test func nulAndInvalidUTF8Bytes() {
        let bytes: [UInt8] = [0x61, 0x00, 0x27, 0x00, 0x27, 0xFF, 0xC3, 0x20, 0x80, 0x2D, 0x2D, 0x00]
        let found = tokens(bytes)
        #expect(tiles(found, bytes))
        #expect(found.map(\.kind) == [.identifier, .illegal, .string, .identifier, .whitespace, .identifier, .comment])
        #expect(found[3].range == 5..<7)
        #expect(found.last?.isUnterminated == true)
    }

    @Test func significantTokensSkipTrivia() {
        var sql = "select /* c */ 1 -- end"
        let kinds = sql.withUTF8 { bytes in
            var tokenizer = SQLTokenizer(bytes)
            var kinds: [SQLToken.Kind] = []
            while let token = tokenizer.nextSignificant() { kinds.append(token.kind) }
            return kinds
        }
        #expect(kinds == [.keyword, .number])
    }

    @Test func matchesAndPositions() {
        var sql = "Select a || b FROM t"
        sql.withUTF8 { bytes in
            var tokenizer = SQLTokenizer(bytes, from: 7)
            let a = tokenizer.nextSignificant()
            #expect(a?.range == 7..<8)
            let op = tokenizer.nextSignificant()
            #expect(op?.isOperator("||", in: bytes) == true)
            #expect(op?.isOperator("|", in: bytes) == false)
            _ = tokenizer.nextSignificant()
            #expect(tokenizer.nextSignificant()?.matches("from", in: bytes) == true)
            tokenizer.position = 0
            #expect(tokenizer.next()?.matches("SELECT", in: bytes) == true)
            tokenizer.position = 100
            #expect(tokenizer.next() == nil)
        }
    }

    @Test func clauseKeywords() {
        #expect(SQLClauseKeywords.all.count == 17)
        #expect(SQLClauseKeywords.afterWhere.isSubset(of: SQLClauseKeywords.all))
        #expect(SQLClauseKeywords.afterWhere.contains("ORDER"))
        #expect(!SQLClauseKeywords.afterWhere.contains("FROM"))
        #expect(SQLClauseKeywords.all.allSatisfy { SQLText.isKeyword($0) })
    }

    /// Random text, mostly made of SQL's special characters: the tokens always tile it, so
    /// their texts put together give it back, with offsets going up.
    @Test func roundTripOverRandomInput() {
        var random = SplitMix64(seed: 0x5EED_7012)
        let alphabet = Array("'\"`[]x X0 1.e+-/*\n\t?:$@#(),;|<>=!abc_é\u{0B}\u{00}".utf8) + [0xFF, 0x80, 0xC3]
        for _ in 0..<3000 {
            let length = Int(random.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let found = tokens(bytes)
            #expect(tiles(found, bytes), "\(bytes)")
            let joined = bytes.withUnsafeBufferPointer { buffer in found.flatMap { Array(buffer[$0.range]) } }
            #expect(joined == bytes)
            // An unterminated token ends the text.
            #expect(found.dropLast().allSatisfy { !$0.isUnterminated }, "\(bytes)")
        }
    }
}
