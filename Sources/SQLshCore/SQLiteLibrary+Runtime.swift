internal import CSQLite

extension SQLiteLibrary {
    /// The version as a NUL-terminated string in static storage, for C interfaces (a
    /// plugin's host table).
    package static var versionCString: UnsafePointer<CChar> { sqlite3_libversion() }

    /// The version as a number (`3040001` for 3.40.1).
    public static var versionNumber: Int { Int(sqlite3_libversion_number()) }

    /// The current time from the default VFS, in milliseconds since the Julian epoch, as the
    /// `sqlite3` shell's `.timer` reads it; 0 when there is no VFS.
    public static func currentTimeMilliseconds() -> Int64 {
        guard let vfs = sqlite3_vfs_find(nil) else { return 0 }
        var t: sqlite3_int64 = 0
        if vfs.pointee.iVersion >= 2, let current = vfs.pointee.xCurrentTimeInt64 {
            _ = current(vfs, &t)
        } else if let current = vfs.pointee.xCurrentTime {
            var days = 0.0
            _ = current(vfs, &days)
            t = sqlite3_int64(days * 86_400_000.0)
        }
        return t
    }

    /// Puts SQLite in multi-thread mode (`SQLITE_CONFIG_MULTITHREAD`): connections have no
    /// mutex, so each must be used from one thread at a time (``Connection/interrupt()``
    /// needs none). Must run before SQLite initializes, that is before any connection opens.
    ///
    /// - Returns: false when SQLite refuses (it is already initialized).
    @discardableResult
    public static func useMultiThreadMode() -> Bool {
        sqlsh_config_multithread() == SQLITE_OK
    }

    /// Puts SQLite in single-thread mode (`SQLITE_CONFIG_SINGLETHREAD`): no mutex at all, not
    /// even around SQLite's allocator, page cache or random numbers, so the whole process must
    /// call SQLite from one thread only (``Connection/interrupt()`` still works from a signal
    /// handler: it takes no mutex). For a single-threaded program such as a shell; an app with
    /// threads wants ``useMultiThreadMode()`` or SQLite's default. Must run before SQLite
    /// initializes, that is before any connection opens.
    ///
    /// - Returns: false when SQLite refuses (it is already initialized).
    @discardableResult
    public static func useSingleThreadMode() -> Bool {
        sqlsh_config_singlethread() == SQLITE_OK
    }
}

extension SQLiteLibrary {
    /// Makes the VFS called `name` the default one for connections opened after; false when
    /// there is no VFS of that name (the `-vfs NAME` option).
    public static func makeDefaultVFS(named name: String) -> Bool {
        guard let vfs = sqlite3_vfs_find(name) else { return false }
        return sqlite3_vfs_register(vfs, 1) == SQLITE_OK
    }

    /// Interrupts the statement running on the connection with this handle: safe to call from
    /// a signal handler (no allocation, no lock), which is where a shell calls it on Ctrl-C. A
    /// program keeps the handle in a plain global, and calls ``prepareInterruptHooks()``,
    /// before installing the handler. The interrupt hooks (``addInterruptHook(_:)``) are told.
    package static func interruptFromSignalHandler(_ handle: OpaquePointer) {
        InterruptSource.ctrlC.request()
        sqlite3_interrupt(handle)
        notifyInterruptHooks(handle)
    }
}
