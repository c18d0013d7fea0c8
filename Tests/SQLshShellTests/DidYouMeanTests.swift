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
    }
}
