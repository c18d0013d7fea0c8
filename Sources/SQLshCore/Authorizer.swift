internal import CSQLite

/// What an authorizer is asked about: an action SQLite is about to compile into a statement
/// (`sqlite3_set_authorizer`).
///
/// The texts are read from SQLite's arguments when asked for, and only during the callback.
/// What they hold depends on the action, as SQLite documents it: for ``AuthorizerAction/read``
/// `parameter1` is the table and `parameter2` the column; for ``AuthorizerAction/function``
/// `parameter2` is the function name; for ``AuthorizerAction/pragma`` `parameter1` is the pragma
/// name and `parameter2` its argument.
public struct AuthorizationRequest {
    /// The action code.
    public let action: AuthorizerAction
    @usableFromInline let p1, p2, p3, p4: UnsafePointer<CChar>?

    init(action: Int32, _ p1: UnsafePointer<CChar>?, _ p2: UnsafePointer<CChar>?,
         _ p3: UnsafePointer<CChar>?, _ p4: UnsafePointer<CChar>?) {
        self.action = AuthorizerAction(rawValue: action)
        (self.p1, self.p2, self.p3, self.p4) = (p1, p2, p3, p4)
    }

    /// The first action-specific text (often a table or index name).
    public var parameter1: String? { p1.map { String(cString: $0) } }
    /// The second action-specific text (often a column or function name).
    public var parameter2: String? { p2.map { String(cString: $0) } }
    /// The schema (`main`, `temp`, an attached name), when the action concerns one.
    public var database: String? { p3.map { String(cString: $0) } }
    /// The innermost trigger or view responsible for the access, or nil for top-level SQL.
    public var trigger: String? { p4.map { String(cString: $0) } }
}

/// An authorizer's answer.
public enum AuthorizationResult: Int32, Sendable {
    /// Allow the action.
    case allow = 0   // SQLITE_OK
    /// Refuse: the statement fails to prepare with "not authorized".
    case deny = 1    // SQLITE_DENY
    /// Allow the statement but skip the action: a refused ``AuthorizerAction/read`` reads the
    /// column as NULL (for other actions, see `sqlite3_set_authorizer`).
    case ignore = 2  // SQLITE_IGNORE
}

/// An authorizer action code (`SQLITE_CREATE_INDEX` ... `SQLITE_RECURSIVE`).
public struct AuthorizerAction: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `SQLITE_*` action code.
    public let rawValue: Int32
    /// An action from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// CREATE INDEX: parameter1 index, parameter2 table.
    public static let createIndex = Self(rawValue: SQLITE_CREATE_INDEX)
    /// CREATE TABLE: parameter1 table.
    public static let createTable = Self(rawValue: SQLITE_CREATE_TABLE)
    /// CREATE TEMP INDEX: parameter1 index, parameter2 table.
    public static let createTempIndex = Self(rawValue: SQLITE_CREATE_TEMP_INDEX)
    /// CREATE TEMP TABLE: parameter1 table.
    public static let createTempTable = Self(rawValue: SQLITE_CREATE_TEMP_TABLE)
    /// CREATE TEMP TRIGGER: parameter1 trigger, parameter2 table.
    public static let createTempTrigger = Self(rawValue: SQLITE_CREATE_TEMP_TRIGGER)
    /// CREATE TEMP VIEW: parameter1 view.
    public static let createTempView = Self(rawValue: SQLITE_CREATE_TEMP_VIEW)
    /// CREATE TRIGGER: parameter1 trigger, parameter2 table.
    public static let createTrigger = Self(rawValue: SQLITE_CREATE_TRIGGER)
    /// CREATE VIEW: parameter1 view.
    public static let createView = Self(rawValue: SQLITE_CREATE_VIEW)
    /// DELETE: parameter1 table.
    public static let delete = Self(rawValue: SQLITE_DELETE)
    /// DROP INDEX: parameter1 index, parameter2 table.
    public static let dropIndex = Self(rawValue: SQLITE_DROP_INDEX)
    /// DROP TABLE: parameter1 table.
    public static let dropTable = Self(rawValue: SQLITE_DROP_TABLE)
    /// DROP TEMP INDEX: parameter1 index, parameter2 table.
    public static let dropTempIndex = Self(rawValue: SQLITE_DROP_TEMP_INDEX)
    /// DROP TEMP TABLE: parameter1 table.
    public static let dropTempTable = Self(rawValue: SQLITE_DROP_TEMP_TABLE)
    /// DROP TEMP TRIGGER: parameter1 trigger, parameter2 table.
    public static let dropTempTrigger = Self(rawValue: SQLITE_DROP_TEMP_TRIGGER)
    /// DROP TEMP VIEW: parameter1 view.
    public static let dropTempView = Self(rawValue: SQLITE_DROP_TEMP_VIEW)
    /// DROP TRIGGER: parameter1 trigger, parameter2 table.
    public static let dropTrigger = Self(rawValue: SQLITE_DROP_TRIGGER)
    /// DROP VIEW: parameter1 view.
    public static let dropView = Self(rawValue: SQLITE_DROP_VIEW)
    /// INSERT: parameter1 table.
    public static let insert = Self(rawValue: SQLITE_INSERT)
    /// PRAGMA: parameter1 pragma name, parameter2 its argument or nil.
    public static let pragma = Self(rawValue: SQLITE_PRAGMA)
    /// A column read: parameter1 table, parameter2 column.
    public static let read = Self(rawValue: SQLITE_READ)
    /// SELECT.
    public static let select = Self(rawValue: SQLITE_SELECT)
    /// BEGIN, COMMIT or ROLLBACK: parameter1 the operation.
    public static let transaction = Self(rawValue: SQLITE_TRANSACTION)
    /// UPDATE of a column: parameter1 table, parameter2 column.
    public static let update = Self(rawValue: SQLITE_UPDATE)
    /// ATTACH: parameter1 filename.
    public static let attach = Self(rawValue: SQLITE_ATTACH)
    /// DETACH: parameter1 schema name.
    public static let detach = Self(rawValue: SQLITE_DETACH)
    /// ALTER TABLE: parameter1 schema, parameter2 table.
    public static let alterTable = Self(rawValue: SQLITE_ALTER_TABLE)
    /// REINDEX: parameter1 index.
    public static let reindex = Self(rawValue: SQLITE_REINDEX)
    /// ANALYZE: parameter1 table.
    public static let analyze = Self(rawValue: SQLITE_ANALYZE)
    /// CREATE VIRTUAL TABLE: parameter1 table, parameter2 module.
    public static let createVirtualTable = Self(rawValue: SQLITE_CREATE_VTABLE)
    /// DROP of a virtual table: parameter1 table, parameter2 module.
    public static let dropVirtualTable = Self(rawValue: SQLITE_DROP_VTABLE)
    /// A function call: parameter2 the function name.
    public static let function = Self(rawValue: SQLITE_FUNCTION)
    /// SAVEPOINT, RELEASE or ROLLBACK TO: parameter1 the operation, parameter2 the name.
    public static let savepoint = Self(rawValue: SQLITE_SAVEPOINT)
    /// A recursive common table expression.
    public static let recursive = Self(rawValue: SQLITE_RECURSIVE)

    /// The C name without its prefix, as the shell's `.auth` output shows it
    /// (`SQLITE_CREATE_TABLE`).
    public var description: String {
        let names = ["SQLITE_COPY", "SQLITE_CREATE_INDEX", "SQLITE_CREATE_TABLE", "SQLITE_CREATE_TEMP_INDEX",
                     "SQLITE_CREATE_TEMP_TABLE", "SQLITE_CREATE_TEMP_TRIGGER", "SQLITE_CREATE_TEMP_VIEW",
                     "SQLITE_CREATE_TRIGGER", "SQLITE_CREATE_VIEW", "SQLITE_DELETE", "SQLITE_DROP_INDEX",
                     "SQLITE_DROP_TABLE", "SQLITE_DROP_TEMP_INDEX", "SQLITE_DROP_TEMP_TABLE",
                     "SQLITE_DROP_TEMP_TRIGGER", "SQLITE_DROP_TEMP_VIEW", "SQLITE_DROP_TRIGGER", "SQLITE_DROP_VIEW",
                     "SQLITE_INSERT", "SQLITE_PRAGMA", "SQLITE_READ", "SQLITE_SELECT", "SQLITE_TRANSACTION",
                     "SQLITE_UPDATE", "SQLITE_ATTACH", "SQLITE_DETACH", "SQLITE_ALTER_TABLE", "SQLITE_REINDEX",
                     "SQLITE_ANALYZE", "SQLITE_CREATE_VTABLE", "SQLITE_DROP_VTABLE", "SQLITE_FUNCTION",
                     "SQLITE_SAVEPOINT", "SQLITE_RECURSIVE"]
        return rawValue >= 0 && Int(rawValue) < names.count ? names[Int(rawValue)] : "\(rawValue)"
    }
}

extension Connection {
    /// Installs an authorizer, called while statements are prepared for each action they would
    /// perform; pass nil to remove it.
    ///
    /// The shell's safe mode uses one to refuse `ATTACH` and file-touching functions:
    ///
    /// ```swift
    /// db.setAuthorizer { request in
    ///     switch request.action {
    ///     case .attach: return .deny
    ///     case .function where request.parameter2 == "load_extension": return .deny
    ///     default: return .allow
    ///     }
    /// }
    /// ```
    ///
    /// A denied action makes the prepare fail with `SQLITE_AUTH` ("not authorized").
    /// Statements prepared earlier are re-checked when they are re-prepared.
    public func setAuthorizer(_ authorizer: ((AuthorizationRequest) -> AuthorizationResult)?) {
        UntrustedSQL.setInstalled(authorizer != nil, on: handle)
        guard let authorizer else {
            sqlite3_set_authorizer(handle, nil, nil)
            authorizerBox = nil
            return
        }
        let box = AuthorizerBox(handle: handle, callback: authorizer)
        authorizerBox = box
        installAuthorizer(box)
    }

    /// Gives SQLite the C callback for `box`: the functions untrusted SQL calls while it
    /// compiles are noted (``compilingUntrustedSQL(_:)`` checks them), then the closure decides.
    func installAuthorizer(_ box: AuthorizerBox) {
        sqlite3_set_authorizer(handle, { p, action, p1, p2, p3, p4 in
            let box = Unmanaged<AuthorizerBox>.fromOpaque(p.unsafelyUnwrapped).takeUnretainedValue()
            if action == SQLITE_FUNCTION, let p2 { UntrustedSQL.note(p2, on: box.handle) }
            return box.callback?(AuthorizationRequest(action: action, p1, p2, p3, p4)).rawValue ?? SQLITE_OK
        }, Unmanaged.passUnretained(box).toOpaque())
    }
}

/// What SQLite's authorizer user data holds: the connection's handle and the closure (none
/// for the authorizer installed only while untrusted SQL compiles).
final class AuthorizerBox {
    let handle: UInt
    let callback: ((AuthorizationRequest) -> AuthorizationResult)?

    init(handle: OpaquePointer, callback: ((AuthorizationRequest) -> AuthorizationResult)?) {
        self.handle = UInt(bitPattern: handle)
        self.callback = callback
    }
}
