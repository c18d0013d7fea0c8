import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// The table of command-line options drives both passes, `-help` and the manual page: tested
/// here in process, as the options are declared.
struct ShellOptionTests {
    /// A run whose messages go to a file of a temporary folder, read back by `messages()`.
    final class Capture {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-options-\(UUID().uuidString)").path
        let err: OutputWriter
        init() throws { err = try OutputWriter(path: path) }
        func messages() -> String {
            err.flush()
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    func firstPass(_ arguments: [String]) throws -> (run: CommandLineRun, status: Int32?, messages: String) {
        let capture = try Capture()
        let run = CommandLineRun(arguments: ["sqlsh"] + arguments, interactive: false, err: capture.err)
        let status = run.firstPass()
        return (run, status, capture.messages())
    }

    @Test func theFirstPassFindsTheDatabaseTheCommandsAndTheOptionsNeededToOpenIt() throws {
        let (run, status, _) = try firstPass(["-init", "rc", "--readonly", "-mmap", "4096", "e.db", "-load", "p.so",
                                                "select 1", ".tables", "-nonce", "N", "-zip"])
        #expect(status == nil)
        let startup = run.startup
        #expect(startup.databasePath == "e.db")
        #expect(startup.commands == [9, 10])
        #expect(startup.initFile == "rc" && startup.readOnly && startup.mmap == 4096)
        #expect(startup.pluginPaths == ["p.so"] && startup.nonce == "N" && startup.databaseKind == .zip)
    }

    @Test func aMissingArgumentIsSQLite3sError() throws {
        let (_, status, messages) = try firstPass(["e.db", "-separator"])
        #expect(status == 1)
        #expect(messages == "sqlsh: Error: missing argument to -separator\n")
        // -maxsize without its number is left to the second pass (an unknown option there).
        #expect(try firstPass(["-maxsize"]).status == nil)
    }

    @Test func everythingAfterArchiveBelongsToIt() throws {
        let (run, _, _) = try firstPass(["x.zip", "-A", "-tf", "-readonly"])
        #expect(run.startup.readOnly == false && run.startup.databasePath == "x.zip")
    }

    @Test func everyOutputModeWithAnOptionIsInTheTable() {
        for definition in OutputModeDefinition.all {
            guard let option = definition.option else { continue }
            #expect(ShellOption.named(option.name) != nil, "\(option.name)")
        }
        #expect(ShellOption.named("-header")?.name == "-[no]header")
        #expect(ShellOption.named("-[no]header") == nil)
        #expect(ShellOption.named("-archive")?.name == "-A")
    }

    @Test func helpListsTheDocumentedOptionsAlignedAsSQLite3Does() {
        let lines = ShellOption.helpText.split(separator: "\n")
        #expect(lines.first == "   -A ARGS...           run \".archive ARGS\" and exit")
        #expect(lines.contains("   -separator SEP       set output column separator. Default: '|'"))
        #expect(!lines.contains { $0.contains("-threadsafe") })
        #expect(lines.count == ShellOption.all.filter(\.documented).count)
    }

    /// The manual page documents every option `-help` lists (`.It Fl NAME`).
    @Test func theManualPageDocumentsEveryOption() throws {
        let page = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("man/sqlsh.1"), encoding: .utf8)
        for option in ShellOption.all where option.documented {
            let names = option.aliases.isEmpty || option.name == "-A" ? [option.name] : option.aliases
            for name in names {
                #expect(page.contains("Fl \(name.dropFirst())"), "man/sqlsh.1 does not document \(name)")
            }
        }
    }

    @Test func theSecondPassAppliesOptionsInOrderAndRefusesUnknownOnes() throws {
        let capture = try Capture()
        let run = CommandLineRun(arguments: ["sqlsh", "-csv", "-separator", ";", "--nullvalue", "NULL", "-noheader",
                                             ":memory:", "-bogus"], interactive: false, err: capture.err)
        #expect(run.firstPass() == nil)
        #expect(run.makeShell { Shell(path: $0.databasePath ?? ":memory:") } == nil)
        #expect(try run.secondPass() == 1)
        #expect(capture.messages() == "sqlsh: Error: unknown option: -bogus\nUse -help for a list of options.\n")
        let settings = run.shell.settings
        #expect(settings.mode == .csv && settings.columnSeparator == ";" && settings.nullValue == "NULL")
        #expect(settings.headers == false && settings.headersSet)
        run.shell.close()
    }
}
