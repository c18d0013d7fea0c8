/// sqlite3's layout for `.tables` and `.indexes`: names in as many columns as fit in 80
/// characters, filled top to bottom, each padded to the longest name (in bytes).
enum NameColumns {
    static func write(_ names: [String], to out: OutputWriter) {
        guard !names.isEmpty else { return }
        let width = names.map(\.utf8.count).max() ?? 0
        let columns = max(1, 80 / (width + 2))
        let rows = (names.count + columns - 1) / columns
        for i in 0..<rows {
            var j = i
            while j < names.count {
                if j >= rows { out.write("  ") }
                out.write(names[j])
                out.write(String(repeating: " ", count: width - names[j].utf8.count))
                j += rows
            }
            out.write(byte: 10)
        }
    }
}
