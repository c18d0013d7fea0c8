import SQLshCore

/// `off` mode: statements run, nothing is shown.
final class OffRenderer: ResultRenderer {
    init() {}
    func begin(_ statement: Statement) {}
    func row(_ statement: Statement) {}
    func end(_ statement: Statement) {}
}
