import Foundation
import Testing

/// sqlite3's own SQL functions (shell.c): `shell_idquote`, `shell_escape_crnl`, `shell_int32`,
/// `shell_add_schema`, `shell_module_schema`, `shell_putsnl`, `usleep`, compared byte for byte
/// with the stock shell (recorded in golden files).
@Suite struct ShellFunctionsTests {
    func expectSame(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (expected, actual) = try ShellRunner.compare([":memory:"], stdin: Data(input.utf8))
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    @Test func idquote() throws {
        try expectSame("""
            select shell_idquote('a b'), shell_idquote('abc'), shell_idquote('a"b'), shell_idquote(''), shell_idquote(null) is null;
            select shell_idquote(12), shell_idquote(1.5), shell_idquote(x'41004243'), shell_idquote('select');
            select typeof(shell_idquote(null)), shell_idquote('é"');
            select shell_idquote();
            select shell_idquote(1, 2);

            """)
    }

    @Test func escapeCrnl() throws {
        try expectSame("""
            .mode quote
            select shell_escape_crnl('''a' || char(10) || 'b'''), shell_escape_crnl('''a' || char(13) || char(10) || 'b''');
            select shell_escape_crnl('a' || char(10) || 'b'), shell_escape_crnl(12), shell_escape_crnl(null), shell_escape_crnl(x'27410a');
            select shell_escape_crnl('''\\n' || char(10) || '\\012' || char(13) || '\\r\\015''');
            select shell_escape_crnl('''\\n\\012(\\n0)(\\n1)' || char(10) || '''');
            select shell_escape_crnl('''abc'''), shell_escape_crnl(''''), shell_escape_crnl('');
            select shell_escape_crnl('''a' || char(0) || char(10) || '''');
            select shell_escape_crnl();

            """)
    }

    @Test func int32() throws {
        try expectSame("""
            select shell_int32(x'0000000100000002ffffffff', 0), shell_int32(x'0000000100000002ffffffff', 1), shell_int32(x'0000000100000002ffffffff', 2);
            select shell_int32(x'00000001', 1) is null, shell_int32(x'00000001', -1) is null, shell_int32(x'000001', 0) is null;
            select shell_int32('abcdefgh', 1), shell_int32(x'8000000000000001', '1'), shell_int32(x'80000000', 4294967296), shell_int32(null, 0) is null;
            select shell_int32(x'00000001');

            """)
    }

    @Test func addSchemaAndModuleSchema() throws {
        try expectSame("""
            create table t(a, "b c"); create view v as select a, "b c" as "x y" from t;
            select shell_add_schema('CREATE TABLE t(a)', 'main', 't');
            select shell_add_schema('CREATE TABLE t(a)', 'aux 1', 't');
            select shell_add_schema('CREATE TABLE t(a)', 'temp', 't');
            select shell_add_schema('CREATE UNIQUE INDEX i ON t(a)', 'x', 'i');
            select shell_add_schema('CREATE VIEW v AS select 1', null, 'v');
            select shell_add_schema('CREATE VIEW v AS select 1', 'main', 'v');
            select shell_add_schema('CREATE VIRTUAL TABLE s USING x', 'main', 'nope');
            select shell_add_schema('create table t(a)', 'main', 't'), shell_add_schema('CREATE TABLEt', 'main', 't');
            select shell_add_schema(null, 'main', 't') is null, shell_add_schema(12, 'main', 't'), shell_add_schema('CREATE TABLE ', 'm', 't');
            select shell_module_schema('v'), shell_module_schema('t'), shell_module_schema('nope') is null, shell_module_schema(null) is null;
            select shell_module_schema('pragma_table_info'), shell_module_schema('json_each');
            select shell_add_schema('CREATE TABLE t(a)', 'main');

            """)
    }

    @Test func putsnl() throws {
        try expectSame("""
            select shell_putsnl('hello');
            select shell_putsnl(12), shell_putsnl(null) is null, shell_putsnl(x'41420043');
            .mode line
            select shell_putsnl('a' || char(10) || 'b') as x;
            select shell_putsnl();

            """)
    }

    /// sqlite3 computes `(i+1)*4` in 32 bits and, for an index near 2^30 or more, reads past
    /// the blob (its answer is whatever memory holds): sqlsh answers NULL, as for any index
    /// past the end.
    @Test func int32IndexFarPastTheEnd() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:", "select shell_int32(x'00000001', 2147483647) is null, shell_int32(x'00000001', 1073741824) is null"])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "1|1\n", "\(result)")
    }

    @Test func usleep() throws {
        try expectSame("""
            select usleep(1000), usleep(0), usleep(-5), usleep('20000'), usleep(null), usleep(4294967296), usleep(1.9);
            select typeof(usleep(null)), typeof(usleep('x'));
            select usleep();

            """)
    }

    /// Not SQLITE_DIRECTONLY in sqlite3 (flags 0): usable from a view.
    @Test func usableFromViews() throws {
        try expectSame("""
            create view w as select shell_idquote('a') as q, shell_int32(x'00000007', 0) as i, usleep(1) as u;
            select * from w;

            """)
    }
}
