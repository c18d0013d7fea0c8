import Glibc
import SQLshShell

// sqlsh [OPTIONS] [FILENAME [SQL|DOT-COMMAND ...]]: see ShellLauncher.
Shell.installLogHandler()
exit(ShellLauncher(arguments: CommandLine.arguments).run())
