import SQLshCore

/// Prints the rows of one statement in one output mode. One type per mode.
///
/// The shell calls ``begin(_:)`` once a statement has produced its first row or finished
/// without rows, ``row(_:)`` for each row (read the columns straight from the statement), and
/// ``end(_:)`` when the statement is done. Streaming modes print each row as it comes;
/// columnar modes may collect rows and print at the end.
public protocol ResultRenderer: AnyObject {
    func begin(_ statement: Statement)
    func row(_ statement: Statement)
    func end(_ statement: Statement)
}
