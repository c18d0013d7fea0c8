#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Explains why dlopen refused an existing file when the reason is visible in its ELF header:
/// glibc reports a library for another machine as "cannot open shared object file: No such
/// file or directory", which hides the real problem.
enum ELFCheck {
    /// A clearer message for `path`, or nil when the header looks loadable here.
    static func problem(with path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 20) }
        guard count == 20, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            return "not a shared library (no ELF header)"
        }
        let fileClass = header[4] == 2 ? 64 : 32
        // e_machine: 2 bytes at offset 18, in the file's byte order (EI_DATA: 1 little, 2 big).
        let machine = header[5] == 2 ? Int(header[18]) << 8 | Int(header[19]) : Int(header[19]) << 8 | Int(header[18])
        let hostClass = MemoryLayout<Int>.size * 8
        if machine != hostMachine || fileClass != hostClass {
            return "wrong architecture: the library is for \(machineName(machine)) (\(fileClass)-bit), "
                + "sqlsh runs on \(machineName(hostMachine)) (\(hostClass)-bit)"
        }
        return nil
    }

    /// Why an ELF file must not reach dlopen, or nil when its headers fit in the file: glibc
    /// maps the segments the program headers name, and touching a page past the end of a
    /// truncated (half-written, half-copied) library kills the process with SIGBUS inside
    /// dlopen. A file that is not ELF is left to dlopen, which refuses it safely.
    static func truncation(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = UInt64(info.st_size)
        var header = [UInt8](repeating: 0, count: 64)
        let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 64, 0) }
        guard count >= 16, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else { return nil }
        let is64 = header[4] == 2, bigEndian = header[5] == 2
        let headerSize = is64 ? 64 : 52
        func tooShort(_ needed: UInt64) -> String {
            "truncated shared library: the file has \(size) bytes, its headers describe \(needed); not loaded"
        }
        guard count >= headerSize else { return tooShort(UInt64(headerSize)) }
        /// An unsigned field of `width` bytes at `offset` of `bytes`, in the file's byte order.
        func field(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<width {
                let byte = UInt64(bytes[offset + (bigEndian ? i : width - 1 - i)])
                value = value << 8 | byte
            }
            return value
        }
        let programOffset = is64 ? field(header, 32, 8) : field(header, 28, 4)
        let sectionOffset = is64 ? field(header, 40, 8) : field(header, 32, 4)
        let programEntrySize = field(header, is64 ? 54 : 42, 2), programCount = field(header, is64 ? 56 : 44, 2)
        let sectionEntrySize = field(header, is64 ? 58 : 46, 2), sectionCount = field(header, is64 ? 60 : 48, 2)
        // Each value is below 2^64 and the products below 2^32: sums are checked for overflow.
        func end(_ offset: UInt64, _ length: UInt64) -> UInt64 {
            let (sum, overflow) = offset.addingReportingOverflow(length)
            return overflow ? .max : sum
        }
        let programEnd = end(programOffset, programEntrySize * programCount)
        if programEnd > size { return tooShort(programEnd) }
        if sectionOffset != 0 {
            let sectionEnd = end(sectionOffset, sectionEntrySize * sectionCount)
            if sectionEnd > size { return tooShort(sectionEnd) }
        }
        guard programEntrySize >= (is64 ? 56 : 32), programCount > 0 else { return nil }
        var table = [UInt8](repeating: 0, count: Int(programEntrySize * programCount))
        let read = table.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(programOffset)) }
        guard read == table.count else { return tooShort(programEnd) }
        // Every segment's bytes in the file (p_offset + p_filesz) must be there.
        for index in 0..<Int(programCount) {
            let base = index * Int(programEntrySize)
            let offset = is64 ? field(table, base + 8, 8) : field(table, base + 4, 4)
            let fileSize = is64 ? field(table, base + 32, 8) : field(table, base + 16, 4)
            let segmentEnd = end(offset, fileSize)
            if segmentEnd > size { return tooShort(segmentEnd) }
        }
        return nil
    }

    private static var hostMachine: Int {
        #if arch(x86_64)
        return 62
        #elseif arch(arm64)
        return 183
        #elseif arch(i386)
        return 3
        #elseif arch(arm)
        return 40
        #elseif arch(powerpc64le) || arch(powerpc64)
        return 21
        #elseif arch(s390x)
        return 22
        #else
        return -1
        #endif
    }

    private static func machineName(_ machine: Int) -> String {
        switch machine {
        case 3: return "i386"
        case 8: return "MIPS"
        case 20: return "PowerPC"
        case 21: return "PowerPC64"
        case 22: return "s390"
        case 40: return "ARM"
        case 62: return "x86-64"
        case 183: return "AArch64"
        case 243: return "RISC-V"
        default: return "ELF machine \(machine)"
        }
    }
}
