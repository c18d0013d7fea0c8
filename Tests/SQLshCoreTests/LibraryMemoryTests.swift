import CSQLite
import SQLshCore
import Testing

/// `SQLiteLibrary.free` gives back memory SQLite allocated for the caller.
@Suite struct LibraryMemoryTests {
    /// A buffer from SQLite's allocator (as a session changeset is) goes back through it; the
    /// process-wide memory counter is not compared, since other tests allocate concurrently.
    @Test func freeReturnsMemorySQLiteAllocated() {
        let pointer = sqlite3_malloc64(4096)
        #expect(pointer != nil)
        #expect(sqlite3_msize(pointer) >= 4096)
        SQLiteLibrary.free(pointer)
    }
}
