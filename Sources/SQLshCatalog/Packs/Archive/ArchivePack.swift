import SQLshCore

/// The `archive` pack: SQLite Archive compression (`sqlar_compress`, `sqlar_uncompress`, as
/// ext/misc/sqlar.c) and ZIP archives (the `zipfile` module and aggregate, as
/// ext/misc/zipfile.c), the functions behind the shell's `.archive` command.
enum ArchivePack {
    static let pack = FunctionPack(
        name: "archive",
        summary: "SQLite Archive and ZIP files: sqlar_compress, sqlar_uncompress, the zipfile table and aggregate",
        functions: [sqlarCompress, sqlarUncompress, zipfile])

    static let sqlarCompress = CatalogFunction(
        arguments: "data",
        summary: "a blob zlib-compressed when that makes it shorter, as an SQLite Archive stores it",
        details: """
            sqlar_compress(X) compresses a blob X with zlib (a zlib stream, as compress() \
            writes it) and returns the compressed blob when it is shorter than X, else X \
            itself. Any other value (text, numbers, NULL) is returned unchanged. The sqlar \
            table of an SQLite Archive stores data this way, with the original size in its sz \
            column.
            """,
        example: "SELECT length(sqlar_compress(zeroblob(1000)));  -- 17",
        functions: {
            [SQLFunction("sqlar_compress", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                SqlarFunctions.compress(arguments, result)
            })]
        })

    static let sqlarUncompress = CatalogFunction(
        arguments: "data, size",
        summary: "the original bytes of sqlar_compress's result, given their size",
        details: """
            sqlar_uncompress(X, SZ) inflates X (a zlib stream) into at most SZ bytes and \
            returns them as a blob. X is returned unchanged when SZ (taken as a 32-bit \
            integer) is zero or negative, or equals the size of X in bytes: that is how an \
            SQLite Archive marks data stored uncompressed. Data that is not a valid zlib \
            stream, or inflates to more than SZ bytes, is the error "error in uncompress()". \
            An SZ above the length limit is "string or blob too big".
            """,
        example: "SELECT sqlar_uncompress(sqlar_compress(CAST('aaaaaaaaaaaaaaaaaaaa' AS BLOB)), 20) = CAST('aaaaaaaaaaaaaaaaaaaa' AS BLOB);  -- 1",
        functions: {
            [SQLFunction("sqlar_uncompress", argumentCount: 2, options: .innocuous, writingResult: { arguments, result in
                SqlarFunctions.uncompress(arguments, result)
            })]
        })

    static let zipfile = CatalogFunction(
        name: "zipfile", kind: .tableValued, arity: "1", arguments: "file",
        flags: [.directOnly],
        summary: "ZIP archives: read one as a table, write one through a table, build one with the aggregate",
        details: """
            SELECT * FROM zipfile(F) reads the ZIP archive in file F (or in F itself when F is \
            a blob), one row per member, with the columns name, mode (st_mode: see lsmode), \
            mtime (seconds since 1970, from the extended timestamp field or the DOS time), sz \
            (uncompressed size), rawdata (the stored bytes), data (the uncompressed bytes; NULL \
            for a directory or an unknown method) and method (0 stored, 8 deflate). \
            CREATE VIRTUAL TABLE temp.t USING zipfile('F') makes a table that INSERT, UPDATE \
            and DELETE change, as SQLite's zipfile: an INSERT gives name, mode (NULL, an \
            integer or an ls-style string such as '-rw-r--r--'), mtime (NULL is now), data \
            (NULL makes a directory, whose name gets a final '/') and method (NULL deflates \
            when that is shorter); sz and rawdata must be NULL. Duplicate names are refused \
            ("duplicate name"), or follow INSERT OR IGNORE/REPLACE. An UPDATE writes the member \
            again from its data (deflated anew, or stored if method is set to 0). As in SQLite, each member \
            written is appended to the file at once and the end of the transaction appends a \
            new directory: a rollback or a failed statement keeps the rows already written. \
            zipfile_cds(z) on a zipfile table gives the row's directory fields as JSON. The aggregate \
            zipfile(NAME, DATA), zipfile(NAME, MODE, MTIME, DATA[, METHOD]) returns an archive \
            as a blob; there a directory's name ends in exactly one '/', and a file's name may \
            not end in '/' ("non-directory name must not end with /"). Errors: "cannot open file: F", "cannot find end of central directory \
            record", "inflate() failed (N)", "zipfile: mode does not match data", \
            "zipfile: parse error in mode: M", "unknown compression method: N". Zip64 archives \
            are not read (as in SQLite's zipfile). Direct-only; refused in -safe mode.
            """,
        example: "SELECT name, sz FROM zipfile((SELECT zipfile('a.txt', 'hello')));  -- 'a.txt'|5",
        register: {
            try $0.addWritableVirtualTableModule("zipfile", ZipfileModule.self)
            try $0.declareOverloadableFunction("zipfile_cds")
            // Made at its first call: making an aggregate checks its type's conformances, a
            // scan of the program's conformance records that would cost every start-up.
            try $0.add(DeferredFunction("zipfile", argumentCount: nil, kind: .aggregate, options: .directOnly) {
                SQLFunction("zipfile", argumentCount: nil, options: .directOnly, aggregate: ZipfileAggregate.self)
            })
        },
        unregister: {
            try $0.removeTableValuedFunction(named: "zipfile")
            try $0.removeFunction(named: "zipfile_cds", argumentCount: nil)
            try $0.remove(SQLFunction("zipfile", argumentCount: nil, options: .directOnly, aggregate: ZipfileAggregate.self))
        })
}
