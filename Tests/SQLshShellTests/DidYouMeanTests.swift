#if canImport(Glibc)
import Glibc
#endif
@testable import SQLshShell
import Testing

/// The closest name to a misspelt one, as the prompt suggests it.
struct DidYouMeanTests {
    @Test func closestNames() {
        #expect(Shell.closest(to: "ordres", among: ["orders", "order_items", "customers"]) == "orders")
        #expect(Shell.closest(to: "CUSTMER", among: ["customer", "id"]) == "customer")
        #expect(Shell.closest(to: "zzzzzz", among: ["orders"]) == nil)
        #expect(Shell.closest(to: "id", among: ["ix", "id"]) == nil)  // the name itself exists: no hint
        #expect(Shell.closest(to: "a", among: ["b", "abc"]) == "b")
    }

    @Test func editDistance() {
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("abc", "abc") == 0)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("a", "abcdefgh", limit: 3) == 4)
        #expect(EditDistance.between("日本語", "日本") == 1)
        // Two neighbours swapped are one edit (Damerau), in any place, and a swap never
        // makes the early exit miss a name within the limit.
        #expect(EditDistance.between("nmae", "name") == 1)
        #expect(EditDistance.between("ab", "ba", limit: 1) == 1)
        #expect(EditDistance.between("ca", "abc") == 3)
        #expect(EditDistance.between("abcdef", "badcfe", limit: 3) == 3)
        #expect(EditDistance.between("abcdef", "badcfe", limit: 2) == 3)
    }

    /// A transposed name gets its suggestion, as a near one already did.
    @Test func transposedNames() {
        #expect(Shell.closest(to: "nmae", among: ["name", "qty"]) == "name")
        #expect(Shell.closest(to: "cusotmers", among: ["customers", "orders"]) == "customers")
    }

    /// A misspelt file named in FROM: the data file of the folder closest to it.
    @Test func nearFiles() throws {
        let folder = "/tmp/sqlsh-near-\(UInt64.random(in: 0...UInt64.max))"
        #expect(mkdir(folder, 0o700) == 0)
        defer { _ = system("rm -rf '\(folder)'") }
        for name in ["sales.csv", "people.json", "notes.txt"] {
            let file = fopen(folder + "/" + name, "w")
            if let file { fclose(file) }
        }
        #expect(Shell.nearFile(to: folder + "/sale.csv") == folder + "/sales.csv")
        #expect(Shell.nearFile(to: folder + "/peple.json") == folder + "/people.json")
        #expect(Shell.nearFile(to: folder + "/notes.tx.csv") == nil)  // .txt is no data file
        #expect(Shell.nearFile(to: folder + "/nothing/x.csv") == nil)
    }
}
