#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name of an entry `readdir` returned, read where it lies.
///
/// `entry.pointee.d_name` would copy the whole 256-byte field, but the C library allocates
/// only as much of a `dirent` as the name needs (`d_reclen`): the copy reads past the end of
/// the record (AddressSanitizer's heap-buffer-overflow, found by the completion fuzz target).
/// This reads the name in place, up to its NUL, as bytes (file names need not be UTF-8).
///
/// ```swift
/// while let entry = readdir(dir) {
///     let name = DirectoryEntryName.bytes(entry)   // [UInt8], without the NUL
/// }
/// ```
public enum DirectoryEntryName {
    /// The entry's name as bytes.
    public static func bytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let name = cString(entry)
        return Array(UnsafeBufferPointer(start: name, count: strlen(name)).lazy.map { UInt8(bitPattern: $0) })
    }

    /// The entry's name as a string (invalid UTF-8 repaired).
    public static func string(_ entry: UnsafeMutablePointer<dirent>) -> String {
        String(decoding: bytes(entry), as: UTF8.self)
    }

    /// The entry's NUL-terminated name, in place (valid until the next `readdir`).
    public static func cString(_ entry: UnsafeMutablePointer<dirent>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
    }

    /// Where `d_name` starts in a `dirent` (19 on Linux x86-64 and arm64).
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
}
