#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a database file, cut into pages, and what its 100-byte header says (file format
/// §1.3 "The database header"). Nothing in the file is trusted: a header that does not make
/// sense is replaced by guesses, and the page count comes from the file's length, not from the
/// header, so a truncated file simply has fewer pages (the last partial one padded with zeros).
struct DatabaseFile {
    /// How text is stored in the file (header offset 56).
    enum TextEncoding: Equatable {
        case utf8, utf16le, utf16be

        /// The value `PRAGMA encoding` reports.
        var pragmaName: String {
            switch self {
            case .utf8: return "UTF-8"
            case .utf16le: return "UTF-16le"
            case .utf16be: return "UTF-16be"
            }
        }
    }

    /// Whole pages: the file's bytes, padded with zeros to a multiple of the page size.
    let bytes: [UInt8]
    /// Bytes per page, 512 to 65536.
    let pageSize: Int
    /// The page size less the reserved bytes at the end of each page (header offset 20).
    let usableSize: Int
    /// Pages in the file (the last one possibly padded).
    let pageCount: Int
    let encoding: TextEncoding
    /// The first freelist trunk page (offset 32), 0 when none.
    let firstFreelistTrunk: Int
    /// `PRAGMA auto_vacuum`: 0 none, 1 full, 2 incremental (offsets 52 and 64).
    let autoVacuum: Int
    /// `PRAGMA user_version` (offset 60).
    let userVersion: Int32
    /// `PRAGMA application_id` (offset 68).
    let applicationID: Int32
    /// Whether the page size had to be guessed because the header's was not valid.
    let pageSizeWasGuessed: Bool

    /// Takes a database image. An empty image is a database with no pages.
    init(image: [UInt8]) {
        let headerPageSize = image.count >= 18 ? Self.validPageSize(Int(image[16]) << 8 | Int(image[17])) : nil
        let size = headerPageSize ?? Self.guessPageSize(image)
        pageSize = size
        pageSizeWasGuessed = headerPageSize == nil && !image.isEmpty
        let reserved = image.count > 20 ? Int(image[20]) : 0
        // The usable size must be at least 480 bytes; a reserved count that leaves less is noise.
        usableSize = size - reserved >= 480 ? size - reserved : size
        let (whole, partial) = image.count.quotientAndRemainder(dividingBy: size)
        pageCount = whole + (partial > 0 ? 1 : 0)
        var padded = image
        if partial > 0 { padded.append(contentsOf: repeatElement(0, count: size - partial)) }
        bytes = padded
        func u32(_ offset: Int) -> UInt32 {
            guard offset + 4 <= image.count else { return 0 }
            return UInt32(image[offset]) << 24 | UInt32(image[offset + 1]) << 16 | UInt32(image[offset + 2]) << 8 | UInt32(image[offset + 3])
        }
        switch u32(56) {
        case 2: encoding = .utf16le
        case 3: encoding = .utf16be
        default: encoding = .utf8
        }
        firstFreelistTrunk = Int(u32(32))
        autoVacuum = u32(52) == 0 ? 0 : (u32(64) == 0 ? 1 : 2)
        userVersion = Int32(bitPattern: u32(60))
        applicationID = Int32(bitPattern: u32(68))
    }

    /// The byte offset of page `number` in ``bytes``, or nil when there is no such page.
    func pageStart(_ number: Int) -> Int? {
        guard number >= 1 && number <= pageCount else { return nil }
        return (number - 1) * pageSize
    }

    /// The big-endian 16-bit number at `offset` (the caller checks the bounds).
    func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }

    /// The big-endian 32-bit number at `offset` (the caller checks the bounds).
    func u32(_ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// Whether a page holds no b-tree data by construction: a pointer-map page of an
    /// auto-vacuum database (page 2 and every `usableSize/5 + 1` pages after it), or the page
    /// holding the lock bytes at offset 1 GiB.
    func isStructural(_ number: Int) -> Bool {
        if number == 1_073_741_824 / pageSize + 1 { return true }
        guard autoVacuum != 0, number >= 2 else { return false }
        let stride = usableSize / 5 + 1
        return (number - 2) % stride == 0
    }

    /// A power of two from 512 to 65536 (the header stores 65536 as 1), else nil.
    static func validPageSize(_ raw: Int) -> Int? {
        let size = raw == 1 ? 65536 : raw
        guard size >= 512 && size <= 65536 && size & (size - 1) == 0 else { return nil }
        return size
    }

    /// The page size of a file whose header is gone: the smallest size under which most pages
    /// start like b-tree pages (a valid type byte and a cell-pointer array that fits). Every
    /// multiple of the true size sees true page starts too, so the smallest size that does
    /// nearly as well as the best one wins; half the true size lands mid-page half the time.
    static func guessPageSize(_ image: [UInt8]) -> Int {
        var shares: [(size: Int, share: Int)] = []
        var size = 512
        while size <= 65536 {
            var score = 0, pages = 0
            var offset = size  // page 1 is the damaged one; look at the others
            while offset + 12 <= image.count {
                pages += 1
                let type = image[offset]
                if type == 2 || type == 5 || type == 10 || type == 13 {
                    let cells = Int(image[offset + 3]) << 8 | Int(image[offset + 4])
                    let header = type == 2 || type == 5 ? 12 : 8
                    if header + 2 * cells <= size { score += 1 }
                }
                offset += size
            }
            if pages > 0 { shares.append((size, score * 1000 / pages)) }
            size <<= 1
        }
        let best = shares.map(\.share).max() ?? 0
        guard best > 0 else { return 4096 }
        return shares.first { $0.share * 4 >= best * 3 }?.size ?? 4096
    }
}
