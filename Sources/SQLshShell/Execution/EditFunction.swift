import CSQLite
import Glibc

/// sqlite3's `edit(TEXT)` and `edit(TEXT, EDITOR)`: writes the value to a temporary file, runs
/// `EDITOR "FILE"` (the editor defaults to `$VISUAL`) and returns the edited file, as text or
/// as a blob like the input. Registered on every connection the shell opens; refused in safe
/// mode.
enum EditFunction {
    static func register(on db: OpaquePointer) {
        for count: Int32 in [1, 2] {
            sqlite3_create_function(db, "edit", count, SQLITE_UTF8, nil, { context, argc, argv in
                guard let context, let argv else { return }
                EditFunction.call(context, Int(argc), argv)
            }, nil, nil)
        }
    }

    private static func call(_ context: OpaquePointer, _ argc: Int,
                             _ argv: UnsafeMutablePointer<OpaquePointer?>) {
        let editor: String?
        if argc == 2 {
            editor = sqlite3_value_text(argv[1]).map { String(cString: $0) }
        } else {
            editor = getenv("VISUAL").map { String(cString: $0) }
        }
        guard let editor else { return sqlite3_result_error(context, "no editor for edit()", -1) }
        guard sqlite3_value_type(argv[0]) != SQLITE_NULL else {
            return sqlite3_result_error(context, "NULL input to edit()", -1)
        }
        let db = sqlite3_context_db_handle(context)
        var temp: UnsafeMutablePointer<CChar>?
        sqlite3_file_control(db, nil, SQLITE_FCNTL_TEMPFILENAME, &temp)
        let path: String
        if let temp {
            path = String(cString: temp)
            sqlite3_free(temp)
        } else {
            var r: UInt64 = 0
            sqlite3_randomness(8, &r)
            path = "temp" + String(r, radix: 16)
        }
        defer { unlink(path) }
        let isBlob = sqlite3_value_type(argv[0]) == SQLITE_BLOB
        let size = Int(sqlite3_value_bytes(argv[0]))
        let input: UnsafeRawPointer? = isBlob ? sqlite3_value_blob(argv[0]) : sqlite3_value_text(argv[0]).map { UnsafeRawPointer($0) }
        let original = input.map { UnsafeRawBufferPointer(start: $0, count: size) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let hadCRLF = !isBlob && containsCRLF(original)
        guard let file = fopen(path, "w") else { return sqlite3_result_error(context, "edit() cannot open temp file", -1) }
        let written = size == 0 ? 0 : fwrite(original.baseAddress, 1, size, file)
        fclose(file)
        guard written == size else { return sqlite3_result_error(context, "edit() could not write the whole file", -1) }
        guard system("\(editor) \"\(path)\"") == 0 else {
            return sqlite3_result_error(context, "EDITOR returned non-zero", -1)
        }
        guard let back = fopen(path, "rb") else {
            return sqlite3_result_error(context, "edit() cannot reopen temp file after edit", -1)
        }
        fseek(back, 0, SEEK_END)
        let length = max(0, ftell(back))
        rewind(back)
        var bytes = [UInt8](repeating: 0, count: length)
        let read = length == 0 ? 0 : bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, length, back) }
        fclose(back)
        guard read == length else { return sqlite3_result_error(context, "could not read back the whole file", -1) }
        if isBlob {
            bytes.append(0)
            bytes.withUnsafeBytes { sqlite3_result_blob64(context, $0.baseAddress, sqlite3_uint64(length), sqlsh_sqlite_transient()) }
            return
        }
        if !hadCRLF {
            // New \r\n line ends go back to \n when the value had none.
            var j = 0, i = 0
            while i < bytes.count {
                if bytes[i] == 13 && i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
                bytes[j] = bytes[i]
                j += 1
                i += 1
            }
            bytes.removeSubrange(j...)
        }
        bytes.append(0)
        bytes.withUnsafeBytes {
            sqlite3_result_text64(context, $0.baseAddress?.assumingMemoryBound(to: CChar.self), sqlite3_uint64($0.count - 1),
                                  sqlsh_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    private static func containsCRLF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 1 else { return false }
        for i in 0..<(bytes.count - 1) where bytes[i] == 13 && bytes[i + 1] == 10 { return true }
        return false
    }
}
