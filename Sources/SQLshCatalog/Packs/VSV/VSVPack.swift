import SQLshCore

/// The `vsv` pack: sqlean's virtual table over delimited files.
enum VSVPack {
    static let pack = FunctionPack(
        name: "vsv",
        summary: "the vsv virtual table: a delimited file or inline data as a table, as sqlean's vsv",
        functions: [vsv])

    static let vsv = CatalogFunction(
        name: "vsv", kind: .tableValued, arity: "any",
        arguments: "filename=|data=, header, columns=, schema=, skip=, fsep=, rsep=, dsep=, affinity=, nulls, validatetext",
        flags: [.directOnly],
        summary: "a delimited file as a read-only table (CREATE VIRTUAL TABLE t USING vsv(...))",
        details: """
            CREATE VIRTUAL TABLE t USING vsv(filename='FILE') (or data='TEXT') makes a read-only \
            table of a delimited file, read again from the start, one record at a time, by each \
            query (a file of any size in constant memory). Parameters, as sqlean's: header (the \
            first record names the columns), columns=N, schema='CREATE TABLE x(...)', skip=N \
            (records after the header), fsep, rsep and dsep (field, record and decimal \
            separators: one character, \\t \\n \\v \\f or \\xHH), affinity=none|blob|text|integer|real|numeric, \
            nulls (an unquoted empty field is NULL), validatetext. Booleans take \
            yes/no/on/off/true/false/1/0 or stand alone. Fields are RFC 4180: quoted fields \
            keep separators and double their quotes; CR LF files are read as LF. A short record \
            gives NULL for its missing columns. Errors are sqlean's: bad parameter: '...', more \
            than one '...' parameter, cannot open '...' for reading. Unlike sqlean, schema= \
            without columns= counts the first record instead of failing, and text keeps bytes \
            after a NUL. Direct-only; refused in -safe mode.
            """,
        example: "CREATE VIRTUAL TABLE temp.t USING vsv(data='a,b;1,2', header, rsep=';', affinity=integer); SELECT a + b FROM t;  -- 3",
        register: { try $0.addVirtualTableModule("vsv", VSVModule.self) },
        unregister: { try $0.removeTableValuedFunction(named: "vsv") })
}
