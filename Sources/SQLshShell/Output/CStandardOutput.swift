// Glibc declares C's `stdout` as a mutable global (`extern FILE *stdout`), which Swift 6
// language mode refuses to read outside an actor. Nothing assigns it after start-up, so reading
// it is safe: this file alone imports Glibc `@preconcurrency` to say so.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Flushes C's `stdout` stream (what libc or SQLite printed through stdio) before another
/// program (a pager, a pipe, an editor) writes to the terminal or the output is redirected.
func flushCStandardOutput() {
    fflush(stdout)
}
