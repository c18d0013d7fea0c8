// Byte arithmetic for text results built in place (the core's ResultContext.setText(count:_:)):
// the checked size of the parts, then the parts copied or repeated into the buffer.

/// The sum of byte counts, or nil when it overflows or exceeds `limit`.
func checkedSize(_ parts: Int..., limit: Int) -> Int? {
    var total = 0
    for part in parts {
        let (sum, overflow) = total.addingReportingOverflow(part)
        if overflow || sum > limit { return nil }
        total = sum
    }
    return total
}

/// A text argument's bytes written at `destination`; returns the position after them.
func copyBytes(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    if let base = bytes.baseAddress, bytes.count > 0 { destination.update(from: base, count: bytes.count) }
    return destination + bytes.count
}

/// `bytes` written `times` times from `destination` (which has room for them); returns the
/// position after them. Copies double in size, so a long repetition costs few memcpy calls.
func repeatBytes(_ bytes: UnsafeBufferPointer<UInt8>, times: Int, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    guard times > 0, let base = bytes.baseAddress, bytes.count > 0 else { return destination }
    let total = bytes.count * times
    if bytes.count == 1 {
        destination.update(repeating: base[0], count: total)
        return destination + total
    }
    destination.update(from: base, count: bytes.count)
    var written = bytes.count
    while written < total {
        let chunk = min(written, total - written)
        (destination + written).update(from: destination, count: chunk)
        written += chunk
    }
    return destination + total
}
