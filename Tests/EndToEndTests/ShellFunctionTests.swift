import Foundation
import Testing

/// sqlite3's own shell functions (`shell_idquote`, `shell_escape_crnl`, `shell_int32`,
/// `shell_add_schema`, `shell_module_schema`, `shell_putsnl`, `usleep`): the stock shell's
/// output for the same script, byte for byte (golden files).
struct ShellFunctionTests {
    static let script = """
        create table t(a int, b text); create table "a b"(x, "y z", [select]); create view v as select a, b from t;
        select shell_idquote('a b'), shell_idquote('abc'), shell_idquote('select'), shell_idquote(null), shell_idquote(12), shell_idquote('a"b');
        select shell_escape_crnl(quote('a'||char(10)||'b')), shell_escape_crnl(quote('a'||char(13)||char(10)||'b'));
        select shell_escape_crnl(quote('x\\n'||char(10))), shell_escape_crnl(quote('\\r'||char(13))), shell_escape_crnl(quote('\\n\\012'||char(10)));
        select shell_escape_crnl('plain'), shell_escape_crnl(null), shell_escape_crnl(5), shell_escape_crnl(x'0a'), shell_escape_crnl('x'||char(10));
        select shell_int32(x'0000000100000002', 0), shell_int32(x'0000000100000002', 1), shell_int32(x'00', 0), shell_int32(null, 0);
        select shell_int32(x'0000000100000002', 2), shell_int32(x'0000000100000002', -1), shell_int32('abcd', 0), shell_int32(x'ffffffff', 0);
        select shell_int32(x'0000000100000002', 1.7), shell_int32(x'0000000100000002', '1');
        select shell_module_schema('t'), shell_module_schema('a b'), shell_module_schema('nosuch'), shell_module_schema(null);
        select shell_add_schema('CREATE VIEW v AS select 1', 'main', 'v'), shell_add_schema('CREATE TABLE t(a)', 'x y', 't');
        select shell_add_schema('CREATE TABLE t(a)', 'temp', 't'), shell_add_schema('CREATE UNIQUE INDEX i ON t(a)', 'main', 'i');
        select shell_add_schema('CREATE TABLEt(a)', 'main', 't'), shell_add_schema('create table t(a)', 'main', 't');
        select shell_add_schema(null, 'a', 'b'), shell_add_schema('CREATE TABLE t(a)', null, 't'), shell_add_schema('CREATE VIEW v AS x', null, 'v');
        select shell_add_schema('CREATE VIRTUAL TABLE x USING y', 'aux', 'x'), shell_add_schema('CREATE TRIGGER r AFTER', 'select', 'r');
        select 1, shell_putsnl('hi'), 2; select typeof(shell_putsnl(null)); select shell_putsnl(12);
        select usleep(10), typeof(usleep(null)), usleep(-5), usleep('abc');
        select shell_idquote(), shell_int32(1);
        select name, narg, flags from pragma_function_list where name like 'shell%' or name = 'usleep' order by 1, 2;
        """

    @Test func sameAsTheStockShell() throws {
        let (expected, actual) = try ShellRunner.compare([":memory:"], stdin: Data(Self.script.utf8))
        #expect(actual == expected)
    }
}
