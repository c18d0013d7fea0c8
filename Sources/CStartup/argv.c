// The command line for Swift's CommandLine, taken from glibc's ELF constructor arguments.
//
// The Swift runtime finds argv on Linux with a constructor of its own (CommandLine.cpp's
// ArgvGrabber) that reads and parses /proc/self/maps at every start: 0.2 M instructions and
// three system calls, a tenth of sqlsh's start-up. glibc calls every ELF constructor with
// (argc, argv, envp); this one keeps them, and defining the runtime's accessor here keeps the
// linker from taking the runtime's own (CommandLine.cpp's object, which holds nothing else the
// program uses) from the static Swift library. Linked into the sqlsh executable only; where the
// runtime is a shared library (debug builds, tests), its own accessor is used and this one is
// never called.
#include "CStartup.h"

static int startup_argc;
static char **startup_argv;
static char *startup_no_arguments[] = { 0 };

__attribute__((constructor, used))
static void sqlsh_capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    startup_argc = argc;
    startup_argv = argv;
}

// The runtime's declaration: SWIFT_CC(swift) char **_swift_stdlib_getUnsafeArgvArgc(int *).
__attribute__((swiftcall))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (!startup_argv) {
        *outArgLen = 0;
        return startup_no_arguments;
    }
    *outArgLen = startup_argc;
    return startup_argv;
}
