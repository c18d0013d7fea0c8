/// A reference to a ``Connection`` that does not keep it alive, for what the connection owns
/// (callbacks, table-valued functions) or what may outlive it (a catalog's list of the
/// connections it registered on): ``connection`` is nil once the connection is deinitialized.
///
/// A `weak` reference would do the same, but it gives the connection a side table, and every
/// retain and release of the connection (several for each statement) then leaves the
/// runtime's fast path. One anchor per connection (``Connection/anchor``), cleared first
/// thing in its `deinit`.
///
/// `@unchecked Sendable`: it is read, like the connection itself, only on the thread that is
/// using the connection.
public final class ConnectionAnchor: @unchecked Sendable {
    /// The connection, or nil once it has been deinitialized.
    public var connection: Connection? { target }

    unowned(unsafe) var target: Connection?

    init(_ connection: Connection) { target = connection }
}
