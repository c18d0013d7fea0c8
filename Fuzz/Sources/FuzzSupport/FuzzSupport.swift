import CFuzzDriver
import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSQLite) import SQLshCore
import SQLshShell

/// Shared set-up of the fuzz targets.
public enum FuzzSupport {
    /// The fuzz input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Virtual machine steps left for the current input (statements stop when it runs out, so
    /// that an endless recursive query ends).
    nonisolated(unsafe) public static var stepsLeft = 0

    /// Makes `connection` harmless for random SQL: no file is attached, read or written, no
    /// library loaded, no editor started; every statement stops after a bounded amount of work
    /// and text stays under 1 MB.
    public static func confine(_ connection: Connection) {
        let db = connection.handle
        sqlite3_set_authorizer(db, { _, op, _, a2, _, _ in
            switch op {
            case SQLITE_ATTACH, SQLITE_DETACH, SQLITE_PRAGMA: return SQLITE_DENY
            case SQLITE_FUNCTION:
                guard let a2 else { return SQLITE_OK }
                let name = String(cString: a2).lowercased()
                return ["readfile", "writefile", "load_extension", "edit", "fsdir", "lsmode"].contains(name) ? SQLITE_DENY : SQLITE_OK
            default: return SQLITE_OK
            }
        }, nil)
        sqlite3_progress_handler(db, 1000, { _ in
            FuzzSupport.stepsLeft -= 1
            return FuzzSupport.stepsLeft < 0 ? 1 : 0
        }, nil)
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1_000_000)
    }
}

/// An input laid out as the option-fuzzing targets read it: a control byte, an options
/// text up to the first NUL byte, then a content part.
public struct OptionsInput {
    public let control: UInt8
    public let options: [UInt8]
    public let part: [UInt8]

    /// Splits an input; nil for an empty one.
    public init?(_ bytes: [UInt8]) {
        guard let control = bytes.first else { return nil }
        let rest = bytes.dropFirst()
        let nul = rest.firstIndex(of: 0) ?? rest.endIndex
        self.control = control
        options = Array(rest[..<nul])
        part = Array(rest[nul...].dropFirst())
    }

    /// The content part repeated `times` times, fewer when that would pass `limit` bytes
    /// (once at least).
    public func content(repeated times: Int, limit: Int) -> [UInt8] {
        guard !part.isEmpty else { return [] }
        let count = min(times, max(1, limit / part.count))
        var content: [UInt8] = []
        content.reserveCapacity(part.count * count)
        for _ in 0..<count { content += part }
        return content
    }
}

/// The signature of `LLVMFuzzerTestOneInput`.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

extension FuzzSupport {
    /// Runs libFuzzer's driver on `target`. SwiftPM links an executable with its `main` renamed
    /// to `<module>_main`, which each target defines and sends here, since the `main` of
    /// libFuzzer is then not the one used.
    public static func runDriver(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ target: FuzzTarget) -> Int32 {
        var count = argc
        var arguments = argv
        return withUnsafeMutablePointer(to: &arguments) { argumentsPointer in
            LLVMFuzzerRunDriver(&count, argumentsPointer, target)
        }
    }
}
