// A plugin imports only SQLshPluginSDK: the core's function API (SQLFunction, Arguments,
// ResultContext, Aggregate, WindowAggregate, values) and the C ABI types come with it.
@_exported import SQLshCore
@_exported import CSQLshPlugin
