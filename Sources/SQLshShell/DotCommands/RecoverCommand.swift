#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `.recover ?OPTIONS?`: rebuilds what it can of a damaged database as an SQL script.
///
/// sqlite3 reads the pages through the `sqlite_dbpage` virtual table, which the SQLite library
/// here (Debian's 3.40.1) is built without, so its `.recover` fails. sqlsh reads the pages
/// itself (``DatabaseFile``, ``BTreePage``, ``Record``) and writes the script the way sqlite3's
/// recover extension does (``RecoverWriter``): from the main database's file, or from a
/// serialized copy for an in-memory database, a database with a write-ahead log in use or an
/// open transaction (whose latest pages are not all in the file).
///
/// Beyond sqlite3: zeroed and missing pages, a truncated file, a broken freelist, overflow
/// chains that loop or run off the file, invalid varints and cell pointers are all survived;
/// what was skipped is counted in a note on standard error.
struct RecoverCommand: DotCommand {
    static let name = "recover"
    static let usage = ".recover"
    static let summary = "Recover as much data as possible from corrupt db."
    static let details = """
       --ignore-freelist        Ignore pages that appear to be on db freelist
       --lost-and-found TABLE   Alternative name for the lost-and-found table
       --no-rowids              Do not attempt to recover rowid values
                                that are not also INTEGER PRIMARY KEYs
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var options = RecoverWriter.Options()
        var i = 1
        // sqlite3's rules: one or two dashes, any prefix of an option's name.
        while i < arguments.count {
            var z = Substring(arguments[i])
            if z.hasPrefix("--") { z = z.dropFirst() }
            let hasValue = i + 1 < arguments.count
            if z.count <= 16 && "-ignore-freelist".hasPrefix(z) {
                options.ignoreFreelist = true
            } else if z.count <= 12 && "-recovery-db".hasPrefix(z) && hasValue {
                i += 1  // sqlite3's undocumented debugging option: no recovery database here
            } else if z.count <= 15 && "-lost-and-found".hasPrefix(z) && hasValue {
                i += 1
                options.lostAndFound = arguments[i]
            } else if z.count <= 10 && "-no-rowids".hasPrefix(z) {
                options.recoverRowids = false
            } else {
                shell.err.write("unexpected option: \(arguments[i])\n")
                _ = HelpText.show(pattern: arguments[0], to: shell.out)
                return .failure
            }
            i += 1
        }
        let image: [UInt8]
        do {
            image = try Self.image(of: shell.connection)
        } catch let error as SQLiteError {
            shell.err.write("sql error: \(error.message) (\(error.code))\n")
            return .failure
        }
        let writer = try RecoverWriter(file: DatabaseFile(image: image), options: options, out: shell.out,
                                       shouldStop: shell.interruptRequested)
        writer.run()
        let report = writer.report
        if report.interrupted { throw ShellError("Error: .recover interrupted; the script is incomplete (no COMMIT)") }
        if report.unreadablePages > 0 || report.damagedCells > 0 {
            let pages: String = report.unreadablePages == 1 ? "page" : "pages"
            let cells: String = report.damagedCells == 1 ? "cell" : "cells"
            shell.err.write("note: .recover skipped \(report.unreadablePages) unreadable \(pages) and \(report.damagedCells) damaged \(cells)\n")
        }
        return .success
    }

    /// The pages of the main database: its file as it is on disk, or a serialized copy when the
    /// file does not hold the latest pages (no file, a write-ahead log with frames, an open
    /// transaction) and SQLite can still read them.
    static func image(of connection: Connection) throws -> [UInt8] {
        let path = connection.filename(schema: "main") ?? ""
        var walInUse = false
        if !path.isEmpty {
            var info = stat()
            walInUse = stat(path + "-wal", &info) == 0 && info.st_size > 0
        }
        if path.isEmpty || walInUse || !connection.isAutocommit {
            do {
                return try connection.serialize(schema: "main")
            } catch {
                if path.isEmpty { throw error }
            }
        }
        if let bytes = WholeFile.read(path) { return bytes }
        if access(path, F_OK) != 0 { return [] }  // not created yet: an empty database
        throw SQLiteError(code: .cantOpen, message: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
}
