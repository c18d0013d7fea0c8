#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SQLshShell
import Testing

/// Issue 38: the terminal's echo held off while an input runs, given back after.
#if os(Linux)
@Suite struct TypeAheadEchoTests {
    /// The echo flag of the terminal on `fd`.
    func echoes(_ fd: Int32) -> Bool {
        var settings = termios()
        _ = tcgetattr(fd, &settings)
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    @Test func holdAndReleaseOnlyTouchEcho() throws {
        // A pseudo-terminal pair (Linux's /dev/ptmx: unlock, then the number of its other end).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
        try #require(ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        let fd = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(fd >= 0)
        defer { close(fd) }
        var before = termios()
        _ = tcgetattr(fd, &before)
        #expect(echoes(fd))
        var echo = TypeAheadEcho()
        echo.hold(on: fd)
        #expect(echo.isHeld)
        #expect(!echoes(fd))
        var during = termios()
        _ = tcgetattr(fd, &during)
        #expect(during.c_lflag & tcflag_t(ISIG) == before.c_lflag & tcflag_t(ISIG))  // Ctrl-C still signals
        #expect(during.c_oflag == before.c_oflag)
        // Around a program that reads the terminal, echo is back, then held again.
        let inside = echo.whileReleased { echoes(fd) }
        #expect(inside)
        #expect(!echoes(fd))
        echo.release()
        #expect(!echo.isHeld)
        #expect(echoes(fd))
        // Not a terminal: nothing held.
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        var other = TypeAheadEcho()
        other.hold(on: pipeEnds[0])
        #expect(!other.isHeld)
    }
}
#endif
