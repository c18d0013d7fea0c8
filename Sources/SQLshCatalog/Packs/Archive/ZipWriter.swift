/// Writes a whole archive (the zipfile() aggregate's): each member's local header and stored
/// bytes, then the central directory and its end record.
enum ZipWriter {
    /// The archive of `members` as bytes (the zipfile() aggregate's result).
    static func bytes(of members: [ZipMember]) throws -> [UInt8] {
        var out: [UInt8] = []
        try write(members) { out += $0 }
        return out
    }

    /// Emits the archive's bytes in order.
    private static func write(_ members: [ZipMember], _ emit: ([UInt8]) throws -> Void) throws {
        var offset = 0
        var offsets: [Int] = []
        offsets.reserveCapacity(members.count)
        for member in members {
            let header = ZipFormat.localHeader(member.entry)
            let data = try member.rawData()
            guard offset <= Int(UInt32.max) else { throw ZipError("zipfile: archive too large (no zip64 support)") }
            offsets.append(offset)
            try emit(header)
            try emit(data)
            offset += header.count + data.count
        }
        let directoryOffset = offset
        var directorySize = 0
        for (member, at) in zip(members, offsets) {
            let header = ZipFormat.centralHeader(member.entry, offset: UInt32(at))
            directorySize += header.count
            try emit(header)
        }
        // More than 65535 members: the counts are cut to 16 bits, as SQLite's zipfile writes them.
        guard directoryOffset <= Int(UInt32.max) else {
            throw ZipError("zipfile: archive too large (no zip64 support)")
        }
        try emit(ZipFormat.endRecord(entryCount: members.count, directorySize: directorySize, directoryOffset: directoryOffset))
    }
}
