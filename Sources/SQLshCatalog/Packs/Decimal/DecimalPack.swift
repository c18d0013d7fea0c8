import SQLshCore

/// The `decimal` pack: arbitrary-precision decimal arithmetic on text, as SQLite 3.53's
/// `ext/misc/decimal.c`, plus the `uint` collation of `ext/misc/uint.c`.
enum DecimalPack {
    static let pack = FunctionPack(
        name: "decimal",
        summary: "exact decimal arithmetic on text, and the decimal and uint collations, as the stock sqlite3 shell",
        functions: [decimal, decimalExp, decimalPow2, decimalAdd, decimalSub, decimalMul, decimalCmp, decimalSum, uint])

    /// Parses an argument: its text form (a real gives its `%!.15g` text), or NULL.
    static func number(_ argument: Argument) -> DecimalNumber {
        if argument.isNull { return .null }
        return DecimalNumber(parsing: UnsafeRawBufferPointer(argument.utf8))
    }

    static func setResult(_ number: inout DecimalNumber, _ result: ResultContext) {
        if number.isNull { return result.setNull() }
        // The text is at most the digits, a sign, a leading "0" and a point.
        guard number.digits.count <= result.lengthLimit - 3 else { return result.setTooBig() }
        let text = number.text()
        text.withUnsafeBufferPointer { result.setText(utf8: $0) }
    }

    static let parsingRules = """
        Numbers are read from text (other values use their text form; a real goes through its \
        15-significant-digit text): leading spaces, an optional sign, digits with an optional \
        point and an exponent (e or E); other characters are skipped, as the stock shell does. \
        NULL gives NULL.
        """

    static let decimal = CatalogFunction(
        name: "decimal", kind: .scalar, arity: "1-2", arguments: "x[, n]", flags: .pure,
        summary: "a number as canonical decimal text; also the decimal collation",
        details: """
            decimal(X) returns X as decimal text without leading zeros or exponent, keeping \
            trailing fractional zeros: decimal('1e3') is 1000, decimal('00.50') is 0.50. As in \
            SQLite 3.53, a real X (or an 8-byte blob, read as a big-endian binary64) gives its \
            exact decimal expansion (decimal(0.1) has 55 fractional digits), another blob \
            gives NULL, an infinity NULL; decimal(X, N) first rounds half up to N significant \
            digits (N < 1: no rounding). Text and integers: \(parsingRules) Registering it \
            also registers the collation decimal, which orders texts by their decimal value: \
            ORDER BY x COLLATE decimal.
            """,
        example: "SELECT decimal('1.5e2'), decimal(1.25, 2);  -- '150'|'1.30'",
        register: { connection in
            for function in decimalFunctions() { try connection.add(function) }
            try connection.addCollation("decimal") { a, b in
                let x = DecimalNumber(parsing: a), y = DecimalNumber(parsing: b)
                let order = DecimalNumber.compare(x, y)
                return order < 0 ? -1 : order > 0 ? 1 : 0
            }
        },
        unregister: { connection in
            try connection.removeFunction(named: "decimal", argumentCount: 1)
            try connection.removeFunction(named: "decimal", argumentCount: 2)
            try connection.removeCollation(named: "decimal")
        })
    // Its functions alone, for the deferred registration at start-up (the collation is
    // registered when a statement first needs it, with the entry).
    .withFunctions { decimalFunctions() }

    /// decimal_new of 3.53 with bTextOnly false: a real or an 8-byte blob is expanded exactly,
    /// another blob is NULL; nil when there is no value to give (NULL result).
    static func expandedNumber(_ argument: Argument) -> DecimalNumber? {
        switch argument.storageType {
        case .null:
            return nil
        case .real:
            return DecimalNumber(exactly: argument.double)
        case .blob:
            let bytes = argument.blobBytes
            guard bytes.count == 8 else { return nil }
            return DecimalNumber(exactly: Double(bitPattern: IEEE754Pack.bigEndian(bytes)))
        default:
            return number(argument)
        }
    }

    /// decimal(X[, N]) and decimal_exp(X[, N]).
    static func decimalFunctions(exponential: Bool = false) -> [SQLFunction] {
        let name = exponential ? "decimal_exp" : "decimal"
        return [1, 2].map { count in
            SQLFunction(name, argumentCount: count, options: .pure, writingResult: { arguments, result in
                guard var n = expandedNumber(arguments[0]) else { return result.setNull() }
                guard n.digits.count <= result.lengthLimit - 3 else { return result.setTooBig() }
                let digits = count == 2 ? Int(arguments[1].int32) : 0
                if digits > 0 { n.round(significantDigits: digits) }
                if exponential {
                    n.scientificText(keeping: digits).withUnsafeBufferPointer { result.setText(utf8: $0) }
                } else {
                    setResult(&n, result)
                }
            })
        }
    }

    static let decimalExp = CatalogFunction(
        arguments: "x[, n]",
        summary: "a number as exact exponential text: +D.DDDe+NN (SQLite 3.53)",
        details: """
            decimal_exp(X) is decimal(X) in exponential notation, a sign always first and \
            trailing zeros dropped: decimal_exp(1200) is '+1.2e+03', zero is '+0.0e+00'. \
            decimal_exp(X, N) rounds half up to N significant digits and keeps N digits. A \
            real or an 8-byte blob is expanded exactly, as decimal does. As SQLite 3.53.
            """,
        example: "SELECT decimal_exp('0.00123'), decimal_exp(2.0/3, 3);  -- '+1.23e-03'|'+6.67e-01'",
        functions: { decimalFunctions(exponential: true) })

    static let decimalPow2 = CatalogFunction(
        arguments: "n",
        summary: "2 to the power N, exactly, in exponential text (SQLite 3.53)",
        details: """
            decimal_pow2(N) is 2^N written as decimal_exp writes: decimal_pow2(10) is \
            '+1.024e+03', decimal_pow2(-1) '+5.0e-01'. N must be an integer (anything else \
            gives NULL) from -20000 to 20000; outside that, SQLite 3.53 fails with "out of \
            memory", and so does this.
            """,
        example: "SELECT decimal_pow2(-3);  -- '+1.25e-01'",
        functions: {
            [SQLFunction("decimal_pow2", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                guard arguments[0].storageType == .integer else { return result.setNull() }
                guard let n = DecimalNumber.powerOfTwo(Int(arguments[0].int32)) else { return result.setNoMemory() }
                n.scientificText(keeping: 0).withUnsafeBufferPointer { result.setText(utf8: $0) }
            })]
        })

    static let decimalAdd = CatalogFunction(
        arguments: "x, y",
        summary: "the exact sum of two decimal numbers",
        details: "decimal_add(X, Y) is X + Y computed exactly on decimal text. \(parsingRules)",
        example: "SELECT decimal_add('0.1', '0.2');  -- '0.3'",
        functions: {
            [SQLFunction("decimal_add", argumentCount: 2, options: .pure, writingResult: { setSum($0, subtracting: false, $1) })]
        })

    static let decimalSub = CatalogFunction(
        arguments: "x, y",
        summary: "the exact difference of two decimal numbers",
        details: "decimal_sub(X, Y) is X - Y computed exactly on decimal text. \(parsingRules)",
        example: "SELECT decimal_sub('1', '0.999');  -- '0.001'",
        functions: {
            [SQLFunction("decimal_sub", argumentCount: 2, options: .pure, writingResult: { setSum($0, subtracting: true, $1) })]
        })

    /// decimal_add and decimal_sub: the exact X + Y, or X - Y (Y with its sign turned).
    private static func setSum(_ arguments: Arguments, subtracting: Bool, _ result: ResultContext) {
        var a = number(arguments[0])
        var b = number(arguments[1])
        if subtracting { b.sign.toggle() }
        a.add(b)
        setResult(&a, result)
    }

    static let decimalMul = CatalogFunction(
        arguments: "x, y",
        summary: "the exact product of two decimal numbers",
        details: """
            decimal_mul(X, Y) is X * Y computed exactly; trailing fractional zeros are dropped \
            down to the shorter fraction of the two inputs. Operands whose digit counts multiply \
            to more than 100,000,000 are refused with an error (the product would take minutes \
            to hours, and a running function cannot be interrupted). \(parsingRules)
            """,
        example: "SELECT decimal_mul('1.25', '1.2');  -- '1.5'",
        functions: {
            [SQLFunction("decimal_mul", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                let a = number(arguments[0]), b = number(arguments[1])
                if a.isNull || b.isNull { return result.setNull() }
                // The product has as many digits as both factors: refused before it is worked out.
                guard a.digits.count + b.digits.count <= result.lengthLimit - 3 else { return result.setTooBig() }
                // Long multiplication takes one step per pair of digits, and a running function
                // cannot be interrupted: past 10^8 steps (about a second) it is refused, where
                // SQLite's decimal_mul would run for hours ('1e999999' squared: 10^12 steps).
                let steps = a.digits.count.multipliedReportingOverflow(by: b.digits.count)
                guard !steps.overflow, steps.partialValue <= DecimalNumber.maximumMultiplySteps else {
                    return result.setError("decimal_mul: operands too long (\(a.digits.count) and \(b.digits.count) digits; "
                                           + "at most \(DecimalNumber.maximumMultiplySteps) digit products)")
                }
                var product = DecimalNumber.multiply(a, b)
                setResult(&product, result)
            })]
        })

    static let decimalCmp = CatalogFunction(
        arguments: "x, y",
        summary: "-1, 0 or 1 as one decimal number is below, equal to or above another",
        details: "decimal_cmp(X, Y) compares X and Y as exact decimal numbers. \(parsingRules)",
        example: "SELECT decimal_cmp('9.9', '10');  -- -1",
        functions: {
            [SQLFunction("decimal_cmp", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                let a = number(arguments[0])
                if a.isNull { return result.setNull() }
                let b = number(arguments[1])
                if b.isNull { return result.setNull() }
                let order = DecimalNumber.compare(a, b)
                result.set(order < 0 ? -1 : order > 0 ? 1 : 0)
            })]
        })

    static let decimalSum = CatalogFunction(
        arguments: "x",
        summary: "the exact sum of decimal numbers (aggregate and window)",
        details: """
            decimal_sum(X) adds the values of X exactly, as decimal text; NULL values are \
            skipped; no rows give NULL, only NULL rows give 0. It also works as a window \
            function (OVER ...). \(parsingRules)
            """,
        example: "SELECT decimal_sum(x) FROM (SELECT '0.1' x UNION ALL SELECT '0.2');  -- '0.3'",
        functions: { [SQLFunction("decimal_sum", argumentCount: 1, options: .pure, aggregate: DecimalSum.self)] })
}

extension DecimalPack {
    static let uint = CatalogFunction(
        name: "uint", kind: .collation, arity: "2",
        summary: "collation ordering digit runs as unsigned integers",
        details: """
            COLLATE uint compares text byte by byte, except that runs of ASCII digits compare \
            as unsigned integers of any length: 'a9' sorts before 'a10' and 'file2' before \
            'file10'. Leading zeros do not count ('a09' and 'a9' tie on the number). As the \
            stock shell's uint collation (ext/misc/uint.c).
            """,
        example: "SELECT group_concat(x) FROM (SELECT x FROM (SELECT 'a10' x UNION ALL SELECT 'a9') ORDER BY x COLLATE uint);  -- 'a9,a10'",
        register: { try $0.addCollation("uint", compare: UIntCollation.compare) },
        unregister: { try $0.removeCollation(named: "uint") })
}

/// `decimal_sum`: the running sum lives in a reference so that reading the window value can
/// normalise it in place (a zero loses its sign), as decimal.c does.
struct DecimalSum: WindowAggregate {
    final class Accumulator {
        var sum = DecimalNumber()
        init() { sum.digits = [0] }
    }
    let accumulator = Accumulator()

    init() {}

    mutating func step(_ arguments: Arguments) throws {
        if arguments[0].isNull { return }
        accumulator.sum.add(DecimalPack.number(arguments[0]))
    }

    mutating func inverse(_ arguments: Arguments) throws {
        if arguments[0].isNull { return }
        var n = DecimalPack.number(arguments[0])
        n.sign.toggle()
        accumulator.sum.add(n)
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        if accumulator.sum.isNull { return nil }
        return String(decoding: accumulator.sum.text(), as: UTF8.self)
    }
}
