internal import CSQLite

/// A file-control operation (`SQLITE_FCNTL_*`), run on a database's file by
/// ``Connection/fileControl(_:_:schema:)``.
public struct FileControl: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_FCNTL_*` code.
    public let rawValue: Int32
    /// A file control from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The file grows and shrinks in chunks of this many bytes (an `Int32`).
    public static let chunkSize = Self(rawValue: SQLITE_FCNTL_CHUNK_SIZE)
    /// A counter that changes whenever the database changes (an `Int32`, read).
    public static let dataVersion = Self(rawValue: SQLITE_FCNTL_DATA_VERSION)
    /// Whether the file was renamed or deleted since it was opened (an `Int32`, read).
    public static let hasMoved = Self(rawValue: SQLITE_FCNTL_HAS_MOVED)
    /// How long a lock waits, in milliseconds, with blocking locks (an `Int32`).
    public static let lockTimeout = Self(rawValue: SQLITE_FCNTL_LOCK_TIMEOUT)
    /// Whether the WAL file stays after the last connection closes (an `Int32`; -1 reads).
    public static let persistWAL = Self(rawValue: SQLITE_FCNTL_PERSIST_WAL)
    /// Whether the file system has powersafe overwrite (an `Int32`; -1 reads).
    public static let powersafeOverwrite = Self(rawValue: SQLITE_FCNTL_POWERSAFE_OVERWRITE)
    /// Bytes reserved at the end of each page (an `Int32`; -1 reads).
    public static let reserveBytes = Self(rawValue: SQLITE_FCNTL_RESERVE_BYTES)
    /// The largest size of a deserialized database (an `Int64`; negative reads).
    public static let sizeLimit = Self(rawValue: SQLITE_FCNTL_SIZE_LIMIT)
    /// A fresh temporary filename (text; see ``Connection/fileControlText(_:schema:)``).
    public static let temporaryFilename = Self(rawValue: SQLITE_FCNTL_TEMPFILENAME)
    /// The names of the VFS stack, `/`-separated (text).
    public static let vfsName = Self(rawValue: SQLITE_FCNTL_VFSNAME)
}

/// A registered VFS (operating-system interface), as `sqlite3_vfs` describes it.
public struct VFSDescription: Equatable, Sendable {
    /// The VFS's name (`unix`, `memdb`, ...), or nil when it has none.
    public let name: String?
    /// The version of its interface (`iVersion`).
    public let version: Int
    /// The size of its open-file object (`szOsFile`).
    public let fileObjectSize: Int
    /// The longest pathname it takes (`mxPathname`).
    public let maxPathLength: Int
    /// Identifies the registered VFS (its address), to compare with ``Connection/vfs(schema:)``.
    public let id: UInt

    init(_ vfs: UnsafeMutablePointer<sqlite3_vfs>) {
        name = vfs.pointee.zName.map { String(cString: $0) }
        version = Int(vfs.pointee.iVersion)
        fileObjectSize = Int(vfs.pointee.szOsFile)
        maxPathLength = Int(vfs.pointee.mxPathname)
        id = UInt(bitPattern: vfs)
    }

    /// Every registered VFS, the default one first (`sqlite3_vfs_find` and its list).
    public static var registered: [VFSDescription] {
        var all: [VFSDescription] = []
        var next = sqlite3_vfs_find(nil)
        while let vfs = next {
            all.append(VFSDescription(vfs))
            next = vfs.pointee.pNext
        }
        return all
    }
}

extension Connection {
    /// Runs a file control whose argument is an integer the VFS reads and may write back
    /// (`Int32` or `Int64`, as the control defines it).
    ///
    /// ```swift
    /// var walKept: Int32 = -1
    /// db.fileControl(.persistWAL, &walKept)   // reads the setting into walKept
    /// ```
    ///
    /// - Parameter schema: the database (`main`, `temp`, an attached name); nil is `main`.
    /// - Returns: whether the VFS handled the control (`SQLITE_OK`); unknown controls and
    ///   databases leave `value` unchanged.
    @discardableResult
    public func fileControl<T: FixedWidthInteger>(_ control: FileControl, _ value: inout T, schema: String? = nil) -> Bool {
        withUnsafeMutablePointer(to: &value) {
            sqlite3_file_control(handle, schema, control.rawValue, UnsafeMutableRawPointer($0)) == SQLITE_OK
        }
    }

    /// Runs a file control that answers with text SQLite allocates (``FileControl/vfsName``,
    /// ``FileControl/temporaryFilename``), or nil when there is none.
    public func fileControlText(_ control: FileControl, schema: String? = nil) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        sqlite3_file_control(handle, schema, control.rawValue, &text)
        guard let text else { return nil }
        defer { sqlite3_free(text) }
        return String(cString: text)
    }

    /// The top VFS of a database's file (`SQLITE_FCNTL_VFS_POINTER`), or nil when there is no
    /// such database.
    public func vfs(schema: String = "main") -> VFSDescription? {
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        sqlite3_file_control(handle, schema, SQLITE_FCNTL_VFS_POINTER, &vfs)
        return vfs.map(VFSDescription.init)
    }
}
