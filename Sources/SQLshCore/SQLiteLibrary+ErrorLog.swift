internal import CSQLite

extension SQLiteLibrary {
    /// The installed error-log handler (read by the C callback, which captures nothing).
    nonisolated(unsafe) private static var errorLogHandler: (@Sendable (Int32, UnsafePointer<CChar>) -> Void)?

    /// Installs the process-wide error log (`SQLITE_CONFIG_LOG`): SQLite reports errors and
    /// warnings to it (a result code and a message) as they happen, from any thread.
    ///
    /// SQLite accepts the log only before it initializes, that is before the first connection
    /// opens; install it at start-up, once. Pass nil to remove it (also only before then).
    ///
    /// - Parameter handler: called with the result code and the message, a C string valid
    ///   only during the call. It must not call SQLite.
    /// - Returns: whether SQLite accepted the log.
    @discardableResult
    public static func setErrorLog(_ handler: (@Sendable (_ code: Int32, _ message: UnsafePointer<CChar>) -> Void)?) -> Bool {
        guard let handler else {
            guard sqlsh_config_log(nil, nil) == SQLITE_OK else { return false }
            errorLogHandler = nil
            return true
        }
        let previous = errorLogHandler
        errorLogHandler = handler
        let rc = sqlsh_config_log({ _, code, message in
            guard let message, let handler = SQLiteLibrary.errorLogHandler else { return }
            handler(code, message)
        }, nil)
        if rc != SQLITE_OK { errorLogHandler = previous }
        return rc == SQLITE_OK
    }
}
