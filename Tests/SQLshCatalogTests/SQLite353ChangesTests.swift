import SQLshCatalog
import SQLshCore
import Testing

/// What SQLite 3.41-3.53 changed in the decimal, ieee754 and regexp extensions, against 3.53's
/// answers (its test/decimal.test figures, and ieee754.c's and regexp.c's rules).
@Suite struct SQLite353ChangesTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    @Test func decimalZerosAndComparisons() throws {
        #expect(try rows(db, "select decimal(1), decimal('+0'), decimal('-0'), decimal('-0000.0')")
                == [[.text("1"), .text("0"), .text("0"), .text("0.0")]])
        #expect(try value(db, "select decimal(0.0) == decimal(-0.0)") == .integer(1))
        #expect(try rows(db, "select decimal_cmp('-0', '+0'), decimal_cmp('-000.000', '0'), decimal_cmp('1.2', '1.2000'), decimal_cmp('1.2000', '1.2')")
                == [[.integer(0), .integer(0), .integer(0), .integer(0)]])
        #expect(try value(db, "select decimal_add('-0.00', '0')") == .text("0.00"))
    }

    @Test func decimalOfRealsIsExact() throws {
        #expect(try value(db, "select decimal(0.1)") == .text("0.1000000000000000055511151231257827021181583404541015625"))
        #expect(try value(db, "select decimal(x'3ff8000000000000')") == .text("1.5"))
        #expect(try value(db, "select decimal(x'00')") == .null)
        #expect(try value(db, "select decimal(1e999)") == .null)
        let tiny = try value(db, "select decimal(ieee754_from_blob(x'0000000000000001'))")
        guard case .text(let text) = tiny else { Issue.record("\(tiny)"); return }
        #expect(text.hasPrefix("0.000000000000000000000000000000000000000000000000000000000000000000000000000000"))
        #expect(text.hasSuffix("4940656458412465441765687928682213723650598026143247644255856825006755072702087518652998363616359923797965646954457177309266567103559397963987747960107818781263007131903114045278458171678489821036887186360569987307230500063874091535649843873124733972731696151400317153853980741262385655911710266585566867681870395603106249319452715914924553293054565444011274801297099995419319894090804165633245247571478690147267801593552386115501348035264934720193790268107107491703332226844753335720832431936092382893458368060106011506169809753078342277318329247904982524730776375927247874656084778203734469699533647017972677717585125660551199131504891101451037862738167250955837389733598993664809941164205702637090279242767544565229087538682506419718265533447265625"))
        // Arithmetic still reads a real through its text, as in 3.53 (bTextOnly).
        #expect(try value(db, "select decimal_add(0.1, 0)") == .text("0.1"))
    }

    /// test/decimal.test 7000-8000.
    @Test func decimalRounding() throws {
        for (input, digits, want) in [("999999999999999", 1, "1000000000000000"), ("999999999999999", 2, "1000000000000000"),
                                      ("999999999999999", 14, "1000000000000000"), ("999999999999999", 15, "999999999999999"),
                                      ("899999999999999", 1, "900000000000000"), ("899999999999999", 14, "900000000000000"),
                                      ("899999999999999", 15, "899999999999999"), ("989999999999999", 14, "990000000000000"),
                                      ("998999999999999", 14, "999000000000000"), ("999.999", 3, "1000.000"),
                                      ("1.25", 2, "1.30"), ("0.001234", 2, "0.001200"), ("1.25", 0, "1.25"), ("1.25", -3, "1.25")] {
            #expect(try value(db, "select decimal('\(input)', \(digits))") == .text(want), "\(input) \(digits)")
        }
    }

    @Test func decimalExpAndPow2() throws {
        #expect(try value(db, "select decimal_exp('+123e+4')") == .text("+1.23e+06"))
        #expect(try value(db, "select decimal_exp('0.00123')") == .text("+1.23e-03"))
        #expect(try value(db, "select decimal_exp(0)") == .text("+0.0e+00"))
        #expect(try value(db, "select decimal_exp('-5')") == .text("-5.0e+00"))
        #expect(try value(db, "select decimal_exp(2.0 / 3, 3)") == .text("+6.67e-01"))
        #expect(try value(db, "select decimal_exp('1200', 4)") == .text("+1.200e+03"))
        #expect(try value(db, "select decimal_exp(null)") == .null)
        #expect(try rows(db, "select decimal_pow2(10), decimal_pow2(-1), decimal_pow2(-3), decimal_pow2(0)")
                == [[.text("+1.024e+03"), .text("+5.0e-01"), .text("+1.25e-01"), .text("+1.0e+00")]])
        #expect(try value(db, "select decimal_pow2('3')") == .null)
        #expect(try value(db, "select decimal_pow2(1.0)") == .null)
        #expect(errorMessage(db, "select decimal_pow2(20001)") == "out of memory")
    }

    @Test func ieee754Additions() throws {
        #expect(try value(db, "select ieee754(-0.0)") == .text("ieee754(-1,-3071)"))
        #expect(try value(db, "select ieee754(0.0)") == .text("ieee754(0,-1075)"))
        #expect(try rows(db, "select ieee754_mantissa(-0.0), ieee754_exponent(-0.0)") == [[.integer(-1), .integer(-3071)]])
        #expect(try value(db, "select ieee754(ieee754_from_blob(x'7fefffffffffffff'))") == .text("ieee754(9007199254740991,971)"))
        #expect(try value(db, "select ieee754_inc(0.0, 1) = ieee754_from_blob(x'0000000000000001')") == .integer(1))
        #expect(try value(db, "select ieee754_inc(1.0, 1) - 1.0") == .real(2.220446049250313e-16))
        #expect(try value(db, "select ieee754_inc(ieee754_inc(1.0, -1), 1)") == .real(1))
        #expect(try value(db, "select ieee754_to_int(1.0)") == .integer(4607182418800017408))
        #expect(try value(db, "select ieee754_to_int(1)") == .null)
        #expect(try value(db, "select ieee754_from_int(4607182418800017408)") == .real(1))
        #expect(try value(db, "select ieee754_from_int(1.0)") == .null)
    }

    @Test func regexpRefusesAsSQLite() throws {
        #expect(errorMessage(db, "select 'x' regexp '[x-]'") == "unclosed '['")
        #expect(errorMessage(db, "select 'x' regexp 'a[bc'") == "unclosed '['")
        // SQLite reads '[x-]]' as the empty range x-] (no match), PCRE2 as [x-] then ']'.
        #expect(try value(db, "select 'x-' regexp '[x-]]'") == .integer(0))
        #expect(try value(db, "select 'abc' regexp 'a{1,999}bc'") == .integer(1))
        #expect(errorMessage(db, "select 'abc' regexp 'a{1,25000}bc'") == "REGEXP pattern too big")
        #expect(errorMessage(db, "select 'abc' regexp 'a{25000}bc'") == "REGEXP pattern too big")
        #expect(errorMessage(db, "select regexpi('a{30000}', 'a')") == "REGEXP pattern too big")
        // The pattern compiled before the limit is lowered is not reused past it.
        #expect(try value(db, "select 'abcdefg' regexp '((((((((((((((((((abcdefg))))))))))))))))))'") == .integer(1))
        _ = db.setLimit(.likePatternLength, 42)
        #expect(errorMessage(db, "select 'abcdefg' regexp '((((((((((((((((((abcdefg))))))))))))))))))'") == "REGEXP pattern too big")
        _ = db.setLimit(.likePatternLength, 43)
        #expect(try value(db, "select 'abcdefg' regexp '((((((((((((((((((abcdefg))))))))))))))))))'") == .integer(1))
    }
}
