/// `.archive` (`.ar`): create, list, extract, update, insert into and remove from an SQLite
/// Archive (the `sqlar` table) or a ZIP archive, as sqlite3 3.40.1. See ``ArchiveOptions``
/// for the arguments and ``ArchiveRunner`` for what each command does.
struct ArchiveCommand: DotCommand {
    static let name = "archive"
    static let usage = ".archive ..."
    static let summary = "Manage SQL archives"
    static let details = """
           Each command must have exactly one of the following options:
             -c, --create               Create a new archive
             -u, --update               Add or update files with changed mtime
             -i, --insert               Like -u but always add even if unchanged
             -r, --remove               Remove files from archive
             -t, --list                 List contents of archive
             -x, --extract              Extract files from archive
           Optional arguments:
             -v, --verbose              Print each filename as it is processed
             -f FILE, --file FILE       Use archive FILE (default is current db)
             -a FILE, --append FILE     Open FILE using the apndvfs VFS
             -C DIR, --directory DIR    Read/extract files from directory DIR
             -g, --glob                 Use glob matching for names in archive
             -n, --dryrun               Show the SQL that would have occurred
           Examples:
             .ar -cf ARCHIVE foo bar  # Create ARCHIVE from files foo and bar
             .ar -tf ARCHIVE          # List members of ARCHIVE
             .ar -xvf ARCHIVE         # Verbosely extract files from ARCHIVE
           See also:
              http://sqlite.org/cli.html#sqlite_archive_support
        """
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let rc = run(arguments, fromCommandLine: false, shell: shell)
        if rc == 0 { return .success }
        shell.commandFailureStatus = rc
        return .failure
    }

    /// Runs `.archive` with `arguments` (`arguments[0]` is the command as typed, or `-A`);
    /// returns sqlite3's result code (0 when it worked).
    static func run(_ arguments: [String], fromCommandLine: Bool, shell: Shell) -> Int32 {
        guard let options = try? ArchiveOptions.parse(arguments, fromCommandLine: fromCommandLine, err: shell.err) else {
            return 1
        }
        return ArchiveRunner(shell: shell, options: options).run()
    }
}

extension Shell {
    /// The command-line `-A ARGS...`: runs `.archive` with `arguments` (`arguments[0]` is
    /// `-A`); a missing database file named `*.zip` becomes a new ZIP archive.
    /// - Returns: sqlite3's result code of the command (0 when it worked).
    public func runArchiveCommandLine(_ arguments: [String]) -> Int32 {
        deducesZipByDefault = true
        return ArchiveCommand.run(arguments, fromCommandLine: true, shell: self)
    }
}
