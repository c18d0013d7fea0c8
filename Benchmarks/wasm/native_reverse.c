/*
 * The WebAssembly example's wasm_reverse and wat_add as a native sqlsh plugin in C, the same
 * code, for Benchmarks/wasm.sh: the sandbox's cost is the difference.
 */
#include <sqlite3.h>
#include <stdlib.h>
#include "sqlsh_plugin.h"
#include "reverse.h"  /* plugins/wasm/reverse.h: the very loop of wasm_reverse */

static void c_reverse(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
    int type = sqlite3_value_type(argv[0]);
    if (type == SQLITE_NULL) return;
    if (type != SQLITE_TEXT && type != SQLITE_BLOB) { sqlite3_result_error(ctx, "c_reverse() takes a text or a blob", -1); return; }
    const unsigned char *in = type == SQLITE_TEXT ? sqlite3_value_text(argv[0]) : sqlite3_value_blob(argv[0]);
    int n = sqlite3_value_bytes(argv[0]);
    unsigned char *out = malloc(n ? n : 1);
    if (!out) { sqlite3_result_error_nomem(ctx); return; }
    reverse(in, n, type == SQLITE_TEXT, out);
    if (type == SQLITE_TEXT) sqlite3_result_text(ctx, (const char *)out, n, free);
    else sqlite3_result_blob(ctx, out, n, free);
}

static void c_add(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
    if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER || sqlite3_value_type(argv[1]) != SQLITE_INTEGER) return;
    sqlite3_int64 sum;
    if (__builtin_add_overflow(sqlite3_value_int64(argv[0]), sqlite3_value_int64(argv[1]), &sum)) {
        sqlite3_result_error(ctx, "integer overflow", -1);
        return;
    }
    sqlite3_result_int64(ctx, sum);
}

int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
    info->abi_version = SQLSH_PLUGIN_ABI_VERSION;
    info->name = "native_bench";
    info->version = "1.0";
    info->description = "c_reverse and c_add, for the WebAssembly benchmark";
    if (host->abi_version != SQLSH_PLUGIN_ABI_VERSION) return SQLSH_PLUGIN_ERROR;
    sqlsh_plugin_function f = {0};
    f.struct_size = sizeof f;
    f.kind = SQLSH_PLUGIN_SCALAR;
    f.flags = SQLSH_PLUGIN_DETERMINISTIC | SQLSH_PLUGIN_INNOCUOUS;
    f.summary = "benchmark";
    f.name = "c_reverse"; f.argument_count = 1; f.x_func = c_reverse;
    if (host->add_function(host->context, &f) != SQLSH_PLUGIN_OK) return SQLSH_PLUGIN_ERROR;
    f.name = "c_add"; f.argument_count = 2; f.x_func = c_add;
    return host->add_function(host->context, &f);
}
