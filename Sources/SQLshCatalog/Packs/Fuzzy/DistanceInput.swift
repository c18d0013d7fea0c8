import SQLshCore

/// The two texts of a distance function as characters, and the buffers its algorithm reuses
/// from row to row (one instance per function per connection).
///
/// sqlean's distances accept ASCII only ("arguments should be ASCII strings"); here they
/// work on characters (Unicode scalars), which gives the same results for ASCII. ASCII texts
/// are read in place as bytes; others are decoded into reused buffers, each byte that is not
/// valid UTF-8 becoming a character of its own.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class DistanceInput: @unchecked Sendable {
    /// The most cells (product of the two lengths in characters) a quadratic distance
    /// computes: about a second of work. A SQL function cannot be interrupted (SQLite checks
    /// for Ctrl-C between rows), so longer inputs are refused rather than left to hang the shell.
    static let maximumCells = 1_000_000_000

    var a: [UInt32] = []
    var b: [UInt32] = []
    var rows: [[Int]] = [[], [], []]
    /// For each byte, the bit mask of its positions in the shorter text (bit-parallel
    /// Levenshtein); all zero between calls.
    var positions: [UInt64] = Array(repeating: 0, count: 256)

    /// The arguments' text, or nil after setting sqlean's error for a NULL argument.
    static func texts(_ arguments: Arguments, _ result: ResultContext)
        -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)? {
        let x = arguments[0], y = arguments[1]
        if x.isNull || y.isNull {
            result.setError("arguments should not be NULL")
            return nil
        }
        return (x.textBytes, y.textBytes)
    }

    /// The most characters one text of a distance function may have. The algorithms keep a
    /// few machine words per character of one or both texts (decoded characters, rows of the
    /// table), so a text near SQLite's 1,000,000,000-byte limit would need gigabytes: refused
    /// with an error rather than left to fail an allocation, which stops the program.
    static let maximumLength = 10_000_000

    /// Refuses inputs whose product of lengths exceeds ``maximumCells`` (quadratic algorithms
    /// only) or one of which is longer than ``maximumLength``, counted in bytes first, which
    /// needs no decoding, then in characters. A linear algorithm on two ASCII texts reads them
    /// in place and takes any length.
    static func checkSize(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>, function: String,
                          quadratic: Bool = true) throws {
        if x.count > maximumLength || y.count > maximumLength {
            let longer = Swift.max(UTF8Bytes.characterCount(x), UTF8Bytes.characterCount(y))
            if longer > maximumLength && (quadratic || !UTF8Bytes.isASCII(x) || !UTF8Bytes.isASCII(y)) {
                throw TextError("\(function): the texts are too long to compare (one has \(longer) characters, more than \(maximumLength))")
            }
        }
        guard quadratic else { return }
        let bytes = x.count.multipliedReportingOverflow(by: y.count)
        if !bytes.overflow, bytes.partialValue <= maximumCells { return }
        let chars = UTF8Bytes.characterCount(x).multipliedReportingOverflow(by: UTF8Bytes.characterCount(y))
        if chars.overflow || chars.partialValue > maximumCells {
            throw TextError("\(function): the texts are too long to compare (the product of their lengths exceeds \(maximumCells) characters)")
        }
    }

    /// Calls `body` with both texts as ASCII bytes in place, or both decoded into scalars.
    func withUnits<R>(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>,
                      ascii: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws -> R,
                      unicode: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        if UTF8Bytes.isASCII(x), UTF8Bytes.isASCII(y) { return try ascii(x, y) }
        ScalarDecoding.decode(x, into: &a)
        ScalarDecoding.decode(y, into: &b)
        return try a.withUnsafeBufferPointer { ua in try b.withUnsafeBufferPointer { ub in try unicode(ua, ub) } }
    }

    /// Row `index` resized to `count` cells (contents unspecified), reusing its storage.
    func row(_ index: Int, count: Int) -> [Int] {
        var row = rows[index]
        rows[index] = []
        if row.count != count {
            row.removeAll(keepingCapacity: true)
            row.append(contentsOf: repeatElement(0, count: count))
        }
        return row
    }

    /// Gives a row's storage back for the next call.
    func keep(_ row: [Int], at index: Int) { rows[index] = row }
}

/// A fuzzy entry and its short sqlean alias share one implementation, made per connection.
func fuzzyEntry(_ name: String, arity: String, arguments: String, summary: String, details: String, example: String,
                make: @escaping @Sendable (String) -> [SQLFunction]) -> CatalogFunction {
    CatalogFunction(arguments: arguments,
                    summary: summary, details: details, example: example, functions: { make(name) })
}

/// A two-text distance function: NULL check, size check, then the algorithm on characters.
func distanceFunction(_ name: String, quadratic: Bool = true,
                      _ compute: @escaping @Sendable (DistanceInput, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>,
                                            ResultContext) throws -> Void) -> [SQLFunction] {
    let input = DistanceInput()
    return [SQLFunction(name, argumentCount: 2, options: .pure) { arguments, result in
        guard let (x, y) = DistanceInput.texts(arguments, result) else { return }
        try DistanceInput.checkSize(x, y, function: name, quadratic: quadratic)
        try compute(input, x, y, result)
    }]
}
