#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshShell

// sqlsh [OPTIONS] [FILENAME [SQL|DOT-COMMAND ...]]: see ShellLauncher.
Shell.installLogHandler()
Shell.configureLibrary()
exit(ShellLauncher(arguments: CommandLine.arguments).run())
