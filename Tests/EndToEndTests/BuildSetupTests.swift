import Foundation
import Testing

/// The set-up the README promises: `make deps` installs the -dev packages with apt-get when
/// their headers are missing (through sudo when not root), and `.ci/run` fails when
/// `make test` fails. apt-get and sudo are stand-ins that only log their arguments.
@Suite struct BuildSetupTests {
    private static let root = ShellRunner.packageRoot.path

    /// Runs a command in the package root; returns standard output and error, and the status.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (output: String, status: Int32) {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "MAKEFLAGS")
        env.removeValue(forKey: "MFLAGS")
        for (key, value) in environment { env[key] = value }
        return try ShellRunner.runMerged("/usr/bin/env", arguments, in: URL(fileURLWithPath: Self.root), environment: env)
    }

    /// A folder with logging stand-ins for apt-get and sudo.
    private func standIns() throws -> (folder: String, log: String) {
        let folder = NSTemporaryDirectory() + "sqlsh-make-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = folder + "/log"
        let aptGet = "#!/bin/sh\necho \"apt-get $* [$DEBIAN_FRONTEND]\" >> '\(log)'\n"
        // Like sudo's env_reset: the caller's DEBIAN_FRONTEND does not get through.
        let sudo = "#!/bin/sh\necho \"sudo $1\" >> '\(log)'\nunset DEBIAN_FRONTEND\nexec \"$@\"\n"
        // Written by a child shell, not by this process: a file open for writing here would be
        // inherited by processes other tests spawn meanwhile, and running it would then fail
        // with "Text file busy" (ETXTBSY) until they exit.
        for (name, text) in [("apt-get", aptGet), ("sudo", sudo)] {
            let written = try run(["/bin/sh", "-c", "printf '%s' \"$2\" > \"$1\" && chmod 755 \"$1\"", "sh", folder + "/" + name, text])
            #expect(written.status == 0, "\(written.output)")
        }
        return (folder, log)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make")))
    func depsInstallsTheDevPackagesWhenTheirHeadersAreMissing() throws {
        let (folder, log) = try standIns()
        // Not root: through sudo, with DEBIAN_FRONTEND set on apt-get's side of sudo.
        let user = try run(["make", "-s", "deps", "INCLUDEDIR=/nonexistent", "APT_GET=\(folder)/apt-get", "SUDO=\(folder)/sudo"],
                           environment: ["DEBIAN_FRONTEND": ""])
        #expect(user.status == 0, "\(user.output)")
        #expect(user.output.contains("Installing: libsqlite3-dev libedit-dev libpcre2-dev"))
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.hasPrefix("""
            sudo \(folder)/apt-get
            apt-get update -qq []
            sudo env
            apt-get install -y -qq libsqlite3-dev libedit-dev libpcre2-dev
            """), "\(logged)")
        #expect(logged.hasSuffix(" [noninteractive]\n"), "\(logged)")
        // Root: no sudo.
        try FileManager.default.removeItem(atPath: log)
        let root = try run(["make", "-s", "deps", "INCLUDEDIR=/nonexistent", "APT_GET=\(folder)/apt-get", "SUDO="])
        #expect(root.status == 0, "\(root.output)")
        let rootLog = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!rootLog.contains("sudo"))
        #expect(rootLog.contains("apt-get install -y -qq libsqlite3-dev libedit-dev libpcre2-dev"))
        // Headers present (this machine builds sqlsh, so they are): nothing to install.
        try FileManager.default.removeItem(atPath: log)
        let present = try run(["make", "-s", "deps", "APT_GET=\(folder)/apt-get", "SUDO=\(folder)/sudo"])
        #expect(present.status == 0, "\(present.output)")
        #expect(!FileManager.default.fileExists(atPath: log), "\(present.output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make")))
    func ciFailsWhenTheTestsFail() throws {
        // SWIFT=false makes `make test` fail at its first swift command.
        let failing = try run([Self.root + "/.ci/run"], environment: ["SWIFT": "false"])
        #expect(failing.status != 0, "\(failing.output)")
        #expect(failing.output.contains("false build"))
    }
}
