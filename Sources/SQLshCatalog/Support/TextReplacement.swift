extension String {
    /// Every occurrence of `target` replaced by `replacement`, by UTF-8 bytes (cheaper at
    /// startup than the generic `replacing(_:with:)`, which the catalog's metadata would
    /// otherwise call for every alias).
    func replacingBytes(_ target: String, with replacement: String) -> String {
        let source = Array(utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var i = 0
        while i < source.count {
            if i + pattern.count <= source.count, source[i] == pattern[0], source[i..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(contentsOf: replacement.utf8)
                i += pattern.count
            } else {
                out.append(source[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
