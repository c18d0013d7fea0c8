import Glibc

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
