/*
 * sqlsh_plugin.h: the C ABI between sqlsh and its plugins.
 *
 * A sqlsh plugin is a shared library that exports one function:
 *
 *     int sqlsh_plugin_init(const sqlsh_plugin_host *host, sqlsh_plugin_info *info);
 *
 * sqlsh calls it once, right after dlopen.  The plugin
 *   1. sets info->abi_version to SQLSH_PLUGIN_ABI_VERSION (always, first) and fills in
 *      info->name, info->version and info->description;
 *   2. checks host->abi_version == SQLSH_PLUGIN_ABI_VERSION, and otherwise reports the
 *      mismatch through host->set_error and returns SQLSH_PLUGIN_ERROR;
 *   3. calls host->add_function once per SQLite registration (a name and an argument count);
 *   4. returns SQLSH_PLUGIN_OK, or SQLSH_PLUGIN_ERROR after host->set_error.
 *
 * sqlsh checks info->abi_version too.  Registration is staged: nothing becomes visible
 * unless init returns SQLSH_PLUGIN_OK, the versions match, every function was accepted and
 * none clashes with a function or pack already in the catalog; otherwise sqlsh calls the
 * destroy callback of every accepted (staged) function and reports the error.  A function
 * add_function refused is not kept: the plugin still owns its user data.
 * A plugin stays loaded until the process exits (it is never dlclose'd once init ran).
 *
 * Plugin and sqlsh link the same system libsqlite3, so callbacks call sqlite3_* directly
 * (sqlite3_value_*, sqlite3_result_*, sqlite3_aggregate_context, sqlite3_user_data, ...).
 * sqlsh registers each function on every connection it opens (sqlite3_create_function_v2, or
 * sqlite3_create_window_function for windows) with the plugin's user_data and no destructor:
 * the user data is shared by all connections and lives as long as the process.
 *
 * All strings are UTF-8 and NUL-terminated.  Strings passed to add_function and set_error are
 * copied during the call.  The strings in sqlsh_plugin_info are read (and copied) after init
 * returns, so they must outlive the call: string literals or other static storage, never a
 * buffer on init's stack.
 */
#ifndef SQLSH_PLUGIN_H
#define SQLSH_PLUGIN_H

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version described by this header.  Both sides must agree exactly. */
#define SQLSH_PLUGIN_ABI_VERSION 1

/* The name of the entry point a plugin exports. */
#define SQLSH_PLUGIN_ENTRY_POINT "sqlsh_plugin_init"

/* Return codes of sqlsh_plugin_init and of the host callbacks. */
#define SQLSH_PLUGIN_OK 0
#define SQLSH_PLUGIN_ERROR 1

/* Function kinds (sqlsh_plugin_function.kind). */
#define SQLSH_PLUGIN_SCALAR 0    /* x_func */
#define SQLSH_PLUGIN_AGGREGATE 1 /* x_step, x_final */
#define SQLSH_PLUGIN_WINDOW 2    /* x_step, x_final, x_value, x_inverse: also usable with OVER */

/* Flags (sqlsh_plugin_function.flags): SQLite's own values, SQLITE_UTF8 is implied. */
#define SQLSH_PLUGIN_DETERMINISTIC 0x000000800 /* SQLITE_DETERMINISTIC */
#define SQLSH_PLUGIN_DIRECTONLY 0x000080000    /* SQLITE_DIRECTONLY */
#define SQLSH_PLUGIN_SUBTYPE 0x000100000       /* SQLITE_SUBTYPE */
#define SQLSH_PLUGIN_INNOCUOUS 0x000200000     /* SQLITE_INNOCUOUS */

struct sqlite3_context;
struct sqlite3_value;

typedef void (*sqlsh_plugin_xfunc)(struct sqlite3_context *context, int argc, struct sqlite3_value **argv);
typedef void (*sqlsh_plugin_xfinal)(struct sqlite3_context *context);
typedef void (*sqlsh_plugin_destroy)(void *user_data);

/* One SQLite registration with its catalog metadata.  Several registrations with the same
 * name (different argument counts) form one catalog entry; its metadata comes from the first. */
typedef struct sqlsh_plugin_function {
    unsigned int struct_size;    /* sizeof(sqlsh_plugin_function) */
    const char *name;            /* SQL name: letters, digits, '_', not starting with a digit */
    const char *pack;            /* pack for .functions/.enable/.disable; NULL: the plugin's name */
    int kind;                    /* SQLSH_PLUGIN_SCALAR, _AGGREGATE or _WINDOW */
    int argument_count;          /* 0..127, or -1 for any number */
    int flags;                   /* SQLSH_PLUGIN_DETERMINISTIC | ... */
    const char *summary;         /* one line, no final period */
    const char *description;     /* longer text (NULL or "": none) */
    const char *example;         /* e.g. "SELECT f(1);  -- 2" (NULL or "": none) */
    void *user_data;             /* sqlite3_user_data() in the callbacks */
    sqlsh_plugin_xfunc x_func;   /* scalar */
    sqlsh_plugin_xfunc x_step;   /* aggregate and window */
    sqlsh_plugin_xfinal x_final; /* aggregate and window */
    sqlsh_plugin_xfinal x_value; /* window */
    sqlsh_plugin_xfunc x_inverse; /* window */
    sqlsh_plugin_destroy destroy; /* called with user_data if the function is discarded; may be NULL */
} sqlsh_plugin_function;

/* What sqlsh offers the plugin during sqlsh_plugin_init. */
typedef struct sqlsh_plugin_host {
    int abi_version;             /* SQLSH_PLUGIN_ABI_VERSION of the host */
    const char *host_version;    /* e.g. "sqlsh 0.1.0" */
    const char *sqlite_version;  /* sqlite3_libversion() */
    void *context;               /* pass back to the callbacks */
    /* Stages one registration.  Returns SQLSH_PLUGIN_OK, or SQLSH_PLUGIN_ERROR with the reason
     * recorded (invalid name, kind, argument count, flags or callbacks; a duplicate). */
    int (*add_function)(void *context, const sqlsh_plugin_function *function);
    /* Records why initialisation failed (shown to the user). */
    void (*set_error)(void *context, const char *message);
} sqlsh_plugin_host;

/* What the plugin tells sqlsh about itself. */
typedef struct sqlsh_plugin_info {
    int abi_version;             /* SQLSH_PLUGIN_ABI_VERSION the plugin was built with */
    const char *name;            /* short name: "geo" */
    const char *version;         /* "1.0.0" */
    const char *description;     /* one line */
} sqlsh_plugin_info;

/* The entry point's type. */
typedef int (*sqlsh_plugin_init_fn)(const sqlsh_plugin_host *host, sqlsh_plugin_info *info);

#ifdef __cplusplus
}
#endif
#endif /* SQLSH_PLUGIN_H */
