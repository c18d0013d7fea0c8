import SQLshCore

extension Shell {
    /// Configures SQLite as sqlite3's `main_init` does: multi-thread mode, so that
    /// connections have no mutex (sqlite3 takes it on every `sqlite3_column_*` call, which
    /// costs ~6% when printing large results). The shell uses each connection from one
    /// thread only (Ctrl-C uses `sqlite3_interrupt`, which needs no mutex). Call it before
    /// anything opens a database; later calls do nothing.
    public static func configureLibrary() {
        SQLiteLibrary.useMultiThreadMode()
    }
}
