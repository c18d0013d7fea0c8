import CPCRE2
import SQLshCore

/// The per-connection state of one regexp function: the match context with its limits and
/// JIT stack, the last compiled pattern (for patterns that are not constant, where SQLite
/// keeps no auxiliary data) and a reusable output buffer.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class RegexEngine: @unchecked Sendable {
    /// The most backtracking steps one match may take before failing with an error.
    static let matchLimit: UInt32 = 10_000_000
    /// The deepest backtracking nesting (interpreter) before failing with an error.
    static let depthLimit: UInt32 = 1_000_000

    private let context: OpaquePointer
    /// PCRE2's JIT stack (up to 4 MiB of address space), made on the first match rather than
    /// when the function is registered: every connection registers every regexp function at
    /// start-up, and most sessions never match.
    private var jitStack: OpaquePointer?
    private var jitStackTried = false
    private var lastPattern: CompiledPattern?
    var output: [UInt8] = []
    /// A text that is not valid UTF-8, as SQLite's regexp reads it (reused from row to row).
    var decodedSubject: [UInt8] = []

    init() {
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, RegexEngine.matchLimit)
        pcre2_set_depth_limit_8(context, RegexEngine.depthLimit)
    }

    /// The match context: the limits above, and the JIT stack.
    var matchContext: OpaquePointer {
        if _slowPath(!jitStackTried) {
            jitStackTried = true  // without one, PCRE2 uses its small default stack
            jitStack = pcre2_jit_stack_create_8(32 * 1024, 4 * 1024 * 1024, nil)
            if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }
        }
        return context
    }

    deinit {
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_context_free_8(context)
    }

    /// Runs `body` with the compiled pattern of argument `index`: the one cached for a
    /// constant pattern (``Arguments/withCachedObject(for:_:_:)``, SQLite's auxiliary data, lent
    /// without reference counting), else the last pattern if it is the same, else a fresh
    /// compilation, which is then cached. Returns nil without calling `body` when the pattern
    /// is NULL.
    /// With `likePatternLimit`, a pattern is first checked as SQLite's compiler would
    /// (``SQLitePatternLimits``), for REGEXP and regexpi.
    func withPattern<R>(_ arguments: Arguments, _ index: Int32, options: UInt32, function: StaticString,
                        likePatternLimit: Int? = nil,
                        _ body: (CompiledPattern) throws -> R) throws -> R? {
        try arguments.withCachedObject(for: Int(index), {
            try compile(arguments[Int(index)], options: options, function: function, likePatternLimit: likePatternLimit)
        }, body)
    }

    /// The compiled pattern of a pattern argument, nil for NULL.
    private func compile(_ value: Argument, options: UInt32, function: StaticString,
                         likePatternLimit: Int?) throws -> CompiledPattern? {
        if value.isNull { return nil }
        let bytes = value.textBytes
        // Checked before the last pattern is reused: the limit may have changed since.
        if let likePatternLimit, let refusal = SQLitePatternLimits.refusal(bytes, likePatternLimit: likePatternLimit) {
            throw RegexpError(refusal)
        }
        if let last = lastPattern, last.isCompiled(from: bytes, options: options) { return last }
        let compiled = try CompiledPattern(bytes, options: options, function: "\(function)")
        lastPattern = compiled
        return compiled
    }
}

/// Checks that a subject is valid UTF-8 (PCRE2 in UTF mode must not see anything else).
/// - Returns: whether it is plain ASCII (the automaton of simple patterns can take it).
/// - Throws: ``RegexpError`` naming the offset of the first invalid byte.
@discardableResult
func checkSubject(_ subject: UnsafeBufferPointer<UInt8>, function: StaticString) throws -> Bool {
    if UTF8Bytes.isASCII(subject) { return true }
    if let offset = UTF8Bytes.firstInvalidOffset(subject) {
        throw RegexpError("\(function): the text is not valid UTF-8 (byte \(offset))")
    }
    return false
}
