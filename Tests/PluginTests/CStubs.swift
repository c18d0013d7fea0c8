/// C sources of small libraries the loading tests compile with `cc`.
enum CStubs {
    /// A working C plugin: `c_twice(x)` (a scalar) and `c_count()` (an aggregate).
    static let good = """
        #include <sqlite3.h>
        #include "sqlsh_plugin.h"
        static void twice(struct sqlite3_context *c, int n, struct sqlite3_value **v) {
            if (sqlite3_value_type(v[0]) == SQLITE_NULL) { sqlite3_result_null(c); return; }
            sqlite3_result_int64(c, 2 * sqlite3_value_int64(v[0]));
        }
        static void step(struct sqlite3_context *c, int n, struct sqlite3_value **v) {
            sqlite3_int64 *count = sqlite3_aggregate_context(c, sizeof *count);
            if (count) (*count)++;
        }
        static void final(struct sqlite3_context *c) {
            sqlite3_int64 *count = sqlite3_aggregate_context(c, 0);
            sqlite3_result_int64(c, count ? *count : 0);
        }
        int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
            info->abi_version = SQLSH_PLUGIN_ABI_VERSION;
            info->name = "cgood"; info->version = "0.1"; info->description = "a C plugin";
            if (host->abi_version != SQLSH_PLUGIN_ABI_VERSION) return SQLSH_PLUGIN_ERROR;
            sqlsh_plugin_function f = { sizeof f };
            f.name = "c_twice"; f.kind = SQLSH_PLUGIN_SCALAR; f.argument_count = 1;
            f.flags = SQLSH_PLUGIN_DETERMINISTIC | SQLSH_PLUGIN_INNOCUOUS;
            f.summary = "twice a number"; f.x_func = twice;
            if (host->add_function(host->context, &f) != SQLSH_PLUGIN_OK) return SQLSH_PLUGIN_ERROR;
            sqlsh_plugin_function g = { sizeof g };
            g.name = "c_count"; g.pack = "ccount"; g.kind = SQLSH_PLUGIN_AGGREGATE; g.argument_count = -1;
            g.summary = "count rows"; g.x_step = step; g.x_final = final;
            return host->add_function(host->context, &g);
        }
        """

    /// Declares ABI version 99.
    static let badABI = """
        #include "sqlsh_plugin.h"
        int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
            info->abi_version = 99; info->name = "future";
            return SQLSH_PLUGIN_OK;
        }
        """

    /// Adds a good function, then one with an invalid kind; add_function refuses it and the
    /// plugin gives up. `stub_first` must not be left behind. Counts destroy calls in a file.
    static let partWay = """
        #include <stdio.h>
        #include <sqlite3.h>
        #include "sqlsh_plugin.h"
        static void one(struct sqlite3_context *c, int n, struct sqlite3_value **v) { sqlite3_result_int(c, 1); }
        static void destroyed(void *p) { FILE *f = fopen((const char *)p, "a"); if (f) { fputs("destroyed\\n", f); fclose(f); } }
        int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
            info->abi_version = SQLSH_PLUGIN_ABI_VERSION; info->name = "partway";
            sqlsh_plugin_function f = { sizeof f };
            f.name = "stub_first"; f.kind = SQLSH_PLUGIN_SCALAR; f.argument_count = 0; f.x_func = one;
            f.user_data = (void *)DESTROY_LOG; f.destroy = destroyed;
            if (host->add_function(host->context, &f) != SQLSH_PLUGIN_OK) return SQLSH_PLUGIN_ERROR;
            f.name = "stub_second"; f.kind = 7;
            if (host->add_function(host->context, &f) != SQLSH_PLUGIN_OK) return SQLSH_PLUGIN_ERROR;
            return SQLSH_PLUGIN_OK;
        }
        """

    /// Adds a function, then reports its own failure.
    static let failing = """
        #include <sqlite3.h>
        #include "sqlsh_plugin.h"
        static void one(struct sqlite3_context *c, int n, struct sqlite3_value **v) { sqlite3_result_int(c, 1); }
        int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
            info->abi_version = SQLSH_PLUGIN_ABI_VERSION; info->name = "failing";
            sqlsh_plugin_function f = { sizeof f };
            f.name = "failing_one"; f.kind = SQLSH_PLUGIN_SCALAR; f.argument_count = 0; f.x_func = one;
            host->add_function(host->context, &f);
            host->set_error(host->context, "cannot find my configuration");
            return SQLSH_PLUGIN_ERROR;
        }
        """

    /// Tries to add `reverse`, a built-in, next to a new function.
    static let collision = """
        #include <sqlite3.h>
        #include "sqlsh_plugin.h"
        static void one(struct sqlite3_context *c, int n, struct sqlite3_value **v) { sqlite3_result_int(c, 1); }
        int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
            info->abi_version = SQLSH_PLUGIN_ABI_VERSION; info->name = "clash";
            sqlsh_plugin_function f = { sizeof f };
            f.name = "clash_new"; f.kind = SQLSH_PLUGIN_SCALAR; f.argument_count = 1; f.x_func = one;
            host->add_function(host->context, &f);
            f.name = "reverse";
            return host->add_function(host->context, &f);
        }
        """

    /// Tries to add one of SQLite's own functions, `name` with `arity` arguments, next to a new
    /// function: loaded, it would replace SQLite's in every later query.
    static func sqliteOwnName(_ name: String, arity: Int) -> String {
        """
        #include <sqlite3.h>
        #include "sqlsh_plugin.h"
        static void one(struct sqlite3_context *c, int n, struct sqlite3_value **v) { sqlite3_result_int(c, 42); }
        int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info) {
            info->abi_version = SQLSH_PLUGIN_ABI_VERSION; info->name = "takeover";
            sqlsh_plugin_function f = { sizeof f };
            f.name = "takeover_new"; f.kind = SQLSH_PLUGIN_SCALAR; f.argument_count = 1; f.x_func = one;
            host->add_function(host->context, &f);
            f.name = "\(name)"; f.argument_count = \(arity);
            return host->add_function(host->context, &f);
        }
        """
    }

    /// An ordinary SQLite loadable extension with `ext_hello()`.
    static let sqliteExtension = """
        #include <sqlite3ext.h>
        SQLITE_EXTENSION_INIT1
        static void hello(sqlite3_context *c, int n, sqlite3_value **v) { sqlite3_result_text(c, "hello", -1, SQLITE_STATIC); }
        int sqlite3_extension_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
            SQLITE_EXTENSION_INIT2(api);
            return sqlite3_create_function(db, "ext_hello", 0, SQLITE_UTF8, 0, hello, 0, 0);
        }
        int other_entry(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
            SQLITE_EXTENSION_INIT2(api);
            return sqlite3_create_function(db, "ext_other", 0, SQLITE_UTF8, 0, hello, 0, 0);
        }
        """
}
