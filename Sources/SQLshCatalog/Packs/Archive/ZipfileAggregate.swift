import SQLshCore

/// The `zipfile()` aggregate: a ZIP archive (a blob) of one member per row, with the
/// arguments (NAME, DATA), (NAME, MODE, MTIME, DATA) or (NAME, MODE, MTIME, DATA, METHOD)
/// and the rules of an INSERT into a zipfile table.
struct ZipfileAggregate: Aggregate {
    var members: [ZipMember] = []
    var size = 0

    mutating func step(_ arguments: Arguments) throws {
        let count = arguments.count
        guard count == 2 || count == 4 || count == 5 else {
            throw SQLiteError(message: "wrong number of arguments to function zipfile()")
        }
        let name = arguments[0]
        if name.isNull {
            throw SQLiteError(message: "first argument to zipfile() must be non-NULL")
        }
        if count == 5, !arguments[4].isNull {
            let method = arguments[4].int32
            if method != 0 && method != 8 { throw SQLiteError(message: "illegal method value: \(method)") }
        }
        let member: ZipMember
        do {
            member = try ZipMemberBuilder.member(
            name: name, mode: count >= 4 ? arguments[1] : nil, mtime: count >= 4 ? arguments[2] : nil,
            data: arguments[count == 2 ? 1 : 3], method: count == 5 ? arguments[4] : nil,
            nameRule: .aggregate, lengthLimit: arguments.lengthLimit)
        } catch let error as SQLiteError where error.code == ResultCode.constraint.rawValue {
            throw SQLiteError(message: error.message)  // an aggregate's errors are plain errors
        }
        if case .bytes(let stored) = member.contents {
            size += ZipFormat.localHeaderSize + ZipFormat.centralHeaderSize + 2 * (member.entry.name.count + member.entry.extra.count) + stored.count
        }
        let limit = arguments.lengthLimit
        guard size <= limit else { throw SQLiteError(code: .tooBig, message: "string or blob too big") }
        members.append(member)
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        members.isEmpty ? nil : try ZipWriter.bytes(of: members)
    }
}
