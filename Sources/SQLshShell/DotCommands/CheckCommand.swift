#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.check GLOB`: ends the `.testcase` output and compares `testcase-out.txt` with GLOB by
/// sqlite3's `testcase_glob` rules (`*`, `?`, `[...]`, `#` for an optionally signed number,
/// any run of spaces for any other, trailing white space ignored). A mismatch is an error;
/// a missing argument or file stops the input, as in sqlite3.
struct CheckCommand: DotCommand {
    static let name = "check"
    static let usage = ".check GLOB"
    static let summary = "Fail if output since .testcase does not match"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        shell.resetOutput()
        guard arguments.count == 2 else {
            shell.err.write("Usage: .check GLOB-PATTERN\n")
            return .exit(0)
        }
        // sqlite3's readFile gives nothing for an empty file too.
        guard var result = WholeFile.read("testcase-out.txt"), !result.isEmpty else {
            shell.err.write("Error: cannot read 'testcase-out.txt'\n")
            return .exit(0)
        }
        if let nul = result.firstIndex(of: 0) { result.removeSubrange(nul...) }
        var pattern = arguments[1].rawBytes
        if let nul = pattern.firstIndex(of: 0) { pattern.removeSubrange(nul...) }
        if !testcaseGlob(pattern[...], result[...]) {
            shell.err.write("testcase-\(shell.testcaseName) FAILED\n Expected: [")
            shell.err.write(pattern)
            shell.err.write("]\n      Got: [")
            shell.err.write(result)
            shell.err.write("]\n")
            return .failure
        }
        shell.standardOutput.write("testcase-\(shell.testcaseName) ok\n")
        return .success
    }

    /// sqlite3's `testcase_glob`.
    static func testcaseGlob(_ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var g = glob.startIndex, z = text.startIndex
        func at(_ s: ArraySlice<UInt8>, _ i: Int) -> UInt8 { i < s.endIndex ? s[i] : 0 }
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        while true {
            var c = at(glob, g)
            guard c != 0 else { break }
            g += 1
            if isSpace(c) {
                if !isSpace(at(text, z)) { return false }
                while isSpace(at(glob, g)) { g += 1 }
                while isSpace(at(text, z)) { z += 1 }
            } else if c == UInt8(ascii: "*") {
                while true {
                    c = at(glob, g); g += 1
                    guard c == UInt8(ascii: "*") || c == UInt8(ascii: "?") else { break }
                    if c == UInt8(ascii: "?") {
                        let t = at(text, z); z += 1
                        if t == 0 { return false }
                    }
                }
                if c == 0 { return true }
                if c == UInt8(ascii: "[") {
                    while at(text, z) != 0 && !testcaseGlob(glob[(g - 1)...], text[z...]) { z += 1 }
                    return at(text, z) != 0
                }
                while true {
                    var c2 = at(text, z); z += 1
                    guard c2 != 0 else { break }
                    while c2 != c {
                        c2 = at(text, z); z += 1
                        if c2 == 0 { return false }
                    }
                    if testcaseGlob(glob[min(g, glob.endIndex)...], text[min(z, text.endIndex)...]) { return true }
                }
                return false
            } else if c == UInt8(ascii: "?") {
                let t = at(text, z); z += 1
                if t == 0 { return false }
            } else if c == UInt8(ascii: "[") {
                var priorC: UInt8 = 0
                var seen = false, invert = false
                let t = at(text, z); z += 1
                if t == 0 { return false }
                var c2 = at(glob, g); g += 1
                if c2 == UInt8(ascii: "^") { invert = true; c2 = at(glob, g); g += 1 }
                if c2 == UInt8(ascii: "]") {
                    if t == UInt8(ascii: "]") { seen = true }
                    c2 = at(glob, g); g += 1
                }
                while c2 != 0 && c2 != UInt8(ascii: "]") {
                    if c2 == UInt8(ascii: "-") && at(glob, g) != UInt8(ascii: "]") && at(glob, g) != 0 && priorC > 0 {
                        c2 = at(glob, g); g += 1
                        if t >= priorC && t <= c2 { seen = true }
                        priorC = 0
                    } else {
                        if t == c2 { seen = true }
                        priorC = c2
                    }
                    c2 = at(glob, g); g += 1
                }
                if c2 == 0 || seen == invert { return false }
            } else if c == UInt8(ascii: "#") {
                if (at(text, z) == UInt8(ascii: "-") || at(text, z) == UInt8(ascii: "+")) && isDigit(at(text, z + 1)) { z += 1 }
                if !isDigit(at(text, z)) { return false }
                z += 1
                while isDigit(at(text, z)) { z += 1 }
            } else {
                let t = at(text, z); z += 1
                if c != t { return false }
            }
        }
        while isSpace(at(text, z)) { z += 1 }
        return at(text, z) == 0
    }
}
