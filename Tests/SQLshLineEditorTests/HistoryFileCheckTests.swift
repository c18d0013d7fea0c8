#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshLineEditor
import Testing

/// Only a regular history file of bounded size is read (issue 31 item 7): an endless one
/// (`/dev/zero`), a FIFO with no writer (which would block) or a directory is skipped.
@Suite struct HistoryFileCheckTests {
    /// A fresh temporary directory.
    private func temporaryDirectory() -> String {
        var template = Array("/tmp/sqlsh-history-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    private func write(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    @Test func regularFileIsOpened() {
        let path = temporaryDirectory() + "/history"
        write("_HiStOrY_V2_\nselect\\0401;\n", to: path)
        guard case .readable(let fd) = HistoryFileCheck.open(path) else {
            Issue.record("not readable")
            return
        }
        defer { close(fd) }
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK == 0)
        #expect(HistoryFileCheck.path(of: fd) == "/dev/fd/\(fd)")
        #expect(HistoryFileCheck.isEmptyOrLibeditHistory(fd))
    }

    @Test func missingFileIsNotAnError() {
        #expect(HistoryFileCheck.open(temporaryDirectory() + "/none") == .missing)
    }

    @Test func fifoIsSkippedWithoutBlocking() {
        let path = temporaryDirectory() + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(HistoryFileCheck.open(path) == .skipped(reason: "not a regular file"))
    }

    @Test func devZeroIsSkipped() {
        #expect(HistoryFileCheck.open("/dev/zero") == .skipped(reason: "not a regular file"))
    }

    @Test func directoryIsSkipped() {
        #expect(HistoryFileCheck.open(temporaryDirectory()) == .skipped(reason: "not a regular file"))
    }

    @Test func oversizedFileIsSkipped() {
        let path = temporaryDirectory() + "/big"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, off_t(HistoryFileCheck.maximumSize + 1)) == 0)  // sparse: no disk used
        close(fd)
        #expect(HistoryFileCheck.open(path) == .skipped(reason: "larger than 16 MiB"))
        #expect(HistoryFileCheck.open(path, maximumSize: 32 << 20) != .skipped(reason: "larger than 16 MiB"))
    }

    @Test func aFileThatIsNotALibeditHistoryIsNotOverwritten() {
        let path = temporaryDirectory() + "/readline"
        write("select 1;\n", to: path)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(!HistoryFileCheck.isEmptyOrLibeditHistory(fd))
    }

    @Test func skippedHistoryIsOneLine() {
        #expect(HistoryFileCheck.message(path: "/dev/zero", reason: "not a regular file")
                == "sqlsh: history /dev/zero skipped: not a regular file\n")
    }

    @Test func sqlshHistoryVariableComesFirst() {
        let environment = ["SQLSH_HISTORY": "/x/h", "HOME": "/home/u"]
        #expect(HistoryLocation.standard(environment: { environment[$0] }) == "/x/h")
        #expect(HistoryLocation.standard(environment: { ["HOME": "/home/u"][$0] }) == "/home/u/.sqlsh_history")
    }
}
