import Foundation
import Testing
import SQLshShell

/// `.output` and `.once`: files, pipes, `--bom`, `stdout`/`stderr`/`off`, and the errors.
@Suite("Output redirection against sqlite3")
struct OutputRedirectionTests {
    @Test("files, pipes and errors", arguments: [
        ".output $DIR/o1.txt\nselect 1;\n.output\nselect 2;",
        ".once $DIR/o2.txt\nselect 1;\nselect 2;",
        ".once --bom $DIR/o3.txt\nselect 1;",
        ".output -bom $DIR/o3.txt\nselect 1;\n.output",
        ".output '|tr a-z A-Z >$DIR/p1.txt'\nselect 'abc';\n.output\nselect 'def';",
        ".once |cat -n >$DIR/p2.txt\nselect 'x' union all select 'y';\nselect 'z';",
        ".once '|cat -n >$DIR/p3.txt'\n.print not this\nselect 'x';",
        ".output --bom '|cat >$DIR/p4.txt'\nselect 'x';",
        ".output off\nselect 1;",
        ".output /nonexistent/dir/f\nselect 1;",
        ".output stderr\nselect 'err';\n.output stdout\n.show",
        ".output $DIR/o4.txt\n.show\n.output",
        ".once -z", ".output a b", ".once --bom\nselect 1;",
        ".once $DIR/o5.txt\n.print hi\nselect 5;",
        ".once $DIR/o6.txt\n.mode box\nselect 6;\nselect 7;",
    ])
    func redirection(_ input: String) throws {
        let (ours, theirs) = try RenderingComparison.run(input + "\nselect 'end';\n")
        #expect(ours == theirs)
    }
}
