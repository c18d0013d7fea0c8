import SQLshPluginSDK

/// The inet plugin: IPv4 and IPv6 addresses and subnets, with sqlean's ipaddr names and
/// semantics (invalid input gives NULL).
let inetPlugin = SQLshPlugin(
    name: "inet", version: "1.0.0",
    summary: "IPv4 and IPv6 addresses and subnets (sqlean ipaddr compatible)",
    functions: [ipfamilyFunction, iphostFunction, ipmasklenFunction, ipnetworkFunction, ipcontainsFunction])

@_cdecl("sqlsh_plugin_init")
public func sqlshPluginInit(_ host: UnsafePointer<sqlsh_plugin_host>?,
                            _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    inetPlugin.register(host: host, info: info)
}
