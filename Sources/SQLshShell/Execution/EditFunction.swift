#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
import SQLshCore

/// sqlite3's `edit(TEXT)` and `edit(TEXT, EDITOR)`: writes the value to a temporary file, runs
/// `EDITOR "FILE"` (the editor defaults to `$VISUAL`) and returns the edited file, as text or
/// as a blob like the input. A catalog function of the shell's own pack (``ShellPack``);
/// refused in safe mode (SQLshCatalog's `SafeMode`).
enum EditFunction {
    static let entry = CatalogFunction(
        arguments: "value, editor",
        summary: "edit a value in a text editor and return the result",
        details: """
            Writes the value to a temporary file, runs the editor on it (`EDITOR "FILE"` \
            through the shell; the editor defaults to $VISUAL) and returns the file's content \
            once the editor exits: a blob for a blob, else text, whose new CR LF line ends go \
            back to LF when the value had none. NULL input, a missing editor or an editor that \
            exits with a non-zero status is an error. As in sqlite3: refused in -safe mode. \
            Direct-only (sqlite3's is not): a view, trigger or schema expression of a database \
            cannot run a program through it.
            """,
        example: "update notes set body = edit(body, 'vi') where id = 1;"
    ) {
        [SQLFunction("edit", argumentCount: 1, options: .directOnly, writingResult: call),
         SQLFunction("edit", argumentCount: 2, options: .directOnly, writingResult: call)]
    }

    private static func call(_ arguments: Arguments, _ result: ResultContext) {
        let editor: String?
        if arguments.count == 2 {
            // As sqlite3 reads it: a C string, ending at an embedded NUL.
            editor = arguments[1].isNull ? nil : String(decoding: arguments[1].utf8.prefix { $0 != 0 }, as: UTF8.self)
        } else {
            editor = getenv("VISUAL").map { String(cString: $0) }
        }
        guard let editor else { return result.setError("no editor for edit()") }
        let value = arguments[0]
        guard !value.isNull else { return result.setError("NULL input to edit()") }
        let path = result.temporaryFilename() ?? "temp" + String(SQLiteLibrary.random(UInt64.self), radix: 16)
        defer { unlink(path) }
        let isBlob = value.storageType == .blob
        let original = isBlob ? value.blob : UnsafeRawBufferPointer(value.utf8)
        let size = original.count
        let hadCRLF = !isBlob && containsCRLF(original)
        guard let file = fopen(path, "w") else { return result.setError("edit() cannot open temp file") }
        let written = size == 0 ? 0 : fwrite(original.baseAddress, 1, size, file)
        fclose(file)
        guard written == size else { return result.setError("edit() could not write the whole file") }
        guard system("\(editor) \"\(path)\"") == 0 else {
            return result.setError("EDITOR returned non-zero")
        }
        guard let back = fopen(path, "rb") else {
            return result.setError("edit() cannot reopen temp file after edit")
        }
        fseek(back, 0, SEEK_END)
        let length = max(0, ftell(back))
        rewind(back)
        var bytes = [UInt8](repeating: 0, count: length)
        let read = length == 0 ? 0 : bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, length, back) }
        fclose(back)
        guard read == length else { return result.setError("could not read back the whole file") }
        if isBlob {
            return result.setBlob(bytes)
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
        bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
    }

    private static func containsCRLF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 1 else { return false }
        for i in 0..<(bytes.count - 1) where bytes[i] == 13 && bytes[i + 1] == 10 { return true }
        return false
    }
}
