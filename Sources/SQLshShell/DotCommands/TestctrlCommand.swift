import SQLshCore

/// `.testctrl CMD ...`: runs `sqlite3_test_control()` operations, with sqlite3 3.40.1's names
/// (any unique prefix, with or without leading dashes), output and messages. Controls that
/// need a debug build of SQLite (`tune`) or that 3.40.1's shell does not wire up
/// (`extra_schema_checks`) print their usage line, as the stock shell does. In safe mode the
/// controls that can break the library (`always`, `assert`, `imposter`, `never_corrupt`,
/// `tune`) stop the shell.
struct TestctrlCommand: DotCommand {
    static let name = "testctrl"
    static let usage = ".testctrl CMD ..."
    static let summary = "Run various sqlite3_test_control() operations"
    static let details = "                           Run \".testctrl\" with no arguments for details"

    private static let controls: [(name: String, code: TestControl, unsafe: Bool, usage: String)] = [
        ("always", .always, true, "BOOLEAN"),
        ("assert", .assert, true, "BOOLEAN"),
        ("byteorder", .byteOrder, false, ""),
        ("extra_schema_checks", .extraSchemaChecks, false, "BOOLEAN"),
        ("imposter", .imposter, true, "SCHEMA ON/OFF ROOTPAGE"),
        ("internal_functions", .internalFunctions, false, ""),
        ("localtime_fault", .localtimeFault, false, "BOOLEAN"),
        ("never_corrupt", .neverCorrupt, true, "BOOLEAN"),
        ("optimizations", .optimizations, false, "DISABLE-MASK"),
        ("pending_byte", .pendingByte, false, "OFFSET  "),
        ("prng_restore", .prngRestore, false, ""),
        ("prng_save", .prngSave, false, ""),
        ("prng_seed", .prngSeed, false, "SEED ?db?"),
        ("seek_count", .seekCount, false, ""),
        ("sorter_mmap", .sorterMmap, false, "NMAX"),
        ("tune", .tune, true, "ID VALUE"),
    ]

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        var command = arguments.count >= 2 ? arguments[1] : "help"
        if command.count > 1 && command.hasPrefix("-") {
            command.removeFirst()
            if command.count > 1 && command.hasPrefix("-") { command.removeFirst() }
        }
        if command == "help" {
            shell.out.write("Available test-controls:\n")
            for control in controls { shell.out.write("  .testctrl \(control.name) \(control.usage)\n") }
            return .success
        }
        let matches = controls.filter { $0.name.hasPrefix(command) }
        guard let control = matches.first else {
            shell.err.write("Error: unknown test-control: \(command)\nUse \".testctrl --help\" for help\n")
            return .success
        }
        guard matches.count == 1 else {
            shell.err.write("Error: ambiguous test-control: \"\(command)\"\nUse \".testctrl --help\" for help\n")
            return .failure
        }
        if control.unsafe {
            try shell.failIfSafeMode("\".testctrl \(control.name)\" may not be used in safe mode")
        }
        let count = arguments.count
        func integer(_ i: Int) -> Int64 { DotCommandArguments.integerValue(arguments[i]) }
        /// Whether the result is printed; nil: wrong arguments (the usage line is printed).
        var printsResult: Bool?
        var result: Int32 = 0
        switch control.code {
        case .optimizations where count == 3:
            let mask = Int32(truncatingIfNeeded: parseCInteger(arguments[2]))
            result = control.code.run(on: db, mask)
            printsResult = false
        case .prngSave where count == 2, .prngRestore where count == 2:
            result = control.code.run()
            printsResult = false
        case .byteOrder where count == 2:
            result = control.code.run()
            printsResult = true
        case .pendingByte where count == 3:
            result = control.code.run(Int32(truncatingIfNeeded: integer(2)))
            printsResult = false
        case .prngSeed where count == 3 || count == 4:
            var seed = Int32(truncatingIfNeeded: integer(2))
            if seed == 0 && arguments[2] == "random" {
                seed = SQLiteLibrary.random(Int32.self)
                shell.out.write("-- random seed: \(seed)\n")
            }
            var target: Connection?
            if count == 4 {
                target = db
                // Loads the schema first, as the stock shell does.
                _ = db.tableExists("x")
            }
            result = control.code.run(seed, on: target)
            printsResult = false
        case .assert where count == 3, .always where count == 3:
            result = control.code.run(Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(arguments[2], shell: shell)))
            printsResult = true
        case .localtimeFault where count == 3, .neverCorrupt where count == 3:
            result = control.code.run(Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(arguments[2], shell: shell)))
            printsResult = false
        case .internalFunctions:
            result = control.code.run(on: db)
            printsResult = false
        case .imposter where count == 5:
            result = db.setImposter(integer(3) != 0, schema: arguments[2], rootPage: Int32(truncatingIfNeeded: integer(4)))
            printsResult = false
        case .seekCount:
            var seeks: UInt64 = 0
            result = control.code.run(on: db, reading: &seeks)
            shell.out.write("\(seeks)\n")
            printsResult = false
        case .sorterMmap where count == 3:
            result = control.code.run(on: db, Int32(truncatingIfNeeded: integer(2)))
            printsResult = false
        default:
            printsResult = nil
        }
        guard let printsResult else {
            shell.out.write("Usage: .testctrl \(command) \(control.usage)\n")
            return .failure
        }
        if printsResult { shell.out.write("\(result)\n") }
        return .success
    }

    /// `strtol(text, 0, 0)`: decimal, `0x` hexadecimal or leading-`0` octal, with a sign;
    /// stops at the first character that does not fit; clamps to the 64-bit range.
    private static func parseCInteger(_ text: String) -> Int64 {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, first == 32 || (first >= 9 && first <= 13) { bytes = bytes.dropFirst() }
        var negative = false
        if let sign = bytes.first, sign == 43 || sign == 45 {
            negative = sign == 45
            bytes = bytes.dropFirst()
        }
        var radix: UInt64 = 10
        if bytes.starts(with: [48, 120]) || bytes.starts(with: [48, 88]) {
            radix = 16
            bytes = bytes.dropFirst(2)
        } else if bytes.first == 48 {
            radix = 8
        }
        var value: UInt64 = 0
        for byte in bytes {
            let digit: UInt64
            switch byte {
            case 48...57: digit = UInt64(byte - 48)
            case 97...102: digit = UInt64(byte - 87)
            case 65...70: digit = UInt64(byte - 55)
            default: digit = 99
            }
            guard digit < radix else { break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { value = UInt64(Int64.max); break }
            value = sum
        }
        let magnitude = Int64(clamping: value)
        return negative ? -magnitude : magnitude
    }
}
