import Glibc

// sqlsh [OPTIONS] [FILENAME [SQL|DOT-COMMAND ...]]: see ShellLauncher.
exit(ShellLauncher(arguments: CommandLine.arguments).run())
