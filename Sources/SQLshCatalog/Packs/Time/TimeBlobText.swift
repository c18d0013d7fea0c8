/// The time pack's blobs as the prompt shows them: ISO 8601 timestamps in UTC
/// (`2024-03-21T10:11:12.5Z`) instead of hex. Batch output never uses it (sqlite3 prints
/// blobs as they are).
public enum TimeBlobText {
    /// Whether `bytes` look like a time blob of the time pack: 13 bytes, version byte 1,
    /// nanoseconds within a second.
    public static func isTime(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == TimeBlob.size, let base = bytes.baseAddress, base.load(as: UInt8.self) == 1 else { return false }
        let nanos = Int32(bigEndian: base.loadUnaligned(fromByteOffset: 9, as: Int32.self))
        return nanos >= 0 && Int64(nanos) < SqleanTime.nanosPerSecond
    }

    /// The ISO 8601 text of a time blob (`2024-03-21T10:11:12Z`, the fraction's trailing zeros
    /// cut, years before 1 with a sign), or nil when `bytes` are no time blob.
    public static func iso(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard isTime(bytes), let base = bytes.baseAddress else { return nil }
        let f = CivilCalendar.fields(TimeBlob.decode(base))
        var text = DateText.pad(f.year, 4) + "-" + DateText.pad(Int64(f.month), 2) + "-" + DateText.pad(Int64(f.day), 2)
            + "T" + DateText.pad(Int64(f.hour), 2) + ":" + DateText.pad(Int64(f.minute), 2) + ":" + DateText.pad(Int64(f.second), 2)
        if f.nanosecond != 0 {
            var digits = DateText.pad(Int64(f.nanosecond), 9)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// ``iso(_:)`` of a byte array.
    public static func iso(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { iso($0) }
    }
}
