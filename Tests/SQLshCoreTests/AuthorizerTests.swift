import CSQLite
import SQLshCore
import Testing

@Suite struct AuthorizerTests {
    @Test func denyingAttachAndAFunctionLikeSafeMode() throws {
        let db = try Connection()
        db.setAuthorizer { request in
            switch request.action {
            case .attach: return .deny
            case .function where request.parameter2 == "load_extension": return .deny
            default: return .allow
            }
        }
        let attach = #expect(throws: SQLiteError.self) { try db.execute("attach ':memory:' as aux") }
        #expect(attach?.code == SQLITE_AUTH)
        #expect(attach?.message == "not authorized")
        let function = #expect(throws: SQLiteError.self) { _ = try db.value("select load_extension('x')") }
        #expect(function?.message == "not authorized to use function: load_extension")
        #expect(try db.value("select abs(-1)") == .integer(1))
        db.setAuthorizer(nil)
        try db.execute("attach ':memory:' as aux")
    }

    @Test func requestsDescribeTheAction() throws {
        let db = try Connection()
        try db.execute("create table t(a, b)")
        var seen: [String] = []
        db.setAuthorizer { request in
            seen.append("\(request.action) \(request.parameter1 ?? "-") \(request.parameter2 ?? "-") \(request.database ?? "-") \(request.trigger ?? "-")")
            return .allow
        }
        _ = try db.prepare("select b from t")
        #expect(seen == ["SQLITE_SELECT - - - -", "SQLITE_READ t b main -"])
    }

    @Test func ignoringAReadGivesNull() throws {
        let db = try Connection()
        try db.execute("create table t(a, secret); insert into t values (1, 'hidden')")
        db.setAuthorizer { request in
            request.action == .read && request.parameter2 == "secret" ? .ignore : .allow
        }
        #expect(try db.rows("select a, secret from t") == [[.integer(1), .null]])
    }

    @Test func actionNames() {
        #expect(AuthorizerAction.createTable.description == "SQLITE_CREATE_TABLE")
        #expect(AuthorizerAction.recursive.description == "SQLITE_RECURSIVE")
        #expect(AuthorizerAction(rawValue: 99).description == "99")
    }
}
