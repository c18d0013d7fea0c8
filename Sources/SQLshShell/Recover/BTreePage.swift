/// One b-tree page read from a ``DatabaseFile`` (file format §1.6 "B-tree Pages"), with every
/// offset checked: a page whose header makes no sense is not a `BTreePage` at all, and a cell
/// whose pointer, varints or payload run off the page is reported as damaged rather than read.
struct BTreePage {
    enum Kind: UInt8 {
        case indexInterior = 2, tableInterior = 5, indexLeaf = 10, tableLeaf = 13

        var isLeaf: Bool { self == .indexLeaf || self == .tableLeaf }
        /// Table b-trees (rowid keys) as opposed to index b-trees (record keys, also used by
        /// WITHOUT ROWID tables).
        var isTable: Bool { self == .tableInterior || self == .tableLeaf }
    }

    /// One cell's contents.
    struct Cell {
        /// The rowid of a table cell.
        var rowid: Int64?
        /// The left child page of an interior cell.
        var leftChild: Int?
        /// The payload (a record), as much of it as could be read.
        var payload: [UInt8] = []
        /// Whether the whole payload was read; false when its overflow chain broke off.
        var isComplete = true
    }

    let number: Int
    let kind: Kind
    /// Absolute offsets (in the file's bytes) of the cells, in cell-pointer order, each checked
    /// to lie inside the page's usable area.
    let cellOffsets: [Int]
    /// Cell pointers that pointed outside the usable area (damage).
    let badCellPointers: Int
    /// The right-most child of an interior page.
    let rightChild: Int?
    private let pageEnd: Int

    /// Parses the header and cell-pointer array of page `number`, or returns nil when the page
    /// does not start like a b-tree page (a zeroed page, an overflow or freelist page).
    init?(_ file: DatabaseFile, number: Int) {
        guard let start = file.pageStart(number) else { return nil }
        let header = start + (number == 1 ? 100 : 0)
        guard let kind = Kind(rawValue: file.bytes[header]) else { return nil }
        let usableEnd = start + file.usableSize
        let headerSize = kind.isLeaf ? 8 : 12
        let cellCount = file.u16(header + 3)
        let pointerArray = header + headerSize
        // A cell count whose pointer array does not fit is damage: read the pointers that fit.
        let fitting = min(cellCount, max(0, (usableEnd - pointerArray) / 2))
        if cellCount > 0 && fitting == 0 { return nil }
        self.number = number
        self.kind = kind
        self.pageEnd = usableEnd
        rightChild = kind.isLeaf ? nil : file.u32(header + 8)
        var offsets: [Int] = []
        offsets.reserveCapacity(fitting)
        var bad = cellCount - fitting
        // The smallest cell is 2 bytes (a leaf index cell), 4 bytes for interior ones.
        let minimumCell = kind.isLeaf ? 2 : 5
        for i in 0..<fitting {
            let offset = start + file.u16(pointerArray + 2 * i)
            if offset >= pointerArray + 2 * fitting && offset + minimumCell <= usableEnd {
                offsets.append(offset)
            } else {
                bad += 1
            }
        }
        cellOffsets = offsets
        badCellPointers = bad
    }

    /// The child pages of an interior page: each cell's left child, then the right child, in
    /// key order. Page numbers are not checked here.
    func children(_ file: DatabaseFile) -> [Int] {
        guard !kind.isLeaf else { return [] }
        var children = cellOffsets.map { file.u32($0) }
        if let rightChild { children.append(rightChild) }
        return children
    }

    /// Reads cell `index`, following its overflow chain; nil when the cell cannot be parsed
    /// (a varint cut short, a payload size larger than the file). Pages of the chain are
    /// added to `overflowPages`.
    func cell(_ index: Int, _ file: DatabaseFile, overflowPages: inout Set<Int>) -> Cell? {
        var p = cellOffsets[index]
        var cell = Cell()
        if !kind.isLeaf {
            cell.leftChild = file.u32(p)
            p += 4
        }
        if kind == .tableInterior {
            guard let key = Varint.read(file.bytes, at: p, end: pageEnd) else { return nil }
            cell.rowid = key.value
            return cell
        }
        guard let size = Varint.read(file.bytes, at: p, end: pageEnd) else { return nil }
        p += size.length
        if kind == .tableLeaf {
            guard let key = Varint.read(file.bytes, at: p, end: pageEnd) else { return nil }
            cell.rowid = key.value
            p += key.length
        }
        // A payload cannot be larger than the whole file.
        guard size.value >= 0 && size.value <= Int64(file.bytes.count) else { return nil }
        let payloadSize = Int(size.value)
        let local = Self.localSize(payloadSize, kind: kind, usableSize: file.usableSize)
        guard p + local <= pageEnd else { return nil }
        // A damaged size may claim most of the file: reserve no more than is likely read.
        cell.payload.reserveCapacity(min(payloadSize, local + (1 << 16)))
        cell.payload.append(contentsOf: file.bytes[p..<p + local])
        guard local < payloadSize else { return cell }
        guard p + local + 4 <= pageEnd else { cell.isComplete = false; return cell }
        // The overflow chain: each page starts with the next page's number, then content.
        var next = file.u32(p + local)
        var seen: Set<Int> = []
        while cell.payload.count < payloadSize {
            guard let start = file.pageStart(next), next != 1, seen.insert(next).inserted else {
                cell.isComplete = false
                break
            }
            overflowPages.insert(next)
            let take = min(payloadSize - cell.payload.count, file.usableSize - 4)
            cell.payload.append(contentsOf: file.bytes[start + 4..<start + 4 + take])
            next = file.u32(start)
        }
        return cell
    }

    /// How much of a payload of `size` bytes is stored on the b-tree page itself (file format
    /// §1.6: X, M and K), the rest going to overflow pages.
    static func localSize(_ size: Int, kind: Kind, usableSize u: Int) -> Int {
        let maxLocal = kind == .tableLeaf ? u - 35 : (u - 12) * 64 / 255 - 23
        guard size > maxLocal else { return size }
        let minLocal = (u - 12) * 32 / 255 - 23
        let k = minLocal + (size - minLocal) % (u - 4)
        return k <= maxLocal ? k : minLocal
    }
}
