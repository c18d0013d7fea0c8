/*
 * sqlsh_wasm_host.h: how sqlsh reaches its WebAssembly plugin host.
 *
 * The host (WasmKit and the code that loads modules into it) is a shared library of its own,
 * libsqlsh_wasm.so, installed next to the sqlsh binary: the shell dlopens it on the first
 * `.load FILE.wasm`, so a session that loads no WebAssembly plugin never maps it.
 *
 * For each module sqlsh calls the one function it exports, with the plugin host table of
 * sqlsh_plugin.h: the library loads the module and stages its functions through
 * host->add_function exactly as a native plugin's sqlsh_plugin_init does, and fills info from
 * the module's manifest.  `options` holds the sandbox's words (memory=SIZE, fuel=N,
 * grant=NAME,...), one per line.  The ABI of the modules themselves is plugins/wasm/sqlsh_wasm.h.
 */
#ifndef SQLSH_WASM_HOST_H
#define SQLSH_WASM_HOST_H

#include "sqlsh_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The library's file name, and the functions sqlsh calls in it. */
#define SQLSH_WASM_HOST_LIBRARY "libsqlsh_wasm.so"
#define SQLSH_WASM_HOST_ENTRY_POINT "sqlsh_wasm_host_load"
#define SQLSH_WASM_HOST_SANDBOX "sqlsh_wasm_host_sandbox"
#define SQLSH_WASM_HOST_INTERRUPT "sqlsh_wasm_host_interrupt"

typedef int (*sqlsh_wasm_host_load_fn)(const sqlsh_plugin_host *host, sqlsh_plugin_info *info,
                                       const char *path, const char *options);

/* Writes the sandbox `options` give, with every default filled in ("memory=32M fuel=100000000"),
 * or why they are invalid, NUL-terminated into buffer (size bytes, cut to fit).  Returns
 * SQLSH_PLUGIN_OK, or SQLSH_PLUGIN_ERROR with the reason in buffer. */
typedef int (*sqlsh_wasm_host_sandbox_fn)(const char *options, char *buffer, int size);

/* Ends the WebAssembly calls running for the connection `db` (a `sqlite3 *`) with SQLite's
 * "interrupted": sqlsh calls it with every sqlite3_interrupt of a connection, Ctrl-C's too,
 * since SQLite never checks its interrupt while a function runs.  Safe in a signal handler
 * once it was called with NULL (which only makes it ready).  Optional: an older library
 * without it still loads, its calls then running to their fuel limit. */
typedef void (*sqlsh_wasm_host_interrupt_fn)(void *db);

#ifdef __cplusplus
}
#endif
#endif /* SQLSH_WASM_HOST_H */
