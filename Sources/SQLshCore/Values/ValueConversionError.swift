/// Thrown when a stored value cannot convert to the Swift type asked for, for example NULL to a
/// non-optional `Int`, or text `'abc'` to `Int`.
public struct ValueConversionError: Error, CustomStringConvertible, Sendable {
    /// What was found, as ``SQLValue/debugSummary`` describes it.
    public var found: String
    /// The Swift type that was asked for.
    public var targetType: String
    /// Where the value came from, when known (for example `argument 2 of slugify()`).
    public var context: String?

    /// An error from descriptions of what was found and what was wanted.
    public init(found: String, targetType: String, context: String? = nil) {
        self.found = found
        self.targetType = targetType
        self.context = context
    }

    /// An error for `value`, which cannot convert to `type`.
    public init<T>(_ value: SQLValue, to type: T.Type, context: String? = nil) {
        self.init(found: value.debugSummary, targetType: String(describing: type), context: context)
    }

    /// `could not convert NULL to Int (argument 1)`.
    public var description: String {
        var text = "could not convert \(found) to \(targetType)"
        if let context { text += " (\(context))" }
        return text
    }
}
