import SQLshCore

/// The column definitions of a table `.import` creates: sqlite3's `zAutoColumn`, which runs
/// the same SQL on a scratch in-memory database: empty names become `?`, and names repeated
/// (case-insensitively) get a `_N` suffix from their position. The names are bytes, as in
/// sqlite3: a header that is not UTF-8 keeps its bytes (carried through ``RawText``), so
/// that two different invalid names do not become the same U+FFFD name.
struct ImportColumnNames {
    private var names: [[UInt8]] = []

    /// Adds the next column name: the header field's bytes up to a NUL.
    mutating func add(_ name: UnsafeBufferPointer<UInt8>) {
        let end = name.firstIndex(of: 0) ?? name.count
        names.append(Array(name[0..<end]))
    }

    var isEmpty: Bool { names.isEmpty }

    /// The `(\n"a" TEXT, ...)` column list, and the renames made (`"x" to "x_1",\n...`), or
    /// nil when there were no columns.
    func definitions() throws -> (columns: String, renamed: String?)? {
        guard !names.isEmpty else { return nil }
        let db = try Connection(path: ":memory:")
        try db.execute("""
            CREATE TABLE ColNames( cpos INTEGER PRIMARY KEY, name TEXT, nlen INT, chop INT, reps INT, suff TEXT);\
            CREATE VIEW RepeatedNames AS SELECT DISTINCT t.name FROM ColNames t \
            WHERE t.name COLLATE NOCASE IN ( SELECT o.name FROM ColNames o WHERE o.cpos<>t.cpos);
            """)
        let fill = try db.prepare("INSERT INTO ColNames(name,nlen,chop,reps,suff) VALUES(iif(length(?1)>0,?1,'?'),max(length(?1),1),0,0,'')")
        for name in names {
            try name.withUnsafeBufferPointer { try fill.bindText(utf8: $0, at: 1) }
            _ = try fill.step()
            fill.reset()
        }
        let hasDuplicates = try db.scalar("""
            SELECT count(DISTINCT (substring(name,1,nlen-chop)||suff) COLLATE NOCASE) <count(name) FROM ColNames
            """) == .integer(1)
        if hasDuplicates {
            let digits = try db.scalar("""
                SELECT CASE WHEN (nc < 10) THEN 1 WHEN (nc < 100) THEN 2 WHEN (nc < 1000) THEN 3 \
                WHEN (nc < 10000) THEN 4 ELSE 5 END FROM (SELECT count(*) AS nc FROM ColNames)
                """)
            try db.execute("""
                UPDATE ColNames AS t SET reps=(SELECT count(*) FROM ColNames d \
                WHERE substring(t.name,1,t.nlen-t.chop)=substring(d.name,1,d.nlen-d.chop) COLLATE NOCASE)
                """)
            let rename = try db.prepare("""
                WITH Lzn(nlz) AS (  SELECT 0 AS nlz  UNION  SELECT nlz+1 AS nlz FROM Lzn  WHERE EXISTS(   SELECT 1\
                   FROM ColNames t, ColNames o   WHERE    iif(t.name IN (SELECT * FROM RepeatedNames),\
                     printf('%s_%s',      t.name, substring(printf('%.*c%0.*d',nlz+1,'0',$1,t.cpos),2)),     t.name    )\
                    =    iif(o.name IN (SELECT * FROM RepeatedNames),     printf('%s_%s',\
                      o.name, substring(printf('%.*c%0.*d',nlz+1,'0',$1,o.cpos),2)),     o.name    )\
                    COLLATE NOCASE    AND o.cpos<>t.cpos   GROUP BY t.cpos  )) UPDATE Colnames AS t SET chop = 0,\
                 suff = iif(name IN (SELECT * FROM RepeatedNames),  printf('_%s', substring(\
                   printf('%.*c%0.*d',(SELECT max(nlz) FROM Lzn)+1,'0',1,t.cpos),2)),  '' )
                """)
            if case .integer(let n)? = digits { try rename.bind(n, at: 1) }
            _ = try rename.step()
        }
        let spec = try Self.rawText(db, """
            SELECT '('||x'0a' || group_concat(  cname||' TEXT',  ','||iif((cpos-1)%4>0, ' ', x'0a'||' '))\
             ||')' AS ColsSpec FROM ( SELECT cpos, printf('"%w"',printf('%!.*s%s', nlen-chop,name,suff)) AS cname \
             FROM ColNames ORDER BY cpos)
            """)
        guard let columns = spec else { return nil }
        var renamed: String?
        if hasDuplicates, let text = try Self.rawText(db, """
            SELECT group_concat( printf('"%w" to "%w"',name,printf('%!.*s%s', nlen-chop, name, suff)), ','||x'0a')\
            FROM ColNames WHERE suff<>'' OR chop!=0
            """) {
            renamed = text
        }
        return (columns, renamed)
    }

    /// The first column of the first row of `sql` as text keeping its bytes (``RawText``), or
    /// nil for NULL or no row.
    private static func rawText(_ db: Connection, _ sql: String) throws -> String? {
        let statement = try db.prepare(sql)
        guard try statement.step(), let bytes = statement.textBytesOrNil(at: 0) else { return nil }
        return String(rawBytes: bytes)
    }
}
