import SQLshCatalog

extension Shell {
    /// For SQLite's `wrong number of arguments to function NAME()`, the function's
    /// signatures from the catalog's and SQLite's documentation: `usage: slugify(text)`
    /// (several joined by `  or  `). nil for other errors and undocumented functions.
    func signatureHint(forError message: [UInt8]) -> String? {
        let text = String(decoding: message.prefix { $0 != 10 }, as: UTF8.self)
        let prefix = "wrong number of arguments to function "
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let open = rest.firstIndex(of: "("), open > rest.startIndex else { return nil }
        let name = String(rest[..<open])
        var signatures: [String] = []
        if let function = catalog.function(named: name), let arguments = function.arguments {
            signatures.append("\(function.name)(\(arguments))")
        }
        for doc in SQLiteFunctions.entries where doc.name.lowercased() == name.lowercased() {
            let signature = "\(doc.name)(\(doc.arguments))"
            if !signatures.contains(signature) { signatures.append(signature) }
        }
        guard !signatures.isEmpty else { return nil }
        return "usage: " + signatures.joined(separator: "  or  ")
    }
}
