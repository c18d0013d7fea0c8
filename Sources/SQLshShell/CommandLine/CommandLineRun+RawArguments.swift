#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CommandLineRun {
    /// The program's arguments' bytes as it received them (`arguments` holds them decoded,
    /// invalid UTF-8 replaced), for SQL, which need not be UTF-8.
    public static func rawArguments(_ arguments: [String]) -> [[UInt8]] {
        guard Int(CommandLine.argc) == arguments.count else { return arguments.map { Array($0.utf8) } }
        return (0..<arguments.count).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return Array(arguments[index].utf8) }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(pointer)))
        }
    }
}
