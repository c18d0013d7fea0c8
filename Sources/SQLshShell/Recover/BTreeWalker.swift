/// Walks the b-trees of a ``DatabaseFile`` and keeps the books `.recover` needs: which pages
/// belong to a tree (or to the freelist, or hold overflow content), and how much damage was
/// met on the way. Every page is visited at most once per tree, so a cycle of child pointers
/// ends; a pointer to a missing page, a page that is not a b-tree page, or a page of the wrong
/// kind (an index page inside a table) is skipped and counted.
final class BTreeWalker {
    /// One cell of a tree, with its record decoded.
    struct Row {
        let page: Int
        let cell: Int
        let rowid: Int64?
        let values: [RecordValue]
    }

    let file: DatabaseFile
    /// Pages claimed by a tree, an overflow chain or (when so asked) the freelist.
    private(set) var used: [Bool]
    /// Pages a tree pointed to that could not be read as b-tree pages of its kind.
    private(set) var unreadablePages: Set<Int> = []
    /// Cells that could not be read, or only in part.
    private(set) var damagedCells = 0
    private var overflow: Set<Int> = []
    /// Asked before each page; once it says yes, walks end at once (Ctrl-C).
    var shouldStop: (() -> Bool)?
    /// Whether ``shouldStop`` said yes.
    private(set) var isStopped = false

    /// Whether to stop now (asking ``shouldStop``).
    func stopRequested() -> Bool {
        if !isStopped, let shouldStop, shouldStop() { isStopped = true }
        return isStopped
    }

    init(_ file: DatabaseFile) {
        self.file = file
        used = Array(repeating: false, count: file.pageCount + 1)
    }

    /// Whether page `number` is claimed.
    func isUsed(_ number: Int) -> Bool { number >= 1 && number < used.count && used[number] }

    /// Claims a page (the freelist's, when `.recover --ignore-freelist` leaves them out).
    func claim(_ number: Int) {
        if number >= 1 && number < used.count { used[number] = true }
    }

    /// Visits the rows of the tree rooted at `root`, breadth first (so leaves come in key
    /// order): the cells of table leaves with their rowids, and the cells of index pages
    /// (interior ones too, which hold records in index b-trees). `table` says which kind of
    /// tree to expect; nil takes the root page's kind. With `readRows` false the pages are
    /// only claimed (the trees of indexes, whose rows `.recover` does not need).
    func walk(root: Int, table: Bool?, readRows: Bool = true, _ visit: (Row) -> Void) {
        var queue = [root]
        var seen: Set<Int> = []
        var expectTable = table
        var head = 0
        while head < queue.count && !stopRequested() {
            let number = queue[head]
            head += 1
            guard seen.insert(number).inserted else { continue }
            guard let page = BTreePage(file, number: number),
                  expectTable == nil || page.kind.isTable == expectTable!,
                  !file.isStructural(number) else {
                unreadablePages.insert(number)
                continue
            }
            claim(number)
            expectTable = page.kind.isTable
            damagedCells += page.badCellPointers
            for child in page.children(file) { queue.append(child) }
            if readRows && page.kind != .tableInterior { rows(of: page, visit) }
        }
    }

    /// Visits the rows stored on one page (for pages no tree claims).
    func rows(of page: BTreePage, _ visit: (Row) -> Void) {
        for i in page.cellOffsets.indices {
            guard let cell = page.cell(i, file, overflowPages: &overflow) else {
                damagedCells += 1
                continue
            }
            let (values, complete) = Record.decode(cell.payload, encoding: file.encoding)
            if !cell.isComplete || !complete { damagedCells += 1 }
            visit(Row(page: page.number, cell: i, rowid: page.kind == .tableLeaf ? cell.rowid : nil, values: values))
        }
        for number in overflow { claim(number) }
        overflow.removeAll(keepingCapacity: true)
    }

    /// The pages of the freelist (trunks and leaves) reached from the header, following the
    /// trunk chain until it ends, loops or leaves the file.
    func freelistPages() -> [Int] {
        var pages: [Int] = []
        var seen: Set<Int> = []
        var trunk = file.firstFreelistTrunk
        let maxLeaves = file.usableSize / 4 - 2
        while let start = file.pageStart(trunk), trunk != 1, seen.insert(trunk).inserted {
            pages.append(trunk)
            let leaves = min(file.u32(start + 4), maxLeaves)
            for i in 0..<leaves {
                let leaf = file.u32(start + 8 + 4 * i)
                if leaf > 1 && leaf <= file.pageCount { pages.append(leaf) }
            }
            trunk = file.u32(start)
        }
        return pages
    }
}
