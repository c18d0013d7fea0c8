import SQLshCatalog
import SQLshCore
import Testing

/// The math pack: sqlean's math_* names, which must give exactly what SQLite's own math
/// functions give (sqlean copied them from SQLite's func.c).
@Suite struct MathPackTests {
    let db: Connection

    init() throws { db = try catalogConnection() }

    /// Every math_* name with the SQLite built-in it stands for (and its argument count).
    static let pairs: [(ours: String, builtIn: String, arguments: Int)] = [
        ("math_ceil", "ceil", 1), ("math_floor", "floor", 1), ("math_trunc", "trunc", 1),
        ("math_ln", "ln", 1), ("math_log", "log", 1), ("math_log", "log", 2), ("math_log10", "log10", 1),
        ("math_log2", "log2", 1), ("math_exp", "exp", 1), ("math_pow", "pow", 2), ("math_mod", "mod", 2),
        ("math_acos", "acos", 1), ("math_asin", "asin", 1), ("math_atan", "atan", 1), ("math_atan2", "atan2", 2),
        ("math_cos", "cos", 1), ("math_sin", "sin", 1), ("math_tan", "tan", 1), ("math_cosh", "cosh", 1),
        ("math_sinh", "sinh", 1), ("math_tanh", "tanh", 1), ("math_acosh", "acosh", 1), ("math_asinh", "asinh", 1),
        ("math_atanh", "atanh", 1), ("math_sqrt", "sqrt", 1), ("math_radians", "radians", 1),
        ("math_degrees", "degrees", 1), ("math_pi", "pi", 0), ("math_round", "round", 1), ("math_round", "round", 2),
    ]

    /// Inputs of every kind: integers, reals, numeric and other text, NULL, blobs, the edges of
    /// the domains (0, ±1, negative numbers), huge values.
    static let inputs = [
        "0", "1", "-1", "2", "3", "-7", "10", "100", "0.5", "-0.5", "1.5", "2.5", "-2.5", "7.5", "1.005", "-1.005",
        "1e300", "-1e300", "1e-300", "4503599627370497", "9223372036854775807", "-9223372036854775808",
        "'1.5'", "'8'", "' 3 '", "'x'", "''", "null", "x'3132'", "x''", "0.1", "3.141592653589793", "45",
    ]

    @Test func everyNameGivesWhatSQLitesOwnFunctionGives() throws {
        try db.execute("create table input(v); insert into input values (\(Self.inputs.joined(separator: "), (")))")
        try db.execute("create table input2(w); insert into input2 values (\(Self.inputs.joined(separator: "), (")))")
        for (ours, builtIn, count) in Self.pairs {
            let arguments = ["v", "w"].prefix(count).joined(separator: ", ")
            let from = count == 2 ? "input, input2" : "input"
            // IS compares reals bit for bit, typeof the storage class.
            let differing = try rows(db, """
                select \(count > 0 ? "quote(v)" : "0"), \(count > 1 ? "quote(w)" : "0") from \(from)
                where not (\(ours)(\(arguments)) is \(builtIn)(\(arguments))
                           and typeof(\(ours)(\(arguments))) = typeof(\(builtIn)(\(arguments))))
                """)
            #expect(differing.count == 0, "\(ours)/\(count) differs from \(builtIn) for \(differing.prefix(5))")
        }
    }

    /// math_round is SQLite's round() (printed and read back), on many values and places.
    @Test func mathRoundIsSQLitesRound() throws {
        let differing = try rows(db, """
            with x(v) as (select (value * 7919 % 200003 - 100000) / 997.0 from generate_series(1, 4000)
                          union all select value + 0.5 from generate_series(-50, 50)
                          union all select value / 1000.0 + 0.0005 from generate_series(-3000, 3000)),
                 n(d) as (select value from generate_series(-2, 32))
            select v, d from x, n where not (math_round(v, d) is round(v, d))
            """)
        #expect(differing.count == 0, "\(differing.count) differ, such as \(differing.prefix(3))")
        #expect(try column(db, "select count(*) from generate_series(1, 1000) where not (math_round(value / 7.0) is round(value / 7.0))")
                == [.integer(0)])
    }

    @Test func documentedExamples() throws {
        #expect(try value(db, "select math_sqrt(9)") == .real(3))
        #expect(try rows(db, "select math_round(2.5), math_round(-2.5), math_round(1.005, 2), math_round(1234.5678, -1)")
                == [[.real(3), .real(-3), .real(1.01), .real(1235)]])
        #expect(try rows(db, "select math_ceil(-1.2), math_ceil(5), math_floor('2.5'), math_trunc(-1.7)")
                == [[.real(-1), .integer(5), .real(2), .real(-1)]])
        #expect(try rows(db, "select math_log(100), math_log(2, 8), math_log(2, '8'), math_ln(1), math_log2(1024), math_log10(1000)")
                == [[.real(2), .real(3), .real(3), .real(0), .real(10), .real(2.9999999999999996)]])
        #expect(try rows(db, "select math_mod(-7, 3), math_mod(7.5, 2), math_pow(2, 10), math_pi(), math_degrees(math_pi())")
                == [[.real(-1), .real(1.5), .real(1024), .real(Double.pi), .real(180)]])
    }

    @Test func outsideTheDomainIsNullAndInfinityPassesThrough() throws {
        #expect(try rows(db, "select math_sqrt(-1), math_acos(2), math_acosh(0.5), math_mod(1, 0), math_ln(0), math_log(-5), math_log2(0)")
                == [Array(repeating: SQLValue.null, count: 7)])
        // A base of 1 or less, and a non-numeric base, give NULL; x read as a number ('x' is 0).
        #expect(try rows(db, "select math_log(1, 8), math_log(0.5, 8), math_log('b', 8), math_log(2, 'x'), math_log(2, null)")
                == [Array(repeating: SQLValue.null, count: 5)])
        #expect(try value(db, "select math_atanh(1)") == .real(.infinity))
        #expect(try value(db, "select math_exp(1000)") == .real(.infinity))
    }

    @Test func nullsAndWrongTypes() throws {
        for name in ["math_ceil", "math_sqrt", "math_sin", "math_ln", "math_log"] {
            #expect(try rows(db, "select \(name)(null), \(name)('abc'), \(name)(x'00'), \(name)(cast(x'ff' as text))")
                    == [[.null, .null, .null, .null]], "\(name)")
        }
        #expect(try rows(db, "select math_pow(null, 2), math_pow(2, 'x'), math_atan2(x'31', 1)") == [[.null, .null, .null]])
        // math_round: NULL x or n is NULL; x that is not a number counts as 0.0.
        #expect(try rows(db, "select math_round(null), math_round(1.5, null), math_round(null, 1), math_round('x'), math_round('2.5')")
                == [[.null, .null, .null, .real(0), .real(3)]])
        #expect(try value(db, "select typeof(math_round(3))") == .text("real"))
        #expect(try value(db, "select math_round(1e300, 2)") == .real(1e300))
    }

    @Test func argumentCountsAreCheckedWhenPrepared() {
        #expect(errorMessage(db, "select math_sqrt()") == "wrong number of arguments to function math_sqrt()")
        #expect(errorMessage(db, "select math_pow(1)") == "wrong number of arguments to function math_pow()")
        #expect(errorMessage(db, "select math_round(1, 2, 3)") == "wrong number of arguments to function math_round()")
        #expect(errorMessage(db, "select math_log(1, 2, 3)") == "wrong number of arguments to function math_log()")
        #expect(errorMessage(db, "select math_pi(1)") == "wrong number of arguments to function math_pi()")
        // sqlean has neither math_ceiling nor math_power.
        #expect(errorMessage(db, "select math_ceiling(1)") == "no such function: math_ceiling")
    }

    /// The unprefixed names sqlean also registers are SQLite's own, untouched by the catalog.
    @Test func unprefixedNamesStaySQLites() throws {
        let catalog = Catalog.builtIn()
        for name in ["ceil", "ceiling", "log", "pow", "power", "sqrt", "pi", "mod", "round"] {
            #expect(catalog.function(named: name) == nil, "\(name)")
        }
        try catalog.disable(["math"])
        let db = try catalogConnection(catalog)
        #expect(try rows(db, "select ceiling(1.2), power(2, 3), log(2, 8)") == [[.real(2), .real(8), .real(3)]])
        #expect(errorMessage(db, "select math_sqrt(4)") == "no such function: math_sqrt")
    }

    @Test func deterministicSoUsableInIndexes() throws {
        try db.execute("create table t(x); create index ix on t(math_round(x, 1)); insert into t values (1.26), (2.04)")
        #expect(try column(db, "select x from t where math_round(x, 1) = 1.3") == [.real(1.26)])
    }
}
