import SQLshCore

/// The catalog entries of sqlean's file table-valued functions: `fileio_ls` / `lsdir` and
/// `fileio_scan` / `scanfile`.
enum SqleanTableFunctions {
    static let all: [CatalogFunction] = [
        ls("fileio_ls"), ls("lsdir"), scan("fileio_scan"), scan("scanfile"),
    ]

    static func ls(_ name: String) -> CatalogFunction {
        CatalogFunction(
            name: name, kind: .tableValued, arity: "1-2", arguments: "path[, recursive]",
            flags: .directOnly,
            summary: name == "lsdir" ? "a directory's entries, one row each (same as fileio_ls)" : "a directory's entries, one row each",
            details: """
                \(name)(path[, recursive]) lists path itself, then, when it is a directory, its \
                entries named path/entry, in directory order (unsorted; . and .. left out, \
                dotfiles included). With recursive true it descends into subdirectories \
                depth-first, each directory followed by its contents; by default only the \
                direct entries are listed. Symbolic links are listed, never followed. Columns: \
                name, mode (st_mode; see fileio_mode), mtime (seconds since 1970), size \
                (bytes); the hidden columns path and dir read back NULL. A path that does not \
                exist gives no rows. Errors: "table function lsdir requires an argument", \
                "table function lsdir requires a non-NULL argument", "cannot read directory: \
                PATH", "cannot stat file: PATH". \(name == "lsdir" ? "Same as fileio_ls. " : "")\
                Unlike the stock fsdir, no data column, and the second argument is the \
                recursion flag. \(SqleanFileFunctions.refused)
                """,
            example: "select name, fileio_mode(mode), size from \(name)('/etc') where name like '%.conf';",
            register: { try $0.addTableValuedFunction(name, LsDir.self) },
            unregister: { try $0.removeTableValuedFunction(named: name) })
    }

    static func scan(_ name: String) -> CatalogFunction {
        CatalogFunction(
            name: name, kind: .tableValued, arity: "1", arguments: "path",
            flags: .directOnly,
            summary: name == "scanfile" ? "the lines of a text file, one row each (same as fileio_scan)" : "the lines of a text file, one row each",
            details: """
                \(name)(path) reads the file line by line as rows are fetched (constant memory, \
                whatever the file's size): column value is the line as text, without its \
                \\n and one \\r before it; the rowid is the line number; the hidden column \
                name gives the path. A final newline does not add an empty row, an empty file \
                gives no rows, a NULL path gives no rows. Other WHERE conditions (value LIKE \
                ...) are allowed, where sqlean refuses them. A last line without a newline \
                is kept whole (sqlean cuts 'x\\ry' to 'x'). Errors: "scanfile() expects a \
                single constraint (name)" without a path, "cannot open 'PATH' for reading", \
                "cannot read 'PATH'" (a directory, say); a line longer than the length limit is \
                "string or blob too big". \(name == "scanfile" ? "Same as fileio_scan. " : "")\
                \(SqleanFileFunctions.refused)
                """,
            example: "select rowid, value from \(name)('/etc/hosts') where value like '%localhost%';",
            register: { try $0.addTableValuedFunction(name, ScanFile.self) },
            unregister: { try $0.removeTableValuedFunction(named: name) })
    }
}
