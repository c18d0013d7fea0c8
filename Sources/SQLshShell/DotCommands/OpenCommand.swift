import SQLshCore
import SQLshCatalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshFiles

/// `.open ?OPTIONS? ?FILE?`: closes the database and opens FILE (an in-memory database
/// without one); the function catalog is registered on the new connection.
struct OpenCommand: DotCommand {
    static let name = "open"
    static let usage = ".open ?OPTIONS? ?FILE?"
    static let summary = "Close existing database and reopen FILE"
    static let details = """
         Options:
            --append        Use appendvfs to append database to the end of FILE
            --deserialize   Load into memory using sqlite3_deserialize()
            --hexdb         Load the output of "dbtotxt" as an in-memory db
            --maxsize N     Maximum size for --hexdb or --deserialized database
            --new           Initialize FILE to an empty database
            --nofollow      Do not follow symbolic links
            --readonly      Open FILE readonly
            --zip           FILE is a ZIP archive
    """
    static let sqlshDetails = """
         sqlsh also:
            A FILE named \(FileTablesSubsystem.listedExtensions(prefix: "*.", conjunction: "or")) (or *.gz)
            that is not an SQLite database opens as the one table of an
            in-memory database, named after the file (data for data.csv)
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var file: String?
        var new = false, readOnly = false, deserialize = false, noFollow = false, hexdb = false
        var zip = false, append = false
        var maxSize: Int64 = 0
        var i = 1
        while i < arguments.count {
            let z = arguments[i]
            if ShellValues.isOption(z, "new") {
                new = true
            } else if ShellValues.isOption(z, "readonly") {
                readOnly = true
            } else if ShellValues.isOption(z, "nofollow") {
                noFollow = true
            } else if ShellValues.isOption(z, "deserialize") {
                deserialize = true
            } else if ShellValues.isOption(z, "zip") {
                zip = true
            } else if ShellValues.isOption(z, "append") {
                append = true
            } else if ShellValues.isOption(z, "hexdb") {
                hexdb = true
            } else if ShellValues.isOption(z, "maxsize") && i + 1 < arguments.count {
                i += 1
                maxSize = DotCommandArguments.integerValue(arguments[i])
            } else if z.hasPrefix("-") {
                throw ShellError("unknown option: \(z)")
            } else if file != nil {
                throw ShellError("extra argument: \"\(z)\"")
            } else {
                file = z
            }
            i += 1
        }
        if let file {
            if new && !shell.isSafeModeActive { unlink(file) }
            if shell.isSafeModeActive && !hexdb && file != ":memory:" {
                try shell.failIfSafeMode("cannot open disk-based database files in safe mode")
            }
        }
        // The old connection is closed first, as in sqlite3 (its file may be the new one).
        shell.close()
        var connection: Connection?
        if hexdb {
            // sqlite3 reads the text at once (from FILE or the input), into a new in-memory
            // database; a bad dump is reported and leaves that database empty.
            // (Loaded before safe mode's authorizer is installed: deserializing attaches.)
            shell.databasePath = file ?? ""
            let connection = try Connection(path: "")
            if let image = try HexDatabase.read(file: file, shell: shell) {
                HexDatabase.deserialize(image, into: connection, maxSize: maxSize, shell: shell)
            }
            do {
                try shell.replaceConnection(with: connection)
            } catch {
                throw ShellError("Error: \(error)")
            }
            return .success
        }
        shell.databasePath = file ?? ""
        // A ZIP archive (--zip, or an existing ZIP file) is the zip table of an in-memory database.
        if let file, zip || (!deserialize && !append && DatabaseFileKind.deduce(path: file, defaultZip: false) == .zip) {
            do {
                try shell.replaceConnection(with: try Connection(path: ":memory:"))
                shell.databaseKind = .zip
                try? shell.connection.execute("CREATE VIRTUAL TABLE zip USING zipfile(\(ArchiveRunner.quoted(file)));")
            } catch {
                throw ShellError("Error: \(error)")
            }
            return .success
        }
        // A CSV, TSV, JSON or NDJSON file is the table of an in-memory database, named after it.
        if let file, !new, !deserialize, !append, !readOnly, DatabaseFileKind.isDataFile(path: file) {
            do {
                try shell.replaceConnection(with: try Connection(path: ":memory:"))
                shell.databaseKind = .dataFile
                try FileTablesSubsystem.createTable(FileTablesSubsystem.tableName(forFile: file), overFile: file, on: shell.connection)
            } catch let error as SQLiteError {
                throw ShellError("Error: unable to open \"\(file)\" as a table: \(error.message)")
            } catch {
                throw ShellError("Error: \(error)")
            }
            return .success
        }
        if let file {
            do {
                let appended = append || (!deserialize && DatabaseFileKind.deduce(path: file, defaultZip: false) == .appendVFS)
                if appended { AppendVFS.register() }
                connection = appended
                    ? try Connection(path: file, flags: readOnly ? [.readOnly, .uri] : .default, vfs: AppendVFS.name)
                    : try open(file, readOnly: readOnly, noFollow: noFollow, deserialize: deserialize, maxSize: maxSize)
            } catch let error as SQLiteError {
                shell.err.write("Error: unable to open database \"\(file)\": \(error.message)\n")
            }
        }
        let replacement = try connection ?? Connection(path: "")
        do {
            try shell.replaceConnection(with: replacement)
        } catch {
            throw ShellError("Error: \(error)")
        }
        return .success
    }

    static func open(_ file: String, readOnly: Bool, noFollow: Bool, deserialize: Bool, maxSize: Int64) throws -> Connection {
        var flags: OpenFlags = readOnly ? [.readOnly, .uri] : .default
        if noFollow { flags.insert(.noFollow) }
        guard deserialize else { return try Connection(path: file, flags: flags) }
        let connection = try Connection(path: "")
        try DeserializedDatabase.load(file: file, into: connection, maxSize: maxSize)
        return connection
    }
}
