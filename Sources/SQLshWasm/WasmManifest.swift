/// The manifest of a WebAssembly plugin: the text its `sqlsh_manifest` export points to,
/// naming the plugin and the SQL functions it provides (the ABI is in `plugins/wasm/ABI.md`).
///
/// ```
/// sqlsh-wasm 2
/// plugin textfun 1.0 : Text functions
/// scalar reverse 1 deterministic innocuous : Reverse the characters of a text
/// example SELECT reverse('abc');  -- cba
/// aggregate total 1 state=8 deterministic : Sum of the integers
/// ```
public struct WasmManifest: Equatable, Sendable {
    /// The newest ABI version: the one the example plugins and `plugins/wasm/sqlsh_wasm.h` use.
    public static let abiVersion = 2
    /// The ABI versions sqlsh loads: 1 (a block allocated and freed by the module around each
    /// call) and 2 (one buffer kept for every call: one invocation a call).
    public static let supportedABIVersions = 1...2

    /// The ABI version the first line declares (one of ``supportedABIVersions``).
    public var abi = WasmManifest.abiVersion
    /// The longest manifest read, in bytes.
    public static let maximumSize = 65_536
    /// The most functions one module may declare.
    public static let maximumFunctions = 1_000
    /// The largest aggregate state, in bytes.
    public static let maximumStateSize = 65_536

    /// The plugin's name (`plugin` line; the file's name when absent).
    public var name: String?
    /// Its version.
    public var version = ""
    /// Its one-line description.
    public var summary = ""
    /// The functions, in order.
    public var functions: [Function] = []

    /// One SQL function the module exports.
    public struct Function: Equatable, Sendable {
        /// Scalar (export `NAME`) or aggregate (exports `NAME_step` and `NAME_final`).
        public enum Kind: Equatable, Sendable { case scalar, aggregate }
        public var kind: Kind
        /// The SQL name, also the export's name (or its prefix).
        public var name: String
        /// 0 to 127, or nil for any number.
        public var argumentCount: Int?
        public var deterministic = false
        public var innocuous = false
        public var directOnly = false
        /// Bytes of per-group state of an aggregate (0 for a scalar).
        public var stateSize = 0
        public var summary = ""
        public var details = ""
        public var example = ""
    }

    /// Parses manifest text.
    /// - Throws: ``WasmPluginError`` naming the line and what is wrong with it.
    public init(parsing text: String) throws {
        var sawHeader = false
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = String(rawLine).trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            func fail(_ why: String) -> WasmPluginError {
                WasmPluginError("manifest line \(lineNumber): \(why)")
            }
            let (head, summary) = trimmed.splitOnce(":")
            let words = head.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = words.first else { throw fail("a line cannot start with ':'") }
            if !sawHeader {
                guard keyword == "sqlsh-wasm", words.count == 2, summary == nil else {
                    throw fail("the manifest must start with 'sqlsh-wasm \(Self.abiVersion)'")
                }
                guard let version = Int(words[1]), Self.supportedABIVersions.contains(version),
                      words[1] == String(version) else {
                    throw fail("ABI version \(words[1]) is not supported (sqlsh loads versions "
                               + "\(Self.supportedABIVersions.lowerBound) to \(Self.supportedABIVersions.upperBound))")
                }
                abi = version
                sawHeader = true
                continue
            }
            switch keyword {
            case "plugin":
                guard name == nil else { throw fail("a second 'plugin' line") }
                guard words.count >= 2, words.count <= 3 else { throw fail("expected 'plugin NAME ?VERSION? : SUMMARY'") }
                guard isPlainIdentifier(words[1]) else { throw fail("invalid plugin name '\(words[1])'") }
                name = words[1]
                version = words.count == 3 ? words[2] : ""
                self.summary = summary ?? ""
            case "scalar", "aggregate":
                functions.append(try Self.function(keyword == "scalar" ? .scalar : .aggregate,
                                                   words: words, summary: summary ?? "", fail: fail))
                guard functions.count <= Self.maximumFunctions else {
                    throw fail("more than \(Self.maximumFunctions) functions")
                }
            case "details", "example":
                guard let index = functions.indices.last else { throw fail("'\(keyword)' before any function") }
                let text = String(trimmed.dropFirst(keyword.count)).trimmingWhitespace
                if keyword == "example" {
                    functions[index].example += (functions[index].example.isEmpty ? "" : "\n") + text
                } else {
                    functions[index].details += (functions[index].details.isEmpty ? "" : "\n") + text
                }
            default:
                throw fail("unknown keyword '\(keyword)' (plugin, scalar, aggregate, details, example)")
            }
        }
        guard sawHeader else { throw WasmPluginError("the manifest is empty (expected 'sqlsh-wasm \(Self.abiVersion)')") }
    }

    private static func function(_ kind: Function.Kind, words: [String], summary: String,
                                 fail: (String) -> WasmPluginError) throws -> Function {
        let keyword = kind == .scalar ? "scalar" : "aggregate"
        guard words.count >= 3 else { throw fail("expected '\(keyword) NAME ARGUMENTS ?FLAGS? : SUMMARY'") }
        let name = words[1]
        guard isPlainIdentifier(name) else { throw fail("invalid function name '\(name)'") }
        var function = Function(kind: kind, name: name, argumentCount: nil)
        switch words[2] {
        case "any", "-1": function.argumentCount = nil
        default:
            guard let count = Int(words[2]), (0...127).contains(count) else {
                throw fail("\(name): invalid argument count '\(words[2])' (0 to 127, or any)")
            }
            function.argumentCount = count
        }
        for flag in words.dropFirst(3) {
            switch flag {
            case "deterministic": function.deterministic = true
            case "innocuous": function.innocuous = true
            case "directonly": function.directOnly = true
            default:
                if kind == .aggregate, flag.hasPrefix("state=") {
                    guard let size = Int(flag.dropFirst(6)), (0...maximumStateSize).contains(size) else {
                        throw fail("\(name): invalid state size '\(flag.dropFirst(6))' (0 to \(maximumStateSize) bytes)")
                    }
                    function.stateSize = size
                } else {
                    throw fail("\(name): unknown flag '\(flag)' (deterministic, innocuous, directonly"
                               + (kind == .aggregate ? ", state=BYTES)" : ")"))
                }
            }
        }
        function.summary = summary
        return function
    }
}

/// Letters, digits and `_`, not starting with a digit, at most 255 bytes: a name SQL needs
/// no quotes for, and a valid export name.
func isPlainIdentifier(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 255 else { return false }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
    return isLetter(first) && bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
}

extension String {
    /// Without leading and trailing spaces, tabs and carriage returns.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    /// The text before the first `separator`, and the trimmed text after it (nil without one).
    func splitOnce(_ separator: Character) -> (String, String?) {
        guard let found = firstIndex(of: separator) else { return (self, nil) }
        return (String(self[..<found]), String(self[self.index(after: found)...]).trimmingWhitespace)
    }
}
