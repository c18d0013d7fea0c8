import SQLshCore
import Testing

@Suite struct TraceTests {
    @Test func statementsAreTracedAsWritten() throws {
        let db = try Connection()
        var traced: [String] = []
        var expanded: [String] = []
        db.setTrace(.statement) { event in
            #expect(event.kind == .statement)
            traced.append(event.sql ?? "?")
            expanded.append(event.expandedSQL ?? "?")
        }
        try db.execute("create table t(x); insert into t values (1)")
        _ = try db.rows("select x from t where x = ?", [1])
        #expect(traced == ["create table t(x);", " insert into t values (1)", "select x from t where x = ?"])
        #expect(expanded.last == "select x from t where x = 1")
        db.setTrace(.statement, nil)
        try db.execute("select 1")
        #expect(traced.count == 3)
    }

    @Test func triggersAreReportedAsComments() throws {
        let db = try Connection()
        try db.execute("create table t(x); create table log(x); create trigger tr after insert on t begin insert into log values (new.x); end")
        var traced: [String] = []
        db.setTrace(.statement) { traced.append($0.sql ?? "?") }
        try db.execute("insert into t values (1)")
        #expect(traced == ["insert into t values (1)", "-- TRIGGER tr", "-- insert into log values (new.x)"])
    }

    @Test func profileRowAndCloseEvents() throws {
        var kinds: [TraceEvent.Kind] = []
        var profiled: [String] = []
        do {
            let db = try Connection()
            db.setTrace([.profile, .row, .close]) { event in
                kinds.append(event.kind)
                if event.kind == .profile {
                    #expect(event.nanoseconds != nil)
                    profiled.append(event.sql ?? "?")
                }
            }
            _ = try db.rows("select 1 union all select 2")
            try db.close()
        }
        #expect(kinds == [.row, .row, .profile, .close])
        #expect(profiled == ["select 1 union all select 2"])
    }
}

@Suite struct TraceBytesTests {
    @Test func statementTextIsReadInPlace() throws {
        let db = try Connection()
        try db.execute("create table t(x); create trigger tr after insert on t begin select 1; end")
        var reported: [String] = []
        var plain: [String] = []
        var expanded: [String] = []
        db.setTrace(.statement) { event in
            reported.append(event.reportedTextBytes.map { String(decoding: $0, as: UTF8.self) } ?? "-")
            plain.append(event.withStatementSQL(expanded: false) { String(decoding: $0, as: UTF8.self) } ?? "-")
            expanded.append(event.withStatementSQL(expanded: true) { String(decoding: $0, as: UTF8.self) } ?? "-")
        }
        let insert = try db.prepare("insert into t values (?1)")
        try insert.bind(7, at: 1)
        while try insert.step() {}
        // The statement, then its trigger, then the trigger's statement, each as a comment.
        #expect(reported == ["insert into t values (?1)", "-- TRIGGER tr", "-- select 1"])
        #expect(plain == Array(repeating: "insert into t values (?1)", count: 3))
        #expect(expanded == Array(repeating: "insert into t values (7)", count: 3))
    }
}
