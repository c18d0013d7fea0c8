import CPCRE2

/// A PCRE2 pattern compiled (and JIT-compiled when the platform allows) with its match data,
/// reused for every row that uses the same constant pattern.
final class CompiledPattern {
    let code: OpaquePointer
    let matchData: OpaquePointer
    let ovector: UnsafeMutablePointer<Int>
    let isJIT: Bool
    /// The number of capturing groups.
    let captureCount: Int
    /// The pattern's bytes and compile options, to recognise it again.
    let source: [UInt8]
    let options: UInt32
    /// Whether texts must be lowered (ASCII letters) before PCRE2 matches them: SQLite's
    /// regexpi, compiled in lower case.
    let foldsASCIIOnly: Bool
    /// What PCRE2 compiled: the source with SQLite's `\uXXXX` escapes translated
    /// (``SQLiteDialect/translatingEscapes(_:)``).
    let compiledSource: [UInt8]

    /// Compiles `pattern` with UTF and Unicode properties, after translating SQLite's
    /// `\uXXXX` escapes (an error offset is one in the translated pattern).
    /// - Throws: ``RegexpError`` with PCRE2's message and the offset of the error.
    init(_ pattern: UnsafeBufferPointer<UInt8>, options: UInt32, function: String) throws {
        var errorCode: Int32 = 0
        var errorOffset = 0
        var empty: UInt8 = 0
        // SQLite's dialect (``SQLiteDialect/options``) has ASCII classes: no PCRE2_UCP.
        let sqlite = options & PCRE2_NEVER_UCP != 0
        var translated = SQLiteDialect.translatingEscapes(pattern) ?? Array(pattern)
        if sqlite, let counted = translated.withUnsafeBufferPointer({ SQLiteDialect.translatingOpenCounts($0) }) {
            translated = counted
        }
        // SQLite's regexpi folds ASCII letters only; PCRE2 (before 10.43) folds all of Unicode
        // in UTF mode. So its pattern is compiled in lower case, without PCRE2_CASELESS, and
        // texts are matched lowered (``foldsASCIIOnly``; the ASCII automaton folds by itself).
        let foldsASCIIOnly = sqlite && options & PCRE2_CASELESS != 0
        if foldsASCIIOnly { translated = SQLiteDialect.lowercasingLiterals(translated) }
        var flags = sqlite ? options | PCRE2_UTF : options | PCRE2_UTF | PCRE2_UCP
        if foldsASCIIOnly { flags &= ~PCRE2_CASELESS }
        self.foldsASCIIOnly = foldsASCIIOnly
        let compiled = translated.withUnsafeBufferPointer { pattern in
            withUnsafePointer(to: &empty) { emptyPointer in
                pcre2_compile_8(pattern.baseAddress ?? emptyPointer, pattern.count, flags, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw RegexpError("\(function): \(pcre2Message(errorCode)) at offset \(errorOffset) of the pattern")
        }
        guard let matchData = pcre2_match_data_create_from_pattern_8(compiled, nil) else {
            pcre2_code_free_8(compiled)
            throw RegexpError("\(function): out of memory")
        }
        self.code = compiled
        self.matchData = matchData
        self.ovector = pcre2_get_ovector_pointer_8(matchData)
        // A pattern starting with (*NO_JIT) compiles "successfully" without JIT code, and
        // pcre2_jit_match would then fail: only a pattern that has JIT code takes that path.
        var jitSize = 0
        self.isJIT = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
            && pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_JITSIZE), &jitSize) == 0 && jitSize > 0
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        self.captureCount = Int(count)
        self.source = Array(pattern)
        self.compiledSource = translated
        self.options = options
    }

    private var dfa: AsciiDFA?
    private var dfaBuilt = false

    /// The automaton for yes-or-no matching of ASCII texts (nil when the pattern is outside its
    /// subset), built the first time a matching function asks for it.
    var asciiDFA: AsciiDFA? {
        get {
            if dfaBuilt { return dfa }
            dfaBuilt = true
            if options & ~(PCRE2_CASELESS | SQLiteDialect.options) == 0 {
                let sqlite = options & SQLiteDialect.options != 0
                dfa = compiledSource.withUnsafeBufferPointer {
                    AsciiDFA(pattern: $0, caseless: options & PCRE2_CASELESS != 0, dotMatchesLF: sqlite, dollarAtEndOnly: sqlite)
                }
            }
            return dfa
        }
    }

    deinit {
        dfa?.deallocate()
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    /// Whether this is the compiled form of `pattern` with `options`.
    func isCompiled(from pattern: UnsafeBufferPointer<UInt8>, options: UInt32) -> Bool {
        options == self.options && source.elementsEqual(pattern)
    }

    /// Looks for a match in `subject` (already checked to be valid UTF-8) from byte `start`.
    /// On success the match is at `ovector[0]..<ovector[1]`, group `n` at
    /// `ovector[2n]..<ovector[2n+1]` (`PCRE2_UNSET` when the group did not take part).
    /// - Throws: ``RegexpError`` when the match or depth limit is hit, or on other PCRE2 errors.
    func match(_ subject: UnsafePointer<UInt8>, length: Int, from start: Int, context: OpaquePointer,
               function: StaticString) throws -> Bool {
        let rc = isJIT
            ? pcre2_jit_match_8(code, subject, length, start, 0, matchData, context)
            : pcre2_match_8(code, subject, length, start, PCRE2_NO_UTF_CHECK, matchData, context)
        if rc >= 0 { return true }
        if rc == PCRE2_ERROR_NOMATCH { return false }
        throw RegexpError(matchFailure: rc, function: function)
    }
}

/// A regular-expression error, reported as the statement's error message.
struct RegexpError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }

    init(matchFailure rc: Int32, function: StaticString) {
        switch rc {
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            description = "\(function): \(pcre2Message(rc)): the pattern backtracks too much on this text"
        default:
            description = "\(function): \(pcre2Message(rc))"
        }
    }
}

/// PCRE2's text for an error code.
func pcre2Message(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
        let length = pcre2_get_error_message_8(code, buffer.baseAddress, buffer.count)
        guard length > 0 else { return "error \(code)" }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<Int(length)]), as: UTF8.self)
    }
}
