import SQLshCore

/// The function catalog: every known function, which are enabled, and the connections they
/// are registered on.
///
/// The shell owns one catalog. ``register(on:)`` installs the enabled functions on a new
/// connection (at startup and after `.open`); ``disable(_:)`` and ``enable(_:)`` change the
/// state and apply it at once to every attached connection.
public final class Catalog {
    /// All functions, in pack order.
    public private(set) var functions: [CatalogFunction] = []
    /// The packs, in the order they were added.
    public private(set) var packs: [FunctionPack] = []
    /// Lowercased names of disabled functions.
    public private(set) var disabled: Set<String> = []

    /// An empty catalog.
    public init() {}

    /// The catalog of built-in packs.
    public static func builtIn() -> Catalog {
        let catalog = Catalog()
        for pack in BuiltInPacks.all { catalog.add(pack) }
        return catalog
    }

    /// Adds a pack (built-in or from a plugin). Functions whose names already exist replace
    /// the earlier entries.
    public func add(_ pack: FunctionPack) {
        packs.removeAll { $0.name == pack.name }
        packs.append(pack)
        let names = Set(pack.functions.map { $0.name.lowercased() })
        functions.removeAll { names.contains($0.name.lowercased()) }
        functions.append(contentsOf: pack.functions)
    }

    /// The entry with this name (case-insensitive).
    public func function(named name: String) -> CatalogFunction? {
        let key = name.lowercased()
        return functions.first { $0.name.lowercased() == key }
    }

    /// Whether a function is enabled.
    public func isEnabled(_ name: String) -> Bool { !disabled.contains(name.lowercased()) }

    /// Registers every enabled function on a connection.
    public func register(on connection: Connection) throws {
        for function in functions where isEnabled(function.name) {
            try function.register(connection)
        }
    }

    /// Marks functions enabled or disabled by name or pack name, without touching connections.
    /// - Returns: the functions whose state changed.
    /// - Throws: ``CatalogError/unknownName(_:)`` when a name is neither a function nor a pack.
    @discardableResult
    public func setEnabled(_ enabled: Bool, names: [String]) throws -> [CatalogFunction] {
        var targets: [CatalogFunction] = []
        for name in names {
            let key = name.lowercased()
            if let pack = packs.first(where: { $0.name.lowercased() == key }) {
                targets.append(contentsOf: pack.functions)
            } else if let function = function(named: key) {
                targets.append(function)
            } else {
                throw CatalogError.unknownName(name)
            }
        }
        var changed: [CatalogFunction] = []
        for function in targets where isEnabled(function.name) != enabled {
            if enabled { disabled.remove(function.name.lowercased()) } else { disabled.insert(function.name.lowercased()) }
            changed.append(function)
        }
        return changed
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
