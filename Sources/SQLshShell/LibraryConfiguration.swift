import SQLshCore

extension Shell {
    /// Configures SQLite for the shell: single-thread mode, so that SQLite takes no mutex at
    /// all. sqlite3's `main_init` chooses multi-thread mode, which leaves out the connections'
    /// mutexes (sqlite3 takes one on every `sqlite3_column_*` call: ~6% when printing large
    /// results) but still locks one around every allocation, the page cache and the PRNG:
    /// about a tenth of the instructions of a piped INSERT script (Benchmarks/README.md). The
    /// shell has
    /// one thread (Ctrl-C uses `sqlite3_interrupt`, which needs no mutex, and plugins are
    /// called on it; docs/plugin-abi.md asks them not to call SQLite from threads of their
    /// own). Memory statistics (`.stats`) are still kept. Call it before anything opens a
    /// database; later calls do nothing.
    public static func configureLibrary() {
        SQLiteLibrary.useSingleThreadMode()
    }
}
