import Glibc
import SQLshCore
import SQLshShell

// Minimal entry point: `sqlsh [FILENAME [SQL...]]`. The full option parser replaces this.
var arguments = Array(CommandLine.arguments.dropFirst())
let path = arguments.isEmpty ? ":memory:" : arguments.removeFirst()
do {
    let connection = try Connection(path: path)
    let shell = try Shell(connection: connection)
    let outcome: CommandOutcome
    if arguments.isEmpty {
        outcome = shell.process(FileLineSource(fileDescriptor: 0))
    } else {
        outcome = shell.process(StringLineSource(arguments.joined(separator: "\n")))
    }
    shell.out.flush()
    switch outcome {
    case .success: exit(0)
    case .failure: exit(1)
    case .exit(let code): exit(code)
    }
} catch {
    let err = OutputWriter(fileDescriptor: 2)
    err.write("Error: \(error)\n")
    err.flush()
    exit(1)
}
