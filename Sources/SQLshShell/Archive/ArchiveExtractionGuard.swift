#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// Keeps `.archive -x` inside its target folder (the current folder, or `-C DIR`): sqlite3
/// 3.40.1 writes wherever a member's name, or a symbolic link on its way, points.
///
/// A member is refused, with a message on stderr naming it, when
/// - its name is absolute (`/tmp/x`);
/// - its name has a `..` component, or holds `../` or `..\` anywhere (what sqlite3's own
///   `name NOT GLOB '*..[/\]*'` skips, silently);
/// - a folder on its path in the target folder is a symbolic link, whether the archive made
///   it (a link member, then `link/evil`) or it was there before;
/// - it is not itself a link, and its own path is a symbolic link (writing it would write
///   the file the link points to).
///
/// The check runs in the extraction query (``sqlFunction``), for each member just before
/// `writefile` writes it, so links the same extraction made are seen. The rest of the archive
/// is extracted; ``refusedCount`` lets the command fail at the end.
final class ArchiveExtractionGuard: @unchecked Sendable {
    /// `@unchecked Sendable`: used only inside the command's own statement, on the shell's
    /// thread.
    private let err: OutputWriter
    /// The names already reported (a directory member is checked again by the second pass).
    private var reported = Set<[UInt8]>()

    /// How many members were refused.
    var refusedCount: Int { reported.count }

    init(err: OutputWriter) {
        self.err = err
    }

    /// `sqlsh_archive_member_ok(DIR, NAME, MODE)`: 1 when the member NAME (with MODE) may be
    /// written under DIR (`""` or a folder ending in `/`), else 0 after reporting it.
    var sqlFunction: SQLFunction {
        SQLFunction("sqlsh_archive_member_ok", argumentCount: 3, writingResult: { [self] arguments, result in
            let directory = Self.cText(arguments[0].textBytes)
            let name = Self.cText(arguments[1].textBytes)
            let reason = Self.refusal(directory: directory, name: name, mode: UInt32(truncatingIfNeeded: arguments[2].int64))
            if let reason {
                if reported.insert(name).inserted {
                    err.write(name)
                    err.write(": not extracted: " + reason + "\n")
                }
                result.set(Int64(0))
            } else {
                result.set(Int64(1))
            }
        })
    }

    /// A text argument up to its first NUL, as the C functions see it.
    private static func cText(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        Array(bytes.prefix { $0 != 0 })
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
    private static let backslash = UInt8(ascii: "\\")

    /// Why a member may not be written, or nil when it may.
    static func refusal(directory: [UInt8], name: [UInt8], mode: UInt32) -> String? {
        if name.first == slash { return "an absolute name" }
        let components = name.split(separator: slash, omittingEmptySubsequences: true)
        if components.contains(where: { $0.elementsEqual([dot, dot]) }) || containsUpLevel(name) {
            return "a \"..\" in the name leads out of the folder"
        }
        // Each folder on the way, then the member's own path (unless it is a link itself:
        // creating a link writes nothing through one).
        var path = directory
        for (i, component) in components.enumerated() {
            if i > 0 { path.append(slash) }
            path += component
            let isLast = i == components.count - 1
            if isLast && mode & 0o170000 == 0o120000 { break }
            switch kind(of: path) {
            case .missing: return nil  // created by writefile from here on: no link below
            case .symbolicLink:
                return "\"" + String(rawBytes: name[name.startIndex..<component.endIndex]) + "\" is a symbolic link"
            case .other: continue
            }
        }
        return nil
    }

    /// Whether `name` holds `../` or `..\`, as sqlite3's `*..[/\]*`.
    private static func containsUpLevel(_ name: [UInt8]) -> Bool {
        guard name.count >= 3 else { return false }
        for i in 0...(name.count - 3) where name[i] == dot && name[i + 1] == dot && (name[i + 2] == slash || name[i + 2] == backslash) {
            return true
        }
        return false
    }

    private enum Kind { case missing, symbolicLink, other }

    /// What is at `path` (`lstat`: a link is not followed).
    private static func kind(of path: [UInt8]) -> Kind {
        var info = stat()
        var cString = path.map { CChar(bitPattern: $0) }
        cString.append(0)
        let rc = lstat(cString, &info)
        if rc != 0 { return errno == ENOENT || errno == ENOTDIR ? .missing : .other }
        return info.st_mode & S_IFMT == S_IFLNK ? .symbolicLink : .other
    }
}
