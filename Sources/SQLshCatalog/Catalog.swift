@_spi(RawSQLite) import SQLshCore

/// The function catalog: every known function, which are enabled, and the connections they
/// are registered on.
///
/// The shell owns one catalog. ``register(on:)`` installs the enabled functions on a connection
/// (at startup and after `.open`) and remembers it; ``enable(_:)`` and ``disable(_:)`` change the
/// state and apply it at once to every connection still open.
public final class Catalog {
    /// All functions, in pack order.
    public var functions: [CatalogFunction] { makePendingPacks(); return allFunctions }
    /// The packs, in the order they were added.
    public var packs: [FunctionPack] { makePendingPacks(); return allPacks }
    /// Lowercased names of disabled functions.
    public var disabled: Set<String> { makePendingPacks(); return disabledNames }

    private var allFunctions: [CatalogFunction] = []
    private var allPacks: [FunctionPack] = []
    private var disabledNames: Set<String> = []
    /// Built-in packs not made yet (``BuiltInPacks``), with their functions registered up front.
    /// Not ``BuiltInPacks/Entry``s: the closure of a pack added with ``addPack(named:upFront:after:later:)``
    /// need not be `Sendable` (a catalog is used by one thread at a time).
    private var pending: [PendingPack] = []
    /// Where each function is in ``functions``, by folded name (``key(_:)``).
    private var positions: [String: Int] = [:]
    /// Connections the catalog registered its functions on (weakly held).
    private var attached: [WeakConnection] = []

    /// An empty catalog.
    public init() {}

    /// The catalog of built-in packs. Their entries are made when first needed.
    public static func builtIn() -> Catalog {
        let catalog = Catalog()
        catalog.pending = BuiltInPacks.all.map { PendingPack(name: $0.name, upFront: $0.upFront, make: $0.make) }
        return catalog
    }

    /// Adds the built-in packs not made yet, in their order.
    private func makePendingPacks() {
        guard !pending.isEmpty else { return }
        let packs = pending.map { $0.make() }
        pending = []
        for pack in packs { addNow(pack) }
    }

    /// Adds a pack (built-in or from a plugin). Functions whose names already exist replace
    /// the earlier entries; those not ``CatalogFunction/enabledByDefault`` start disabled.
    public func add(_ pack: FunctionPack) {
        makePendingPacks()
        addNow(pack)
    }

    /// Adds a pack that is made only when the catalog is first read (as the built-in packs
    /// are), after those already listed, or right after the pack named `after` when that one
    /// is not made yet either; nothing happens when a pack of that name exists or waits to be
    /// made. `upFront` lists its functions registered as soon as a connection opens
    /// (``CatalogFunction/registeredUpFront``: table-valued functions, modules), read without
    /// making the pack; ``register(on:)`` registers those on later connections, and
    /// ``registerUpFront(ofPack:on:)`` on one already registered.
    ///
    /// ```swift
    /// if catalog.addPack(named: "files", upFront: { [readCSV] }, after: "vsv", later: { filesPack }) {
    ///     try catalog.registerUpFront(ofPack: "files", on: connection)
    /// }
    /// ```
    /// - Returns: whether the pack was added (false: the catalog had it already).
    @discardableResult
    public func addPack(named name: String, upFront: @escaping () -> [CatalogFunction] = { [] }, after: String? = nil,
                        later make: @escaping () -> FunctionPack) -> Bool {
        guard !pending.contains(where: { $0.name == name }),
              !allPacks.contains(where: { $0.name == name }) else { return false }
        if pending.isEmpty {
            addNow(make())
        } else {
            let pack = PendingPack(name: name, upFront: upFront, make: make)
            if let after, let index = pending.firstIndex(where: { $0.name == after }) {
                pending.insert(pack, at: index + 1)
            } else {
                pending.append(pack)
            }
        }
        return true
    }

    /// Registers one pack's enabled up-front functions (``CatalogFunction/registeredUpFront``)
    /// on a connection the catalog registered on before the pack was added
    /// (``addPack(named:upFront:after:later:)``). Does not make the pack when it waits to be.
    public func registerUpFront(ofPack name: String, on connection: Connection) throws {
        if let waiting = pending.first(where: { $0.name == name }) {
            // Nothing can have been disabled while the packs wait to be made.
            for function in waiting.upFront() where function.registeredUpFront && function.enabledByDefault {
                try function.register(connection)
            }
        } else if let pack = allPacks.first(where: { $0.name == name }) {
            for function in pack.functions where function.registeredUpFront && !disabledNames.contains(Catalog.key(function.name)) {
                try function.register(connection)
            }
        }
    }

    private func addNow(_ pack: FunctionPack) {
        allPacks.removeAll { $0.name == pack.name }
        allPacks.append(pack)
        let keys = pack.functions.map { Catalog.key($0.name) }
        if keys.contains(where: { positions[$0] != nil }) {
            let replaced = Set(keys)
            allFunctions.removeAll { replaced.contains(Catalog.key($0.name)) }
            positions = Dictionary(allFunctions.enumerated().map { (Catalog.key($1.name), $0) }, uniquingKeysWith: { $1 })
        }
        allFunctions.reserveCapacity(allFunctions.count + keys.count)
        for (function, key) in zip(pack.functions, keys) {
            positions[key] = allFunctions.count
            allFunctions.append(function)
            if !function.enabledByDefault { disabledNames.insert(key) }
        }
    }

    /// The entry with this name (ASCII case-insensitive, as SQLite compares function names).
    public func function(named name: String) -> CatalogFunction? {
        makePendingPacks()
        return positions[Catalog.key(name)].map { allFunctions[$0] }
    }

    /// The pack with this name (case-insensitive).
    public func pack(named name: String) -> FunctionPack? {
        let key = Catalog.key(name)
        return packs.first { Catalog.key($0.name) == key }
    }

    /// A name folded as SQLite folds function names: ASCII letters only (`É` and `é` differ).
    static func key(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
        return String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether a function is enabled.
    public func isEnabled(_ name: String) -> Bool { !disabled.contains(Catalog.key(name)) }

    /// Functions whose name or pack matches `pattern`, case-insensitively: a glob (`*` any run,
    /// `?` one character) or, when it contains `%`, a LIKE pattern (`%` any run, `_` one
    /// character). A pattern without wildcards matches a whole name or pack name. nil or an
    /// empty pattern matches everything.
    public func functions(matching pattern: String?) -> [CatalogFunction] {
        guard let pattern, !pattern.isEmpty else { return functions }
        return functions.filter { wildcardMatch(pattern, $0.name) || wildcardMatch(pattern, $0.pack) }
    }

    /// The functions a name given to ``enable(_:)`` or ``disable(_:)`` stands for: a function
    /// (when a function and a pack share a name, such as `regexp`, the function), else a pack,
    /// else every function whose name or pack matches it as a pattern (`regexp*`).
    public func resolve(_ name: String) -> [CatalogFunction] {
        if let function = function(named: name) { return [function] }
        if let pack = pack(named: name) { return pack.functions }
        if name.contains(where: { "*?%".contains($0) }) { return functions(matching: name) }
        return []
    }

    // MARK: Connections

    /// Makes every enabled function available on a connection and attaches it, so that later
    /// ``enable(_:)`` and ``disable(_:)`` calls apply to it too.
    ///
    /// Functions are registered when a statement first names them (``Connection/registerOnDemand(_:)``),
    /// so that opening a connection costs the same with 60 functions or 300; those that replace
    /// one of SQLite's own (``CatalogFunction/registeredUpFront``) are registered at once.
    public func register(on connection: Connection) throws {
        attach(connection)
        // Built-in packs not made yet: every function they start with enabled is given to
        // SQLite now by name and signature, its body made at its first call, so that views,
        // triggers, schema expressions and pragma_function_list see the whole catalog from the
        // first statement (nothing can have been disabled: that makes the packs).
        if !pending.isEmpty {
            for (pack, signatures) in BuiltInPacks.signatures.enumerated() where !signatures.isEmpty {
                try connection.add(deferred: signatures, direct: BuiltInPacks.all[pack].direct()) {
                    BuiltInSignature.make(pack: pack, index: $0)
                }
            }
        }
        for function in allFunctions where !disabledNames.contains(Catalog.key(function.name)) {
            // Made packs (a listing, `.enable`, a plugin made them): their enabled functions.
            if function.registeredUpFront || function.makeFunctions != nil {
                try function.register(connection)
            }
        }
        // Packs not made yet: their up-front functions, read without making the pack, enabled
        // as they start (nothing can have switched them yet).
        for pack in pending {
            for function in pack.upFront() where function.registeredUpFront && function.enabledByDefault {
                try function.register(connection)
            }
        }
        // The connection keeps the catalog (which holds connections weakly) alive.
        connection.registerOnDemand { connection, missing in
            self.registerMissing(missing, on: connection)
        }
    }

    /// Registers the enabled function a statement named, if the catalog has one, or one of
    /// sqlsh's ``InternalFunctions`` (enabled always).
    ///
    /// Else, for a function, a definition stored in the database (its `sqlean_define` table, see
    /// the define pack) while `define` is enabled. A stored definition never takes the name of
    /// a catalog function, enabled or not, nor of one of SQLite's (those are never missing): a
    /// database cannot change what `reverse()` or `upper()` do behind the user's back.
    func registerMissing(_ missing: MissingName, on connection: Connection) -> Bool {
        var name = Swift.Substring(missing.name)
        if case .table = missing, let dot = name.firstIndex(of: "."), Catalog.key(String(name[..<dot])) == "main" {
            name = name[name.index(after: dot)...]
        }
        // sqlsh's own statements' functions, whatever the packs' state.
        if case .function(let name) = missing, let registered = InternalFunctions.register(named: name, on: connection) {
            return registered
        }
        if let function = function(named: String(name)) {
            guard isEnabled(function.name) else { return false }
            // A function registered up front that is missing as a table is no eponymous table
            // (a module, such as read_csv, whose tables a statement rewriter makes):
            // registering it again would not help.
            if case .table = missing, function.registeredUpFront { return false }
            // SQLite does not refuse a direct-only function in a schema expression it compiles
            // late (it refuses them in views and triggers): a database cannot make sqlsh
            // register one for it. The statement keeps SQLite's `unknown function` error.
            if case .schemaFunction = missing, function.flags.contains(.directOnly) { return false }
            do {
                try function.register(connection)
                return true
            } catch {
                return false
            }
        }
        switch missing {
        case .function(let name), .schemaFunction(let name):
            return isEnabled("define") && DefineState.of(connection.handle).loadStored(named: name)
        case .table, .module, .collation:
            return false
        }
    }

    /// Stops applying state changes to a connection (for example before closing it).
    public func detach(_ connection: Connection) {
        attached.removeAll { $0.connection == nil || $0.connection === connection }
    }

    private func attach(_ connection: Connection) {
        attached.removeAll { $0.connection == nil }
        if !attached.contains(where: { $0.connection === connection }) {
            attached.append(WeakConnection(connection))
        }
    }

    /// The connections still open that the catalog registered on.
    public var connections: [Connection] { attached.compactMap(\.connection) }

    // MARK: Enabling and disabling

    /// Enables functions by name or pack name and registers them on every attached connection.
    /// - Returns: the functions whose state changed.
    /// - Throws: ``CatalogError/unknownName(_:)`` (nothing changes then), or SQLite's error
    ///   when a connection refuses (for example while a statement runs).
    @discardableResult
    public func enable(_ names: [String]) throws -> [CatalogFunction] {
        try setEnabled(true, names: names, applying: true)
    }

    /// Disables functions by name or pack name and unregisters them from every attached
    /// connection: using one then fails with SQLite's "no such function" error.
    /// - Returns: the functions whose state changed.
    /// - Throws: as ``enable(_:)``.
    @discardableResult
    public func disable(_ names: [String]) throws -> [CatalogFunction] {
        try setEnabled(false, names: names, applying: true)
    }

    /// Marks functions enabled or disabled by name or pack name; with `applying`, also
    /// registers or unregisters them on every attached connection.
    /// - Returns: the functions whose state changed.
    /// - Throws: ``CatalogError/unknownName(_:)`` when a name is neither a function nor a pack
    ///   (checked for all names before anything changes).
    @discardableResult
    public func setEnabled(_ enabled: Bool, names: [String], applying: Bool = false) throws -> [CatalogFunction] {
        var targets: [CatalogFunction] = []
        for name in names {
            let found = resolve(name)
            if found.isEmpty { throw CatalogError.unknownName(name) }
            targets.append(contentsOf: found)
        }
        let previous = disabledNames
        var changed: [CatalogFunction] = []
        for function in targets where isEnabled(function.name) != enabled {
            if enabled { disabledNames.remove(Catalog.key(function.name)) } else { disabledNames.insert(Catalog.key(function.name)) }
            changed.append(function)
        }
        if applying {
            var applied: [(Connection, CatalogFunction)] = []
            do {
                for connection in connections {
                    for function in changed {
                        if enabled { try function.register(connection) } else { try function.unregister(connection) }
                        applied.append((connection, function))
                    }
                }
            } catch {
                // All or nothing (e.g. SQLITE_BUSY on a connection with a statement running):
                // put back the state and what was already done, so the catalog and every
                // connection agree again.
                disabledNames = previous
                for (connection, function) in applied.reversed() {
                    if enabled { try? function.unregister(connection) } else { try? function.register(connection) }
                }
                throw error
            }
        }
        return changed
    }

    /// Enables or disables every function (the `-nofunctions` option), without touching
    /// connections.
    public func setAllEnabled(_ enabled: Bool) {
        disabledNames = enabled ? [] : Set(functions.map { Catalog.key($0.name) })
    }
}

/// Errors of catalog operations.
public enum CatalogError: Error, CustomStringConvertible, Equatable {
    case unknownName(String)

    public var description: String {
        switch self {
        case .unknownName(let name): return "no such function or pack: \(name)"
        }
    }
}

/// A pack not made yet: what makes it, and its functions registered when a connection opens.
private struct PendingPack {
    let name: String
    let upFront: () -> [CatalogFunction]
    let make: () -> FunctionPack
}

/// A connection the catalog registered on, held by its anchor: not kept alive (a weak
/// reference would slow every retain of the connection).
private struct WeakConnection {
    let anchor: ConnectionAnchor
    var connection: Connection? { anchor.connection }
    init(_ connection: Connection) { anchor = connection.anchor }
}

/// Case-insensitive wildcard matching: glob (`*`, `?`), or LIKE (`%`, `_`) when the pattern
/// contains `%` (so that `regexp_*` does not treat `_` as a wildcard). The shell matches
/// SQLite's own functions with it too, as `.functions` matches the catalog's.
public func wildcardMatch(_ pattern: String, _ text: String) -> Bool {
    let isLike = pattern.contains("%")
    let anyRun: Unicode.Scalar = isLike ? "%" : "*"
    let anyOne: Unicode.Scalar = isLike ? "_" : "?"
    let p = Array(pattern.lowercased().unicodeScalars)
    let t = Array(text.lowercased().unicodeScalars)
    var pi = 0, ti = 0
    var star = -1, mark = 0
    while ti < t.count {
        if pi < p.count, p[pi] == anyRun {
            star = pi; mark = ti; pi += 1
        } else if pi < p.count, p[pi] == anyOne || p[pi] == t[ti] {
            pi += 1; ti += 1
        } else if star >= 0 {
            pi = star + 1; mark += 1; ti = mark
        } else {
            return false
        }
    }
    while pi < p.count, p[pi] == anyRun { pi += 1 }
    return pi == p.count
}
