import Foundation
import Testing

/// SQLite 3.53's test/zipfile.test cases 20.0, 20.1, 20.2 and 21.0 through the built binary:
/// archive blobs whose records point past their end. The piped output is what a sqlite3 shell
/// with 3.53's zipfile prints: the message, and " (11)" (SQLITE_CORRUPT) after a corrupt one.
struct ZipfileCorruptArchiveTests {
    static let script = """
        SELECT * FROM zipfile(X'504b050600000000010001004000000000a3e1110000');
        SELECT * FROM zipfile(unhex('
        504b0304140000080000a60d3e5bd42728f602000000020000000500090068
        2e74787455540500012836db682120504b01021e03140000080000a60d3e5b
        d42728f602000000020000000500ffff0000000000000000a4810000000068
        2e74787455540500012836db68504b050600000000010001003c0000002e00
        00000000',char(0x0a,0x0d)));
        SELECT * FROM zipfile(unhex('504b0304140000000000000000008b9ed9d30100000001000000010000007841504b01021e03140000000000000000008b9ed9d3010000000100000001001e000000000000000000a4810000000078504b050600000000010001002f000000200000000000'));
        SELECT * FROM zipfile(X'504B03040A0000000000000000000000000000000000000000000100000078504B010200000A0000000000000000000000000000000000000000000100000000000000000000000000E2FFFFFF78504B050600000000010001002F0000001F0000000000');
        SELECT 'still here';

        """

    @Test func corruptBlobsAreErrorsAsInSQLite353() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data(Self.script.utf8))
        #expect(String(decoding: result.stdout, as: UTF8.self) == "still here\n")
        #expect(String(decoding: result.stderr, as: UTF8.self) == """
            Runtime error near line 1: zip archive is corrupt (11)
            Runtime error near line 2: zip archive is corrupt (11)
            Runtime error near line 8: zip archive is corrupt (11)
            Runtime error near line 9: failed to read LFH at offset -30

            """)
        #expect(result.status == 1)
    }
}
