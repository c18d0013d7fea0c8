import SQLshPluginSDK

/// The geo plugin: great-circle distances, geohashes and bounding boxes.
let geoPlugin = SQLshPlugin(
    name: "geo", version: "1.0.0",
    summary: "Great-circle distances, geohashes and bounding boxes",
    functions: [haversineFunction, geohashEncodeFunction, geohashDecodeFunction, bboxFunction])

@_cdecl("sqlsh_plugin_init")
public func sqlshPluginInit(_ host: UnsafePointer<sqlsh_plugin_host>?,
                            _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    geoPlugin.register(host: host, info: info)
}
