internal import CSQLite

/// A SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`),
/// by name instead of by number.
///
/// ```swift
/// do { try db.execute("insert into users values (1, 'ada')") }
/// catch let error as SQLiteError where error.resultCode == .constraintUnique { ... }
/// catch let error as SQLiteError where error.resultCode.primary == .constraint { ... }
/// ```
///
/// Extended codes carry their primary code in the low byte: ``primary`` gives it back.
/// The names follow the C constants in lower camel case (`SQLITE_IOERR_SHORT_READ` is
/// ``ioErrShortRead``); any other number is kept as is.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    public let rawValue: Int32

    /// The code with this value.
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The code with this value.
    @inlinable public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low byte (``constraint`` for ``constraintUnique``).
    @inlinable public var primary: ResultCode { ResultCode(rawValue & 0xFF) }

    /// Whether this is an error, not `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE` (or one of
    /// their extended forms).
    @inlinable public var isError: Bool {
        let primary = rawValue & 0xFF
        return primary != 0 && primary != 100 && primary != 101  // SQLITE_OK, SQLITE_ROW, SQLITE_DONE
    }

    /// The C name, such as `SQLITE_CONSTRAINT_UNIQUE`, or nil for a number SQLite does not define.
    public var name: String? {
        resultCodeNames.first { $0.code == rawValue }.map { "SQLITE_\($0.name)" }
    }

    /// SQLite's English text for the code (`sqlite3_errstr`), such as "constraint failed".
    public var message: String { String(cString: sqlite3_errstr(rawValue)) }

    /// `SQLITE_CONSTRAINT_UNIQUE (2067)`, or the bare number when SQLite does not define it.
    public var description: String {
        if let name { return "\(name) (\(rawValue))" }
        return "result code \(rawValue)"
    }

    // MARK: Primary codes

    /// `SQLITE_OK`: Successful result (not an error).
    public static let ok = ResultCode(0)
    /// `SQLITE_ERROR`: Generic error.
    public static let error = ResultCode(1)
    /// `SQLITE_INTERNAL`: Internal logic error in SQLite.
    public static let `internal` = ResultCode(2)
    /// `SQLITE_PERM`: Access permission denied.
    public static let perm = ResultCode(3)
    /// `SQLITE_ABORT`: Callback routine requested an abort.
    public static let abort = ResultCode(4)
    /// `SQLITE_BUSY`: The database file is locked.
    public static let busy = ResultCode(5)
    /// `SQLITE_LOCKED`: A table in the database is locked.
    public static let locked = ResultCode(6)
    /// `SQLITE_NOMEM`: A malloc() failed.
    public static let noMem = ResultCode(7)
    /// `SQLITE_READONLY`: Attempt to write a readonly database.
    public static let readOnly = ResultCode(8)
    /// `SQLITE_INTERRUPT`: Operation terminated by sqlite3_interrupt().
    public static let interrupt = ResultCode(9)
    /// `SQLITE_IOERR`: Some kind of disk I/O error occurred.
    public static let ioErr = ResultCode(10)
    /// `SQLITE_CORRUPT`: The database disk image is malformed.
    public static let corrupt = ResultCode(11)
    /// `SQLITE_NOTFOUND`: Unknown opcode in sqlite3_file_control().
    public static let notFound = ResultCode(12)
    /// `SQLITE_FULL`: Insertion failed because database is full.
    public static let full = ResultCode(13)
    /// `SQLITE_CANTOPEN`: Unable to open the database file.
    public static let cantOpen = ResultCode(14)
    /// `SQLITE_PROTOCOL`: Database lock protocol error.
    public static let `protocol` = ResultCode(15)
    /// `SQLITE_EMPTY`: Internal use only.
    public static let empty = ResultCode(16)
    /// `SQLITE_SCHEMA`: The database schema changed.
    public static let schema = ResultCode(17)
    /// `SQLITE_TOOBIG`: String or BLOB exceeds size limit.
    public static let tooBig = ResultCode(18)
    /// `SQLITE_CONSTRAINT`: Abort due to constraint violation.
    public static let constraint = ResultCode(19)
    /// `SQLITE_MISMATCH`: Data type mismatch.
    public static let mismatch = ResultCode(20)
    /// `SQLITE_MISUSE`: Library used incorrectly.
    public static let misuse = ResultCode(21)
    /// `SQLITE_NOLFS`: Uses OS features not supported on host.
    public static let noLFS = ResultCode(22)
    /// `SQLITE_AUTH`: Authorization denied.
    public static let auth = ResultCode(23)
    /// `SQLITE_FORMAT`: Not used.
    public static let format = ResultCode(24)
    /// `SQLITE_RANGE`: 2nd parameter to sqlite3_bind out of range.
    public static let range = ResultCode(25)
    /// `SQLITE_NOTADB`: File opened that is not a database file.
    public static let notADB = ResultCode(26)
    /// `SQLITE_NOTICE`: Notifications from sqlite3_log().
    public static let notice = ResultCode(27)
    /// `SQLITE_WARNING`: Warnings from sqlite3_log().
    public static let warning = ResultCode(28)
    /// `SQLITE_ROW`: sqlite3_step() has another row ready (not an error).
    public static let row = ResultCode(100)
    /// `SQLITE_DONE`: sqlite3_step() has finished executing (not an error).
    public static let done = ResultCode(101)

    // MARK: Extended codes

    /// `SQLITE_ERROR_MISSING_COLLSEQ`.
    public static let errorMissingCollSeq = ResultCode(1 | 1 << 8)
    /// `SQLITE_ERROR_RETRY`.
    public static let errorRetry = ResultCode(1 | 2 << 8)
    /// `SQLITE_ERROR_SNAPSHOT`.
    public static let errorSnapshot = ResultCode(1 | 3 << 8)
    /// `SQLITE_IOERR_READ`.
    public static let ioErrRead = ResultCode(10 | 1 << 8)
    /// `SQLITE_IOERR_SHORT_READ`.
    public static let ioErrShortRead = ResultCode(10 | 2 << 8)
    /// `SQLITE_IOERR_WRITE`.
    public static let ioErrWrite = ResultCode(10 | 3 << 8)
    /// `SQLITE_IOERR_FSYNC`.
    public static let ioErrFsync = ResultCode(10 | 4 << 8)
    /// `SQLITE_IOERR_DIR_FSYNC`.
    public static let ioErrDirFsync = ResultCode(10 | 5 << 8)
    /// `SQLITE_IOERR_TRUNCATE`.
    public static let ioErrTruncate = ResultCode(10 | 6 << 8)
    /// `SQLITE_IOERR_FSTAT`.
    public static let ioErrFstat = ResultCode(10 | 7 << 8)
    /// `SQLITE_IOERR_UNLOCK`.
    public static let ioErrUnlock = ResultCode(10 | 8 << 8)
    /// `SQLITE_IOERR_RDLOCK`.
    public static let ioErrRdLock = ResultCode(10 | 9 << 8)
    /// `SQLITE_IOERR_DELETE`.
    public static let ioErrDelete = ResultCode(10 | 10 << 8)
    /// `SQLITE_IOERR_BLOCKED`.
    public static let ioErrBlocked = ResultCode(10 | 11 << 8)
    /// `SQLITE_IOERR_NOMEM`.
    public static let ioErrNoMem = ResultCode(10 | 12 << 8)
    /// `SQLITE_IOERR_ACCESS`.
    public static let ioErrAccess = ResultCode(10 | 13 << 8)
    /// `SQLITE_IOERR_CHECKRESERVEDLOCK`.
    public static let ioErrCheckReservedLock = ResultCode(10 | 14 << 8)
    /// `SQLITE_IOERR_LOCK`.
    public static let ioErrLock = ResultCode(10 | 15 << 8)
    /// `SQLITE_IOERR_CLOSE`.
    public static let ioErrClose = ResultCode(10 | 16 << 8)
    /// `SQLITE_IOERR_DIR_CLOSE`.
    public static let ioErrDirClose = ResultCode(10 | 17 << 8)
    /// `SQLITE_IOERR_SHMOPEN`.
    public static let ioErrShmOpen = ResultCode(10 | 18 << 8)
    /// `SQLITE_IOERR_SHMSIZE`.
    public static let ioErrShmSize = ResultCode(10 | 19 << 8)
    /// `SQLITE_IOERR_SHMLOCK`.
    public static let ioErrShmLock = ResultCode(10 | 20 << 8)
    /// `SQLITE_IOERR_SHMMAP`.
    public static let ioErrShmMap = ResultCode(10 | 21 << 8)
    /// `SQLITE_IOERR_SEEK`.
    public static let ioErrSeek = ResultCode(10 | 22 << 8)
    /// `SQLITE_IOERR_DELETE_NOENT`.
    public static let ioErrDeleteNoEnt = ResultCode(10 | 23 << 8)
    /// `SQLITE_IOERR_MMAP`.
    public static let ioErrMmap = ResultCode(10 | 24 << 8)
    /// `SQLITE_IOERR_GETTEMPPATH`.
    public static let ioErrGetTempPath = ResultCode(10 | 25 << 8)
    /// `SQLITE_IOERR_CONVPATH`.
    public static let ioErrConvPath = ResultCode(10 | 26 << 8)
    /// `SQLITE_IOERR_VNODE`.
    public static let ioErrVnode = ResultCode(10 | 27 << 8)
    /// `SQLITE_IOERR_AUTH`.
    public static let ioErrAuth = ResultCode(10 | 28 << 8)
    /// `SQLITE_IOERR_BEGIN_ATOMIC`.
    public static let ioErrBeginAtomic = ResultCode(10 | 29 << 8)
    /// `SQLITE_IOERR_COMMIT_ATOMIC`.
    public static let ioErrCommitAtomic = ResultCode(10 | 30 << 8)
    /// `SQLITE_IOERR_ROLLBACK_ATOMIC`.
    public static let ioErrRollbackAtomic = ResultCode(10 | 31 << 8)
    /// `SQLITE_IOERR_DATA`.
    public static let ioErrData = ResultCode(10 | 32 << 8)
    /// `SQLITE_IOERR_CORRUPTFS`.
    public static let ioErrCorruptFS = ResultCode(10 | 33 << 8)
    /// `SQLITE_LOCKED_SHAREDCACHE`.
    public static let lockedSharedCache = ResultCode(6 | 1 << 8)
    /// `SQLITE_LOCKED_VTAB`.
    public static let lockedVtab = ResultCode(6 | 2 << 8)
    /// `SQLITE_BUSY_RECOVERY`.
    public static let busyRecovery = ResultCode(5 | 1 << 8)
    /// `SQLITE_BUSY_SNAPSHOT`.
    public static let busySnapshot = ResultCode(5 | 2 << 8)
    /// `SQLITE_BUSY_TIMEOUT`.
    public static let busyTimeout = ResultCode(5 | 3 << 8)
    /// `SQLITE_CANTOPEN_NOTEMPDIR`.
    public static let cantOpenNoTempDir = ResultCode(14 | 1 << 8)
    /// `SQLITE_CANTOPEN_ISDIR`.
    public static let cantOpenIsDir = ResultCode(14 | 2 << 8)
    /// `SQLITE_CANTOPEN_FULLPATH`.
    public static let cantOpenFullPath = ResultCode(14 | 3 << 8)
    /// `SQLITE_CANTOPEN_CONVPATH`.
    public static let cantOpenConvPath = ResultCode(14 | 4 << 8)
    /// `SQLITE_CANTOPEN_DIRTYWAL`.
    public static let cantOpenDirtyWAL = ResultCode(14 | 5 << 8)
    /// `SQLITE_CANTOPEN_SYMLINK`.
    public static let cantOpenSymlink = ResultCode(14 | 6 << 8)
    /// `SQLITE_CORRUPT_VTAB`.
    public static let corruptVtab = ResultCode(11 | 1 << 8)
    /// `SQLITE_CORRUPT_SEQUENCE`.
    public static let corruptSequence = ResultCode(11 | 2 << 8)
    /// `SQLITE_CORRUPT_INDEX`.
    public static let corruptIndex = ResultCode(11 | 3 << 8)
    /// `SQLITE_READONLY_RECOVERY`.
    public static let readOnlyRecovery = ResultCode(8 | 1 << 8)
    /// `SQLITE_READONLY_CANTLOCK`.
    public static let readOnlyCantLock = ResultCode(8 | 2 << 8)
    /// `SQLITE_READONLY_ROLLBACK`.
    public static let readOnlyRollback = ResultCode(8 | 3 << 8)
    /// `SQLITE_READONLY_DBMOVED`.
    public static let readOnlyDBMoved = ResultCode(8 | 4 << 8)
    /// `SQLITE_READONLY_CANTINIT`.
    public static let readOnlyCantInit = ResultCode(8 | 5 << 8)
    /// `SQLITE_READONLY_DIRECTORY`.
    public static let readOnlyDirectory = ResultCode(8 | 6 << 8)
    /// `SQLITE_ABORT_ROLLBACK`.
    public static let abortRollback = ResultCode(4 | 2 << 8)
    /// `SQLITE_CONSTRAINT_CHECK`.
    public static let constraintCheck = ResultCode(19 | 1 << 8)
    /// `SQLITE_CONSTRAINT_COMMITHOOK`.
    public static let constraintCommitHook = ResultCode(19 | 2 << 8)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let constraintForeignKey = ResultCode(19 | 3 << 8)
    /// `SQLITE_CONSTRAINT_FUNCTION`.
    public static let constraintFunction = ResultCode(19 | 4 << 8)
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull = ResultCode(19 | 5 << 8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let constraintPrimaryKey = ResultCode(19 | 6 << 8)
    /// `SQLITE_CONSTRAINT_TRIGGER`.
    public static let constraintTrigger = ResultCode(19 | 7 << 8)
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique = ResultCode(19 | 8 << 8)
    /// `SQLITE_CONSTRAINT_VTAB`.
    public static let constraintVtab = ResultCode(19 | 9 << 8)
    /// `SQLITE_CONSTRAINT_ROWID`.
    public static let constraintRowID = ResultCode(19 | 10 << 8)
    /// `SQLITE_CONSTRAINT_PINNED`.
    public static let constraintPinned = ResultCode(19 | 11 << 8)
    /// `SQLITE_CONSTRAINT_DATATYPE`.
    public static let constraintDatatype = ResultCode(19 | 12 << 8)
    /// `SQLITE_NOTICE_RECOVER_WAL`.
    public static let noticeRecoverWAL = ResultCode(27 | 1 << 8)
    /// `SQLITE_NOTICE_RECOVER_ROLLBACK`.
    public static let noticeRecoverRollback = ResultCode(27 | 2 << 8)
    /// `SQLITE_WARNING_AUTOINDEX`.
    public static let warningAutoIndex = ResultCode(28 | 1 << 8)
    /// `SQLITE_AUTH_USER`.
    public static let authUser = ResultCode(23 | 1 << 8)
    /// `SQLITE_OK_LOAD_PERMANENTLY`.
    public static let okLoadPermanently = ResultCode(0 | 1 << 8)
    /// `SQLITE_OK_SYMLINK`.
    public static let okSymlink = ResultCode(0 | 2 << 8)
}

/// The C names of the codes, without the `SQLITE_` prefix.
private let resultCodeNames: [(code: Int32, name: StaticString)] = [
    (0, "OK"),
    (1, "ERROR"),
    (2, "INTERNAL"),
    (3, "PERM"),
    (4, "ABORT"),
    (5, "BUSY"),
    (6, "LOCKED"),
    (7, "NOMEM"),
    (8, "READONLY"),
    (9, "INTERRUPT"),
    (10, "IOERR"),
    (11, "CORRUPT"),
    (12, "NOTFOUND"),
    (13, "FULL"),
    (14, "CANTOPEN"),
    (15, "PROTOCOL"),
    (16, "EMPTY"),
    (17, "SCHEMA"),
    (18, "TOOBIG"),
    (19, "CONSTRAINT"),
    (20, "MISMATCH"),
    (21, "MISUSE"),
    (22, "NOLFS"),
    (23, "AUTH"),
    (24, "FORMAT"),
    (25, "RANGE"),
    (26, "NOTADB"),
    (27, "NOTICE"),
    (28, "WARNING"),
    (100, "ROW"),
    (101, "DONE"),
    (1 | 1 << 8, "ERROR_MISSING_COLLSEQ"),
    (1 | 2 << 8, "ERROR_RETRY"),
    (1 | 3 << 8, "ERROR_SNAPSHOT"),
    (10 | 1 << 8, "IOERR_READ"),
    (10 | 2 << 8, "IOERR_SHORT_READ"),
    (10 | 3 << 8, "IOERR_WRITE"),
    (10 | 4 << 8, "IOERR_FSYNC"),
    (10 | 5 << 8, "IOERR_DIR_FSYNC"),
    (10 | 6 << 8, "IOERR_TRUNCATE"),
    (10 | 7 << 8, "IOERR_FSTAT"),
    (10 | 8 << 8, "IOERR_UNLOCK"),
    (10 | 9 << 8, "IOERR_RDLOCK"),
    (10 | 10 << 8, "IOERR_DELETE"),
    (10 | 11 << 8, "IOERR_BLOCKED"),
    (10 | 12 << 8, "IOERR_NOMEM"),
    (10 | 13 << 8, "IOERR_ACCESS"),
    (10 | 14 << 8, "IOERR_CHECKRESERVEDLOCK"),
    (10 | 15 << 8, "IOERR_LOCK"),
    (10 | 16 << 8, "IOERR_CLOSE"),
    (10 | 17 << 8, "IOERR_DIR_CLOSE"),
    (10 | 18 << 8, "IOERR_SHMOPEN"),
    (10 | 19 << 8, "IOERR_SHMSIZE"),
    (10 | 20 << 8, "IOERR_SHMLOCK"),
    (10 | 21 << 8, "IOERR_SHMMAP"),
    (10 | 22 << 8, "IOERR_SEEK"),
    (10 | 23 << 8, "IOERR_DELETE_NOENT"),
    (10 | 24 << 8, "IOERR_MMAP"),
    (10 | 25 << 8, "IOERR_GETTEMPPATH"),
    (10 | 26 << 8, "IOERR_CONVPATH"),
    (10 | 27 << 8, "IOERR_VNODE"),
    (10 | 28 << 8, "IOERR_AUTH"),
    (10 | 29 << 8, "IOERR_BEGIN_ATOMIC"),
    (10 | 30 << 8, "IOERR_COMMIT_ATOMIC"),
    (10 | 31 << 8, "IOERR_ROLLBACK_ATOMIC"),
    (10 | 32 << 8, "IOERR_DATA"),
    (10 | 33 << 8, "IOERR_CORRUPTFS"),
    (6 | 1 << 8, "LOCKED_SHAREDCACHE"),
    (6 | 2 << 8, "LOCKED_VTAB"),
    (5 | 1 << 8, "BUSY_RECOVERY"),
    (5 | 2 << 8, "BUSY_SNAPSHOT"),
    (5 | 3 << 8, "BUSY_TIMEOUT"),
    (14 | 1 << 8, "CANTOPEN_NOTEMPDIR"),
    (14 | 2 << 8, "CANTOPEN_ISDIR"),
    (14 | 3 << 8, "CANTOPEN_FULLPATH"),
    (14 | 4 << 8, "CANTOPEN_CONVPATH"),
    (14 | 5 << 8, "CANTOPEN_DIRTYWAL"),
    (14 | 6 << 8, "CANTOPEN_SYMLINK"),
    (11 | 1 << 8, "CORRUPT_VTAB"),
    (11 | 2 << 8, "CORRUPT_SEQUENCE"),
    (11 | 3 << 8, "CORRUPT_INDEX"),
    (8 | 1 << 8, "READONLY_RECOVERY"),
    (8 | 2 << 8, "READONLY_CANTLOCK"),
    (8 | 3 << 8, "READONLY_ROLLBACK"),
    (8 | 4 << 8, "READONLY_DBMOVED"),
    (8 | 5 << 8, "READONLY_CANTINIT"),
    (8 | 6 << 8, "READONLY_DIRECTORY"),
    (4 | 2 << 8, "ABORT_ROLLBACK"),
    (19 | 1 << 8, "CONSTRAINT_CHECK"),
    (19 | 2 << 8, "CONSTRAINT_COMMITHOOK"),
    (19 | 3 << 8, "CONSTRAINT_FOREIGNKEY"),
    (19 | 4 << 8, "CONSTRAINT_FUNCTION"),
    (19 | 5 << 8, "CONSTRAINT_NOTNULL"),
    (19 | 6 << 8, "CONSTRAINT_PRIMARYKEY"),
    (19 | 7 << 8, "CONSTRAINT_TRIGGER"),
    (19 | 8 << 8, "CONSTRAINT_UNIQUE"),
    (19 | 9 << 8, "CONSTRAINT_VTAB"),
    (19 | 10 << 8, "CONSTRAINT_ROWID"),
    (19 | 11 << 8, "CONSTRAINT_PINNED"),
    (19 | 12 << 8, "CONSTRAINT_DATATYPE"),
    (27 | 1 << 8, "NOTICE_RECOVER_WAL"),
    (27 | 2 << 8, "NOTICE_RECOVER_ROLLBACK"),
    (28 | 1 << 8, "WARNING_AUTOINDEX"),
    (23 | 1 << 8, "AUTH_USER"),
    (0 | 1 << 8, "OK_LOAD_PERMANENTLY"),
    (0 | 2 << 8, "OK_SYMLINK"),
]

