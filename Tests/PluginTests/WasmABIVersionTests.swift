import Foundation
import Testing

/// The two WebAssembly ABI versions side by side: a version 1 module (a block allocated and
/// freed around each call) and a version 2 one (one buffer kept for every call) give the same
/// answers, and a version 2 module whose buffer or results lie is refused call by call with an
/// SQL error, the shell still answering.
@Suite struct WasmABIVersionTests {
    private let hostile = testModule("hostile_v2")

    /// The examples' functions with every argument type, as ABI 1 modules (the examples as
    /// they were built before ABI 2) and as ABI 2 ones (the examples now).
    @Test func bothVersionsGiveTheSameAnswers() throws {
        let queries = """
            SELECT wasm_reverse('héllo'), wasm_reverse(''), wasm_reverse(NULL) IS NULL, hex(wasm_reverse(x'010203')),
                   typeof(wasm_reverse(x'')), typeof(wasm_reverse('x'));
            SELECT wasm_slugify('Hello, World!'), wasm_slugify('  --  '), wasm_slugify(NULL) IS NULL;
            SELECT wasm_type(1, 2.5, 'a', x'00', NULL), wasm_type(), wasm_type(-9223372036854775808);
            SELECT wasm_total(value) FROM generate_series(1, 4);
            SELECT g, wasm_total(v) FROM (SELECT value % 2 AS g, value AS v FROM generate_series(1, 10)) GROUP BY g;
            SELECT sum(length(wasm_reverse(printf('%.*c', value, 'é')))) FROM generate_series(1, 200);
            SELECT length(wasm_reverse(printf('%.*c', 5000, 'é'))),
                   wasm_reverse('ab' || printf('%.*c', 3000, 'é') || 'cd') = 'dc' || printf('%.*c', 3000, 'é') || 'ba';
            SELECT wat_upper('abc-é'), wat_add(40, 2), wat_add(1, 'x') IS NULL, wat_upper(7) IS NULL;
            SELECT sum(length(wat_upper(printf('%.*c', value, 'a')))), sum(wat_add(value, 1)) FROM generate_series(1, 200);
            SELECT length(wat_upper(printf('%.*c', 9000, 'a')));
            SELECT wat_add(9223372036854775807, 1);
            """
        let expected = """
            olléh||1|030201|blob|text
            hello-world||1
            integer,real,text,blob,null||integer
            10
            0|30
            1|25
            20100
            5000|1
            ABC-é|42|1|1
            20100|20300
            9000

            """
        for (textfun, upper) in [(testModule("textfun_v1"), testModule("upper_v1")), (textfunWasm, upperWasm)] {
            let result = try sqlsh(input: ".load '\(textfun)'\n.load '\(upper)'\n" + queries + "\n")
            #expect(result.out == expected, "\(textfun)")
            #expect(result.err.contains("integer overflow"), "\(textfun): \(result.err)")
        }
    }

    /// An ABI 2 module is asked for its buffer at its first call and again only when a call
    /// needs more room than it has: a count, kept by the module, of sqlsh_buffer's calls.
    @Test func theBufferIsAskedForOnlyWhenACallNeedsMoreRoom() throws {
        let result = try sqlsh(input: """
            .load '\(hostile)'
            SELECT sum(length(h2_echo(printf('%.*c', value % 50, 'x')))) FROM generate_series(1, 1000);
            SELECT h2_asked();
            SELECT length(h2_echo(zeroblob(100000))), h2_asked();
            SELECT h2_echo('short'), h2_argc(1, 2.5, 'three', x'04', NULL), h2_asked();

            """)
        #expect(result.err == "")
        // printf's '%.*c' gives one 'x' for a precision of 0: 20 rows of 1.
        #expect(result.out == "24520\n1\n100000|2\nshort|5|2\n")
    }

    /// What sqlsh_buffer answers is checked before anything is written: an address outside the
    /// memory, a buffer running past its end, 0 and a trap each fail the call that asked.
    @Test func aLyingBufferFailsTheCall() throws {
        let cases: [(Int, String)] = [
            (1, "h2_echo(): sqlsh_buffer(20066) returned 4294967040, outside the module's memory"),
            (2, "h2_echo(): out of memory: sqlsh_buffer(10033) returned 0"),
            (3, "h2_echo(): sqlsh_buffer: trap: unreachable"),
            (4, "h2_echo(): sqlsh_buffer(20066) returned 65520, outside the module's memory"),
        ]
        for (mode, message) in cases {
            let result = try sqlsh(input: """
                .load '\(hostile)'
                SELECT h2_mode(\(mode));
                SELECT length(h2_echo(zeroblob(10000)));
                SELECT 'still answering';

                """)
            #expect(result.err.contains(message), "mode \(mode): \(result.err)")
            #expect(result.out == "\nstill answering\n", "mode \(mode)")
            #expect(result.status == 1)
        }
    }

    /// Traps, endless loops and results that break the ABI are the call's SQL error; a function
    /// that scribbles over the whole buffer harms nothing, as each call writes its values afresh.
    @Test func badResultsAndTrapsAreSQLErrors() throws {
        let cases: [(String, String)] = [
            ("h2_trap()", "h2_trap(): trap: unreachable"),
            ("h2_spin()", "h2_spin(): trap: out of fuel"),
            ("h2_bad_pointer()", "the result's 100 bytes at 4294967040 lie outside the module's memory"),
            ("h2_negative_length()", "h2_negative_length(): the result has a negative length (-1)"),
            ("h2_huge_length()", "string or blob too big"),
            ("h2_bad_type()", "h2_bad_type(): the result has an invalid type 99"),
            ("h2_count(x) FROM (SELECT 'trap' AS x FROM generate_series(1, 5))", "h2_count() step: trap: unreachable"),
            ("h2_echo(zeroblob(40000000))", "h2_echo(): the arguments need 40000033 bytes, over the module's memory limit"),
        ]
        for (call, message) in cases {
            let result = try sqlsh(input: """
                .load '\(hostile)' fuel=2000000
                SELECT \(call);
                SELECT h2_echo('still answering'), h2_count(value) FROM generate_series(1, 4);

                """)
            #expect(result.err.contains(message), "\(call): \(result.err)")
            #expect(result.out == "still answering|4\n", "\(call)")
        }
        let scribbled = try sqlsh(input: """
            .load '\(hostile)'
            SELECT h2_scribble(1, 'two', x'03') IS NULL;
            SELECT h2_echo('intact'), h2_echo(42), h2_echo(2.5), h2_argc(1, 2, 3);

            """)
        #expect(scribbled.err == "")
        #expect(scribbled.out == "1\nintact|42|2.5|3\n")
    }

    /// A module declaring ABI 2 must export sqlsh_buffer: ABI 1's exports alone are a load error
    /// that names it.
    @Test func aVersion2ModuleWithoutItsBufferIsRefused() throws {
        let result = try sqlsh(input: ".load '\(testModule("nobuffer"))'\nSELECT 'still answering';\n")
        #expect(result.err.contains("the module does not export the function sqlsh_buffer"), "\(result.err)")
        #expect(result.out == "still answering\n")
    }
}
