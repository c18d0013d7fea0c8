import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// The define pack: functions written in SQL (`define`), table-valued functions (the `define`
/// module), `undefine`, `define_free`, `eval`, and how definitions persist in `sqlean_define`.
@Suite struct DefinePackTests {
    /// A database file of its own, removed afterwards by the caller.
    func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-define-\(UUID().uuidString).db").path
    }

    // MARK: sqlean's documented examples

    @Test func scalarFunctionsFromTheDocumentation() throws {
        let db = try catalogConnection()
        #expect(try value(db, "select define('sumn', ':n * (:n + 1) / 2')") == .null)
        #expect(try value(db, "select sumn(5)") == .integer(15))
        try db.execute("""
            select define('subxy1', '? - ?'); select define('subxy2', '?1 - ?2');
            select define('subxy3', '?2 - ?1'); select define('subxy4', ':x - :y');
            select define('randint', ':a + abs(random()) % (:b - :a + 1)');
            """)
        #expect(try rows(db, "select subxy1(5, 1), subxy2(5, 1), subxy3(5, 1), subxy4(5, 1)")
                == [[.integer(4), .integer(4), .integer(-4), .integer(4)]])
        #expect(try value(db, "select randint(10, 99) between 10 and 99") == .integer(1))
        #expect(try column(db, "select name from sqlean_define where type = 'scalar' order by rowid")
                == ["sumn", "subxy1", "subxy2", "subxy3", "subxy4", "randint"].map { .text($0) })
        #expect(try value(db, "select body from sqlean_define where name = 'sumn'") == .text(":n * (:n + 1) / 2"))
    }

    @Test func namesDifferingOnlyInCaseDoNotCoexist() throws {
        let db = try catalogConnection()
        try db.execute("select define('seed', '1')")
        // Rows another writer stored: case variants of the names defined below, and
        // neighbours in the primary key's order that only look alike.
        let stored = ["myFunction", "MYFUNCTION", "myfunction", "MyFunctioN", "myfunctionx", "myfunctio",
                      "m_1a", "M_1A", "m_1b", "ÄbC", "äbc", "Äbc", "abc", "ABC", "x9Y9z9W9v", "X9y9Z9w9V", "x9y9z9w9w",
                      // A combining mark: its capital spelling sorts after its small one in
                      // Swift's String order, not in SQLite's.
                      "i\u{307}A", "I\u{307}A"]
        for name in stored {
            try db.execute("insert into sqlean_define(name, type, body) values ('\(name)', 'scalar', '2')")
        }
        try db.execute("""
            select define('MyFunction', '3'); select define('m_1A', '4'); select define('Äbc', '5');
            select define('X9Y9Z9W9V', '6'); select define('I\u{307}a', '7');
            """)
        #expect(try column(db, "select name from sqlean_define order by name") == [
            "ABC", "I\u{307}a", "MyFunction", "X9Y9Z9W9V", "abc", "m_1A", "m_1b", "myfunctio", "myfunctionx", "seed", "x9y9z9w9w",
            "Äbc", "äbc",
        ].map { .text($0) })
        try db.execute("select undefine('myfunctionX'); select undefine('ABC')")
        #expect(try column(db, "select name from sqlean_define where name like 'myfunction%' or name like 'abc'")
                == [.text("MyFunction")])
    }

    @Test func aRepeatedNamedParameterIsOneArgument() throws {
        let db = try catalogConnection()
        try db.execute("select define('sq', ':x * :x')")
        #expect(try value(db, "select sq(7)") == .integer(49))
        #expect(errorMessage(db, "select sq(1, 2)") == "wrong number of arguments to function sq()")
    }

    @Test func resultTypesArePreservedAndNullsPassThrough() throws {
        let db = try catalogConnection()
        try db.execute("select define('same', ':v')")
        #expect(try rows(db, "select same(1), same(1.5), same('a'), same(x'00ff'), same(null)")
                == [[.integer(1), .real(1.5), .text("a"), .blob([0, 255]), .null]])
        #expect(try value(db, "select typeof(same('1'))") == .text("text"))
    }

    @Test func aBodyMayQueryTablesAndReturnsNullWithoutARow() throws {
        let db = try catalogConnection()
        try db.execute("create table t(id integer primary key, name text); insert into t values (1, 'one')")
        try db.execute("select define('name_of', 'name from t where id = :id')")
        #expect(try rows(db, "select name_of(1), name_of(2)") == [[.text("one"), .null]])
    }

    @Test func aBodyMayUseCatalogAndOtherDefinedFunctions() throws {
        let db = try catalogConnection()
        try db.execute("select define('twice', 'reverse(:s) || reverse(:s)')")
        try db.execute("select define('four', 'twice(twice(:s))')")
        #expect(try value(db, "select four('ab')") == .text("abababab"))
    }

    @Test func aQueryOverManyRowsUsesTheFunctionOnEachRow() throws {
        let db = try catalogConnection()
        try db.execute("select define('inc', ':x + 1')")
        #expect(try value(db, "select sum(inc(value)) from generate_series(1, 10000)") == .integer(50_015_000))
    }

    // MARK: Table-valued functions

    @Test func tableValuedFunctionFromTheDocumentation() throws {
        let db = try catalogConnection()
        try db.execute("""
            create virtual table strcut using define((
              select substr(:str, (value - 1) * :n + 1, :n) as part
              from generate_series(1, (length(:str) + :n - 1) / :n)
            ))
            """)
        #expect(try column(db, "select part from strcut('abcdefghij', 3)") == ["abc", "def", "ghi", "j"].map { .text($0) })
        #expect(try rows(db, "select rowid, part, str, n from strcut where str = 'hello' and n = 2")
                == [[.integer(1), .text("he"), .text("hello"), .integer(2)],
                    [.integer(2), .text("ll"), .text("hello"), .integer(2)],
                    [.integer(3), .text("o"), .text("hello"), .integer(2)]])
        #expect(try value(db, "select count(*) from strcut('abc')") == .integer(0))  // n is NULL
        #expect(try value(db, "select type from sqlean_define where name = 'strcut'") == .text("table"))
        // Joined per row of another table.
        try db.execute("create table words(w); insert into words values ('abcd'), ('xyz')")
        #expect(try column(db, "select part from words, strcut(words.w, 2) order by 1")
                == ["ab", "cd", "xy", "z"].map { .text($0) })
    }

    @Test func tableValuedColumnsHaveNamesAndAnonymousParametersNumbers() throws {
        let db = try catalogConnection()
        try db.execute("create virtual table pairs using define((select ? as a, ? + 1 as b))")
        #expect(try column(db, "select name from pragma_table_xinfo('pairs')") == ["a", "b", "1", "2"].map { .text($0) })
        #expect(try rows(db, "select * from pairs(1, 10)") == [[.integer(1), .integer(11)]])
    }

    @Test func tableValuedErrorsAreSqleans() throws {
        let db = try catalogConnection()
        #expect(errorMessage(db, "create virtual table a using define") == "no statement provided")
        #expect(errorMessage(db, "create virtual table a using define(select 1)") == "statement must be parenthesized")
        #expect(errorMessage(db, "create virtual table a using define((select * from nowhere))") == "no such table: nowhere")
        try db.execute("create table t(x)")
        #expect(errorMessage(db, "create virtual table a using define((delete from t))") == "Statement must be read only.")
        try db.execute("create virtual table b using define((select :x as y))")
        #expect(errorMessage(db, "select * from b where x > 1") == "no query solution")
        #expect(errorMessage(db, "insert into b values (1)") == "table b may not be modified")
    }

    // MARK: undefine, define_free, redefinition

    @Test func undefineForgetsFunctionsAndDropsOnlyDefineTables() throws {
        let db = try catalogConnection()
        try db.execute("select define('f', ':x + 1'); create virtual table tv using define((select 1 as one))")
        try db.execute("create table keep(x); insert into keep values (1)")
        try db.execute("select undefine('f'), undefine('tv'), undefine('keep'), undefine(null), undefine('nothing')")
        #expect(errorMessage(db, "select f(1)") == "no such function: f")
        #expect(try column(db, "select name from sqlite_schema where type = 'table' order by name") == [.text("keep"), .text("sqlean_define")])
        #expect(try value(db, "select count(*) from sqlean_define") == .integer(0))
        #expect(try value(db, "select count(*) from keep") == .integer(1))
        // Defined again: works at once.
        try db.execute("select define('f', ':x + 2')")
        #expect(try value(db, "select f(1)") == .integer(3))
    }

    @Test func definingAgainReplacesAtOnce() throws {
        let db = try catalogConnection()
        try db.execute("select define('f', ':x * 10')")
        #expect(try value(db, "select f(2)") == .integer(20))
        try db.execute("select define('f', ':x * 100')")
        #expect(try value(db, "select f(2)") == .integer(200))
        #expect(try value(db, "select body from sqlean_define where name = 'f'") == .text(":x * 100"))
        try db.execute("select define('f', ':x + :y')")
        #expect(try value(db, "select f(2, 3)") == .integer(5))
        #expect(errorMessage(db, "select f(2)") == "wrong number of arguments to function f()")
    }

    @Test func defineFreeStopsTheConnectionsFunctions() throws {
        let db = try catalogConnection()
        try db.execute("select define('f', '1')")
        #expect(try value(db, "select define_cache()") == .text("select 1\n"))
        try db.execute("select define_free()")
        #expect(errorMessage(db, "select f()") == "defined functions were freed by define_free()")
        #expect(errorMessage(db, "select define('g', '2')") == "defined functions were freed by define_free()")
        #expect(try value(db, "select define_cache()") == .text("cache is freed"))
        let other = try catalogConnection()
        #expect(try value(other, "select define_cache()") == .text("cache is empty"))
    }

    // MARK: Errors

    @Test func badDefinitionsFailClearly() throws {
        let db = try catalogConnection()
        #expect(errorMessage(db, "select define('bad', 'x +')") == "incomplete input")
        #expect(errorMessage(db, "select define('bad', 'nosuch(1)')") == "no such function: nosuch")
        #expect(errorMessage(db, "select define('bad', '1; select 2')") == "the body of a defined function must be a single statement")
        #expect(errorMessage(db, "select define(null, '1')") == "define() needs a name and a body, not NULL")
        #expect(errorMessage(db, "select define('bad', null)") == "define() needs a name and a body, not NULL")
        #expect(errorMessage(db, "select define('', '1')") == "define(): invalid function name")
        #expect(errorMessage(db, "select define('abs', ':x * 2')")
                == "cannot define abs(): a function of that name with 1 argument(s) already exists")
        #expect(errorMessage(db, "select define('f')") == "wrong number of arguments to function define()")
        #expect(try value(db, "select count(*) from sqlite_schema where name = 'sqlean_define'") == .integer(0))
    }

    /// Bodies with no word in them skip the direct-only check (they can call nothing); an
    /// operator word still reaches it.
    @Test func bodiesCallingNothingAndOperatorWords() throws {
        let db = try catalogConnection()
        try db.execute("""
            select define('plain', '?1 + 2 * :x - ''a''''b'' || @y'); select define('sci', '1e3 + ?1');
            select define('dollar', '$v / 2.5')
            """)
        #expect(try value(db, "select plain(1, 2, 'c')") == .integer(5))  // || binds first
        #expect(try value(db, "select sci(1)") == .real(1001))
        #expect(try value(db, "select dollar(5)") == .real(2))
        try db.add(SQLFunction("like", argumentCount: 2, options: .directOnly) { _ in 1 })
        #expect(errorMessage(db, "select define('liking', '?1 like ''a%''')") == "unsafe use of like()")
        #expect(errorMessage(db, "select define('arrow', '?1 -> ?2')") == nil)
    }

    @Test func runtimeErrorsCarrySQLitesMessage() throws {
        let db = try catalogConnection()
        try db.execute("create table t(x); select define('from_t', '(select x from t)'); drop table t")
        #expect(errorMessage(db, "select from_t()") == "no such table: t")
        try db.execute("select define('overflow', 'abs(:x)')")
        #expect(errorMessage(db, "select overflow(-9223372036854775808)") == "integer overflow")
    }

    @Test func recursionEndsWithAnErrorNotACrash() throws {
        let db = try catalogConnection()
        try db.execute("select define('fact', 'case when :n <= 1 then 1 else :n * fact(:n - 1) end')")
        #expect(try value(db, "select fact(10)") == .integer(3_628_800))
        try db.execute("select define('forever', 'forever(:x)')")
        #expect(errorMessage(db, "select forever(1)") == "too many levels of recursion in defined function forever() (more than 64)")
        try db.execute("create table code(sql); insert into code values ('select eval((select sql from code))')")
        #expect(errorMessage(db, "select eval((select sql from code))") == "too many levels of recursion in eval() (more than 64)")
        #expect(errorMessage(db, "select fact(1, 2)") == "wrong number of arguments to function fact()")
    }

    // MARK: eval

    @Test func evalFromTheDocumentation() throws {
        let db = try catalogConnection()
        #expect(try value(db, "select eval('select 42')") == .text("42"))
        #expect(try value(db, "select eval('select 10, 20, 30')") == .text("10 20 30"))
        #expect(try value(db, "select eval('select 10, 20, 30', '-')") == .text("10-20-30"))
        #expect(try value(db, "select eval('create table tmp(value int)')") == .null)
        #expect(try value(db, "select eval('insert into tmp(value) values (1), (2), (3)')") == .null)
        #expect(try value(db, "select count(*) from tmp") == .integer(3))
        #expect(try value(db, "select eval('select value from tmp')") == .text("1 2 3"))
        #expect(try value(db, "select eval('drop table tmp')") == .null)
    }

    @Test func evalSeparatorsNullsAndErrors() throws {
        let db = try catalogConnection()
        #expect(try rows(db, "select eval('select null, 1'), eval('select 1, null, 2'), eval('select ''a'', ''''')")
                == [[.text("1"), .text("1  2"), .text("a ")]])
        #expect(try rows(db, "select eval(null), eval('select 1', null), eval('select 1.5; select 2', '')")
                == [[.null, .null, .text("1.52")]])
        #expect(try value(db, "select eval('select reverse(''ab'')')") == .text("ba"))
        // A row of NULLs is '' (sqlean's define.sql case 77); no row at all is NULL.
        #expect(try rows(db, "select eval('select null'), eval('select null, null'), eval('select 1 where 0'), eval('select 1 where 0; select null')")
                == [[.text(""), .text(""), .null, .text("")]])
        #expect(errorMessage(db, "select eval('select * from x')") == "no such table: x")
        #expect(errorMessage(db, "select eval('select 1', '-', 3)") == "wrong number of arguments to function eval()")
    }

    @Test func evalStopsAtTheLengthLimit() throws {
        let db = try catalogConnection()
        sqlite3LimitLength(db, 100)
        #expect(errorMessage(db, "select eval('with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000) select x from c')") == "string or blob too big")
    }

    // MARK: Persistence and closing

    @Test func definitionsPersistAcrossConnections() throws {
        let path = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let db = try Connection(path: path)
            try Catalog.builtIn().register(on: db)
            try db.execute("select define('sumn', ':n * (:n + 1) / 2')")
            try db.execute("select define('fact', 'case when :n <= 1 then 1 else :n * fact(:n - 1) end')")
            try db.execute("create virtual table strcut using define((select substr(:s, value, 1) as c from generate_series(1, length(:s))))")
            #expect(try value(db, "select sumn(3) + fact(3)") == .integer(12))
            try db.close()  // compiled bodies do not keep the connection open
        }
        let db = try Connection(path: path)
        try Catalog.builtIn().register(on: db)
        #expect(try value(db, "select sumn(4), fact(5)") == .integer(10))
        #expect(try rows(db, "select sumn(4), fact(5)") == [[.integer(10), .integer(120)]])
        #expect(try column(db, "select c from strcut('xy')") == [.text("x"), .text("y")])
        try db.close()
    }

    @Test func aDatabaseWrittenBySqleanWorks() throws {
        let path = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            // What sqlean leaves in a database: the table, created at load, and its rows.
            let plain = try Connection(path: path)
            try plain.execute("""
                create table if not exists sqlean_define(name text primary key, type text, body text);
                insert into sqlean_define values ('SubXY', 'scalar', '?1 - ?2'), ('half', 'scalar', ':x / 2.0');
                """)
            try plain.close()
        }
        let db = try Connection(path: path)
        try Catalog.builtIn().register(on: db)
        #expect(try rows(db, "select subxy(5, 1), SUBXY(1, 5), half(3)") == [[.integer(4), .integer(-4), .real(1.5)]])
        try db.close()
    }

    @Test func noTableUntilTheFirstDefine() throws {
        let db = try catalogConnection()
        #expect(try value(db, "select eval('select 1')") == .text("1"))
        try db.execute("select undefine('x')")
        #expect(try value(db, "select count(*) from sqlite_schema") == .integer(0))
        try db.execute("select define('one', '1')")
        #expect(try column(db, "select sql from sqlite_schema where type = 'table'")
                == [.text("CREATE TABLE sqlean_define(name text primary key, type text, body text)")])
    }

    @Test func closingAfterUseSucceeds() throws {
        let db = try catalogConnection()
        try db.execute("select define('f', ':x + 1')")
        do {
            // Stopped half-way: finalizing it finalizes the compiled body too.
            let statement = try db.prepare("select f(value) from generate_series(1, 3)")
            #expect(try statement.step())
        }
        try db.execute("select f(1); select eval('select 1'); create virtual table tv using define((select 1 as one))")
        #expect(try value(db, "select one from tv") == .integer(1))
        try db.close()
    }

    @Test func aDisabledPackLoadsNothing() throws {
        let path = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try Connection(path: path)
        try Catalog.builtIn().register(on: first)
        try first.execute("select define('f', '1')")
        try first.close()
        let catalog = Catalog.builtIn()
        try catalog.setEnabled(false, names: ["define"])
        let db = try Connection(path: path)
        try catalog.register(on: db)
        #expect(errorMessage(db, "select f()") == "no such function: f")
    }

    // MARK: Catalog

    @Test func thePackIsListedAndRefusedWhereItShouldBe() throws {
        let catalog = Catalog.builtIn()
        #expect(catalog.pack(named: "define")?.functions.map(\.name) == ["define", "undefine", "define_free", "define_cache", "eval"])
        #expect(SafeMode.isProhibited("eval"))
        #expect(SafeMode.isProhibited("define"))
        #expect(!SafeMode.isProhibited("undefine"))
        #expect(catalog.function(named: "eval")?.flags == .directOnly)
        #expect(catalog.function(named: "eval")?.isRefusedInSafeMode == true)
    }

    @Test func functionsAreDirectOnly() throws {
        let db = try catalogConnection()
        try db.execute("create table t(x); create view v as select eval('select 1') as e")
        #expect(errorMessage(db, "select * from v") == "unsafe use of eval()")
        try db.execute("create virtual table tv using define((select 1 as one)); create view w as select * from tv")
        #expect(errorMessage(db, "select * from w") == "unsafe use of virtual table \"tv\"")
    }
}

private func sqlite3LimitLength(_ db: Connection, _ limit: Int) {
    _ = db.setLimit(.length, limit)
}
