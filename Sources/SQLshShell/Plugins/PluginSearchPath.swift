#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog

/// Where sqlsh looks for plugins to load at start-up.
public enum PluginSearchPath {
    /// The autoload folders: `$SQLSH_PLUGIN_PATH` (folders separated by `:`; set but empty
    /// means none), else `$XDG_DATA_HOME/sqlsh/plugins`, else `~/.local/share/sqlsh/plugins`.
    public static func folders(environment: (String) -> String? = environmentValue) -> [String] {
        if let list = environment("SQLSH_PLUGIN_PATH") {
            return list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let data = environment("XDG_DATA_HOME"), data.hasPrefix("/") {
            return [data + "/sqlsh/plugins"]
        }
        if let home = environment("HOME"), !home.isEmpty {
            return [home + "/.local/share/sqlsh/plugins"]
        }
        return []
    }

    /// The shared libraries (`*.so`) and WebAssembly modules (`*.wasm`) in a folder, sorted by
    /// name; none when it does not exist.
    public static func libraries(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntryName.string(entry)
            if (name.hasSuffix(".so") || name.hasSuffix(".wasm")) && !name.hasPrefix(".") { names.append(name) }
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().map { prefix + $0 }
    }

    /// `getenv` as a String.
    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
