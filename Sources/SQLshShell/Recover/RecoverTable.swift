import SQLshCore

/// How the records of one recovered table map onto its columns, learnt by creating the table
/// in a scratch database and asking SQLite (`PRAGMA table_xinfo`, `PRAGMA index_xinfo`), so
/// that SQLite's own parser reads the CREATE statement: which field of a record holds which
/// column (WITHOUT ROWID tables store the primary key first), which columns are generated
/// (never written), and whether an INTEGER PRIMARY KEY column stands for the rowid.
struct RecoverTable {
    struct Column {
        let name: String
        /// The record field holding the column, nil for a VIRTUAL generated column.
        var field: Int?
        /// Whether an INSERT can write the column (not a generated column).
        let isWritable: Bool
        /// Whether the column is the rowid (an INTEGER PRIMARY KEY of a rowid table).
        var isRowid = false
    }

    /// The table's name as SQLite knows it.
    let name: String
    /// Its root page in the damaged file.
    let root: Int
    var columns: [Column] = []
    /// Whether rows live in a table b-tree (keyed by rowid), as opposed to WITHOUT ROWID.
    var hasRowid = true
    /// Whether the rowid is written as `_rowid_` (a rowid table without INTEGER PRIMARY KEY).
    var writesRowid = false

    /// Reads the layout of table `name`, just created in `scratch`.
    init(name: String, root: Int, scratch: Connection) throws {
        self.name = name
        self.root = root
        let info = try scratch.prepare("PRAGMA table_xinfo(" + SQLQuoting.literal(name) + ")")
        var field = 0
        var rowidColumn = -1
        while try info.step() {
            let pk = info.int64(at: 5)
            let type = info.string(at: 2) ?? ""
            let hidden = info.int64(at: 6)
            let isVirtual = hidden == 2, isStored = hidden == 3
            if rowidColumn == -1 && pk == 1 && type.lowercased() == "integer" { rowidColumn = columns.count }
            if pk > 1 { rowidColumn = -2 }
            columns.append(Column(name: info.string(at: 1) ?? "", field: isVirtual ? nil : field,
                                  isWritable: !isVirtual && !isStored))
            if !isVirtual { field += 1 }
        }
        let key = try scratch.prepare("PRAGMA index_xinfo(" + SQLQuoting.literal(name) + ")")
        while try key.step() {
            hasRowid = false
            rowidColumn = -2
            let seqno = Int(clamping: key.int64(at: 0)), cid = Int(clamping: key.int64(at: 1))
            if cid >= 0 && cid < columns.count { columns[cid].field = seqno }
        }
        if rowidColumn >= 0 {
            columns[rowidColumn].isRowid = true
        } else if hasRowid {
            writesRowid = true
        }
    }
}
