import Foundation
import TestSupport
import Testing

/// The package root (this file is Tests/PluginTests/TestSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The build folder these tests were built in: the one holding the test bundle when sqlsh was
/// built beside it (`.build/debug`, or `.build-asan/debug` under `make test-sanitize`), else the
/// debug build folder `swift build` writes to.
let buildFolder: String = {
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().path
    if FileManager.default.isExecutableFile(atPath: bundleFolder + "/sqlsh") { return bundleFolder }
    return packageRoot + "/.build/debug"
}()

/// The example plugins, built from the current sources. `make test` builds them into
/// `.build/debug` (`swift build` builds every product) before `swift test`, and
/// `make test-sanitize` into its own build folder; when they are
/// missing there or older than their sources (a plain `swift test`, which builds only what the
/// test targets link), the tests build them in a scratch folder of their own.
let geoPlugin = pluginFolder + "/libsqlsh_geo.so"
let inetPlugin = pluginFolder + "/libsqlsh_inet.so"
/// The WebAssembly examples and test modules (committed .wasm files, built by `make wasm-plugins`).
let textfunWasm = packageRoot + "/plugins/wasm/textfun.wasm"
let upperWasm = packageRoot + "/plugins/wasm/upper.wasm"
func testModule(_ name: String) -> String { packageRoot + "/Tests/PluginTests/Wasm/\(name).wasm" }

let pluginFolder: String = {
    let products = ["sqlsh_geo", "sqlsh_inet", "sqlsh_wasm"]
    if pluginsAreCurrent(products.map { buildFolder + "/lib\($0).so" }) { return buildFolder }
    // Not the package's own .build: `swift test` holds its lock while the tests run.
    let scratch = packageRoot + "/.build-plugintests"
    for product in products {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", packageRoot, "--scratch-path", scratch, "--product", product]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return buildFolder }
        process.waitUntilExit()
        if process.terminationStatus != 0 { return buildFolder }  // requireBuilt says what is missing
    }
    return scratch + "/debug"
}()

/// Whether every library exists and is newer than the sources it is built from.
private func pluginsAreCurrent(_ libraries: [String]) -> Bool {
    let fm = FileManager.default
    func modified(_ path: String) -> Date? { (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
    let built = libraries.map(modified)
    guard built.allSatisfy({ $0 != nil }), let oldest = built.compactMap({ $0 }).min() else { return false }
    var newest = modified(packageRoot + "/Package.swift") ?? .distantPast
    for folder in ["plugins", "Sources/SQLshPluginSDK", "Sources/SQLshCore", "Sources/CSQLshPlugin",
                   "Sources/SQLshWasm", "Sources/WasmHostLibrary"] {
        let root = packageRoot + "/" + folder
        for file in fm.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
            if let date = modified(root + "/" + file), date > newest { newest = date }
        }
    }
    return oldest >= newest
}

/// Fails the test with a clear message when a plugin has not been built.
func requireBuilt(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(FileManager.default.fileExists(atPath: path),
                 "\(path) is not built (and building it failed): run `swift build` before `swift test`",
                 sourceLocation: sourceLocation)
}

/// What a run of sqlsh printed and returned.
struct RunResult {
    var out: String
    var err: String
    var status: Int32
}

/// Runs the built sqlsh with `input` on standard input. The autoload path is empty unless
/// `environment` sets SQLSH_PLUGIN_PATH, so the user's own plugins never interfere.
func sqlsh(_ arguments: [String] = [], input: String, environment: [String: String] = [:],
           directory: String? = nil) throws -> RunResult {
    let binary = buildFolder + "/sqlsh"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "\(binary) is not built")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = ["-batch"] + arguments
    var env = ProcessInfo.processInfo.environment
    env["SQLSH_PLUGIN_PATH"] = ""
    env["HOME"] = NSTemporaryDirectory()
    // The WebAssembly host built beside the example plugins (sqlsh finds the one next to it
    // otherwise, which is the same file under `make test`).
    if pluginFolder != buildFolder { env["SQLSH_WASM_HOST"] = pluginFolder + "/libsqlsh_wasm.so" }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    ChildInput.send(Data(input.utf8), to: stdin)
    // Read both pipes concurrently so that neither can fill up and block the child.
    let errData = DataBox()
    let done = DispatchSemaphore(value: 0)
    let errReader = Thread {
        errData.data = stderr.fileHandleForReading.readDataToEndOfFile()
        done.signal()
    }
    errReader.start()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return RunResult(out: String(decoding: outData, as: UTF8.self),
                     err: String(decoding: errData.data, as: UTF8.self), status: process.terminationStatus)
}

/// `.load`s the plugins, then runs `sql`; returns standard output, failing on any error output.
func query(_ sql: String, plugins: [String] = [geoPlugin, inetPlugin],
           sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    for plugin in plugins { try requireBuilt(plugin, sourceLocation: sourceLocation) }
    let loads = plugins.map { ".load '\($0)'\n" }.joined()
    let result = try sqlsh(input: loads + sql + "\n")
    #expect(result.err == "", sourceLocation: sourceLocation)
    return result.out
}

/// The error output of a statement (after loading the plugins), which must fail.
func failure(_ sql: String, plugins: [String] = [geoPlugin, inetPlugin],
             sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    for plugin in plugins { try requireBuilt(plugin, sourceLocation: sourceLocation) }
    let loads = plugins.map { ".load '\($0)'\n" }.joined()
    let result = try sqlsh(input: loads + sql + "\n")
    #expect(result.status == 1, sourceLocation: sourceLocation)
    return result.err
}

/// A fresh temporary folder.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "sqlsh-plugin-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Compiles a C source into a shared library with the system compiler, against the plugin
/// header; returns the library's path.
func compileC(_ source: String, name: String, in folder: String) throws -> String {
    let sourcePath = folder + "/\(name).c"
    let libraryPath = folder + "/\(name).so"
    try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [cCompiler, "-shared", "-fPIC", "-o", libraryPath, "-I", packageRoot + "/Sources/CSQLshPlugin/include",
                         sourcePath, "-lsqlite3"]
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(cCompiler) failed: \(message)")
    return libraryPath
}

/// The system C compiler: `cc`, else the `clang` that comes with the Swift toolchain (a machine
/// with only Swift installed has no `cc`).
let cCompiler: String = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    for name in ["cc", "clang", "gcc"] where folders.contains(where: {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }) {
        return name
    }
    return "cc"
}()

/// Bytes filled in by a reader thread.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
