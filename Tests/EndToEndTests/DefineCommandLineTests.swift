import Foundation
import Testing

/// The define pack through the real binary: a function defined in one process is there in the
/// next one and after `.open`, and the shell closes the database cleanly.
struct DefineCommandLineTests {
    func run(_ arguments: [String], _ input: String) throws -> (out: String, err: String, status: Int32) {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, arguments, stdin: Data(input.utf8))
        return (String(decoding: result.stdout, as: UTF8.self), String(decoding: result.stderr, as: UTF8.self), result.status)
    }

    @Test func definitionsPersistAcrossProcessesAndOpen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-define-e2e-\(UUID().uuidString).db").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try run([path], """
            select define('sumn', ':n * (:n + 1) / 2');
            create virtual table strcut using define((select substr(:s, value, 1) as c from generate_series(1, length(:s))));
            select sumn(5);
            """)
        #expect(first.out == "\n15\n")
        #expect(first.err == "")
        #expect(first.status == 0)
        let second = try run([path], """
            select sumn(10);
            select group_concat(c, '-') from strcut('abc');
            .open :memory:
            select sumn(1);
            .open \(path)
            select sumn(3);
            """)
        #expect(second.out == "55\na-b-c\n6\n")
        #expect(second.err == "Parse error near line 4: no such function: sumn\n  select sumn(1);\n         ^--- error here\n")
    }
}
