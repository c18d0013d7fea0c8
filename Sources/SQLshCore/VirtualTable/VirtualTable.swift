internal import CSQLite

/// A virtual table module: what `CREATE VIRTUAL TABLE name USING module(arguments)` makes a
/// table with. Unlike a ``TableValuedFunction`` (an eponymous table whose hidden columns are
/// its arguments), each table of a module is created by name, with arguments that decide its
/// columns, and is found again in the schema whenever the database is opened.
///
/// ```swift
/// enum Lines: VirtualTableModule {
///     static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
///         LinesTable(text: arguments.first ?? "")
///     }
/// }
/// final class LinesTable: VirtualTable {
///     let lines: [Substring]
///     init(text: String) { lines = text.split(separator: ";") }
///     var schema: String { "CREATE TABLE x(line)" }
///     func makeCursor() throws -> any VirtualTableCursor { LinesCursor(lines) }
/// }
/// try db.addVirtualTableModule("lines", Lines.self)
/// // create virtual table v using lines(a;b;c); select line from v  -> a, b, c
/// ```
///
/// Tables are read-only: SQLite reports `table NAME may not be modified` for writes.
public protocol VirtualTableModule {
    /// `.directOnly` (not from views, triggers or schema) or `.innocuous`; empty by default.
    static var options: TableValuedOptions { get }
    /// Makes a table from the module arguments, each as written between the parentheses and
    /// split by SQLite at top-level commas (`vsv(filename='a.csv', header)` gives
    /// `filename='a.csv'` and ` header`). Called by CREATE VIRTUAL TABLE, and again each
    /// time a connection first uses a table of the schema.
    /// - Throws: any error; its message becomes the statement's error.
    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable
    /// Refuses a table before anything else looks at it (the gate of
    /// ``TableValuedOptions/touchesFiles``, then ``makeTable(arguments:context:)``): for a
    /// refusal that must win over the others, such as a shell's safe mode. Nothing by default.
    static func admit(arguments: [String], context: VirtualTableContext) throws
}

extension VirtualTableModule {
    public static var options: TableValuedOptions { [] }
    public static func admit(arguments: [String], context: VirtualTableContext) throws {}
}

/// Where a table is being made.
public struct VirtualTableContext {
    /// The connection's handle.
    package let handle: OpaquePointer
    /// The schema (`main`, `temp`, an attached name) and the table's name.
    public let schemaName: String, tableName: String
    /// True for `CREATE VIRTUAL TABLE`, false when an existing table is connected.
    public let isCreate: Bool
}

/// One table of a ``VirtualTableModule``.
public protocol VirtualTable: AnyObject {
    /// `CREATE TABLE x(...)` declaring the columns (the name `x` is ignored).
    var schema: String { get }
    /// Chooses a plan; the default is a full scan with `estimatedRows`.
    func bestIndex(_ info: IndexInfo) throws
    /// The row count the default plan reports.
    var estimatedRows: Int64 { get }
    /// A new cursor for one scan.
    func makeCursor() throws -> any VirtualTableCursor
}

extension VirtualTable {
    public var estimatedRows: Int64 { 1_000_000 }
    public func bestIndex(_ info: IndexInfo) throws {
        info.rawValue.pointee.estimatedRows = estimatedRows
        info.rawValue.pointee.estimatedCost = Double(estimatedRows)
    }
}

/// A scan over a ``VirtualTable``: SQLite calls ``filter(_:)`` to start it, then reads rows
/// with ``column(_:into:)`` and ``rowid()`` and moves with ``next()`` until ``isAtEnd``.
public protocol VirtualTableCursor: AnyObject {
    /// Starts (or restarts) the scan; afterwards the cursor is on the first row or at the end.
    func filter(_ arguments: FilterArguments) throws
    /// Whether the cursor is past the last row.
    var isAtEnd: Bool { get }
    /// Moves to the next row.
    func next() throws
    /// Writes the current row's value of column `index`.
    func column(_ index: Int, into result: ResultContext) throws
    /// The current row's rowid.
    func rowid() throws -> Int64
}

extension Connection {
    /// Registers a virtual table module named `name`, replacing any module of that name.
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    public func addVirtualTableModule<M: VirtualTableModule>(_ name: String, _ module: M.Type) throws {
        let box = Unmanaged.passRetained(VirtualTableModuleBox(module)).toOpaque()
        // On failure SQLite calls the destructor itself, which releases the box.
        let rc = sqlite3_create_module_v2(handle, name, virtualTableModule, box, releaseVirtualTableModuleBox)
        try check(rc, handle)
    }
}
