#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The `fileio` pack: `readfile`, `writefile`, `lsmode` and `fsdir`, as SQLite's
/// `ext/misc/fileio.c` (3.40.1). `readfile` and `writefile` are refused in `-safe` mode
/// (see ``SafeMode``); all but `lsmode` are direct-only.
enum FileIOPack {
    static let pack = FunctionPack(
        name: "fileio",
        summary: "read and write files, list directories, as the stock sqlite3 shell (sqlean fileio_* names too)",
        functions: [readfile, writefile, lsmode, fsdir] + SqleanFileFunctions.all + SqleanTableFunctions.all)

    static let readfile = CatalogFunction(
        arguments: "path",
        summary: "the contents of a file, as a blob",
        details: """
            readfile(PATH) returns the bytes of the file as a blob, or NULL when PATH is NULL \
            or the file cannot be opened (missing, unreadable). A file longer than the length \
            limit (a directory counts as one) is the error "string or blob too big". \
            Direct-only, and refused in -safe mode.
            """,
        example: "SELECT length(readfile('/etc/hostname'));",
        functions: {
            [SQLFunction("readfile", argumentCount: 1, options: .directOnly, writingResult: { arguments, result in
                guard let path = arguments[0].cString else { return result.setNull() }
                FileAccess.readContents(result, path)
            })]
        })

    static let writefile = CatalogFunction(
        arity: "2-4", arguments: "path, data[, mode[, mtime]]",
        summary: "write data to a file (or make a directory or symbolic link)",
        details: """
            writefile(PATH, DATA[, MODE[, MTIME]]) writes DATA (a blob, or the text form of \
            other values; NULL writes an empty file) to PATH and returns the number of bytes \
            written. Missing parent directories are created. MODE is a numeric st_mode: with \
            a regular-file type its permission bits are applied; a directory type makes a \
            directory (DATA ignored, result NULL); a symbolic-link type makes a link to DATA. \
            MTIME (seconds since 1970) sets the modification time. Failures give NULL with \
            two arguments, and the errors "failed to write file: PATH", "failed to create \
            directory: PATH" or "failed to create symlink: PATH" with a MODE. Direct-only, and \
            refused in -safe mode.
            """,
        example: "SELECT writefile('/tmp/hello.txt', 'hello');  -- 5",
        functions: {
            [SQLFunction("writefile", argumentCount: nil, options: .directOnly, writingResult: { arguments, result in
                guard arguments.count >= 2 && arguments.count <= 4 else {
                    throw SQLiteError(message: "wrong number of arguments to function writefile()")
                }
                guard let path = arguments[0].cString else { return result.setNull() }
                let mode = arguments.count >= 3 ? UInt32(bitPattern: Int32(truncatingIfNeeded: arguments[2].int64)) : 0
                let mtime = arguments.count == 4 ? arguments[3].int64 : -1
                var outcome = FileAccess.write(result, path, arguments[1], mode: mode, mtime: mtime)
                if outcome == 1 && errno == ENOENT && FileAccess.makeParentDirectories(path) {
                    outcome = FileAccess.write(result, path, arguments[1], mode: mode, mtime: mtime)
                }
                if arguments.count > 2 && outcome != 0 {
                    let name = String(cString: path)
                    if FileAccess.isSymlink(mode) {
                        throw SQLiteError(message: "failed to create symlink: \(name)")
                    } else if FileAccess.isDirectory(mode) {
                        throw SQLiteError(message: "failed to create directory: \(name)")
                    } else {
                        throw SQLiteError(message: "failed to write file: \(name)")
                    }
                }
            })]
        })

    static let lsmode = CatalogFunction(
        arguments: "mode",
        summary: "an st_mode number as ls -l shows it",
        details: """
            lsmode(MODE) formats a numeric st_mode (as fsdir's mode column gives it) the way \
            ls -l does: a type letter (- regular file, d directory, l symbolic link, ? other) \
            and the nine permission letters. The argument is converted to an integer (NULL is 0).
            """,
        example: "SELECT lsmode(16877);  -- 'drwxr-xr-x'",
        functions: {
            [SQLFunction("lsmode", argumentCount: 1, writingResult: { arguments, result in
                let mode = Int32(truncatingIfNeeded: arguments[0].int64)
                result.setText(count: 10) { FileAccess.writeLsMode(mode, into: $0) }
            })]
        })

    static let fsdir = CatalogFunction(
        name: "fsdir", kind: .tableValued, arity: "1-2", arguments: "path[, dir]", flags: .directOnly,
        summary: "a file or directory tree, one row per entry",
        details: """
            fsdir(PATH[, DIR]) lists PATH and, when it is a directory, everything below it \
            (symbolic links are not followed) in directory order, with the columns name, mode \
            (st_mode; see lsmode), mtime (seconds since 1970) and data (file contents as a \
            blob, a link's target as text, NULL for a directory). With DIR, PATH is taken \
            relative to DIR and names are relative to DIR. Errors: "table function fsdir \
            requires an argument", "cannot stat file: PATH", "cannot read directory: PATH". \
            Direct-only.
            """,
        example: "SELECT name, lsmode(mode) FROM fsdir('.') WHERE name LIKE '%.swift';",
        register: { try $0.addTableValuedFunction("fsdir", FSDir.self) },
        unregister: { try $0.removeTableValuedFunction(named: "fsdir") })
}
