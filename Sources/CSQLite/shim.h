#ifndef SQLSH_CSQLITE_SHIM_H
#define SQLSH_CSQLITE_SHIM_H
// The session extension's declarations (`.session`); the library is built with it.
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#include <sqlite3.h>

// SQLITE_STATIC and SQLITE_TRANSIENT are casts of integers to function pointers,
// which Swift does not import; these give them a name.
static inline sqlite3_destructor_type sqlsh_sqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline sqlite3_destructor_type sqlsh_sqlite_static(void) { return SQLITE_STATIC; }

// sqlite3_db_config and sqlite3_config are variadic; Swift cannot call C variadic functions.
static inline int sqlsh_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}
// sqlite3_vtab_config is variadic too; used by table-valued functions in their xConnect.
static inline int sqlsh_vtab_config(sqlite3 *db, int op) {
    return sqlite3_vtab_config(db, op);
}
// sqlite3_config(SQLITE_CONFIG_LOG, ...) is variadic; it must run before sqlite3_initialize.
static inline int sqlsh_config_log(void (*callback)(void *, int, const char *), void *argument) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, argument);
}
// sqlite3's shell runs SQLite in multi-thread mode (no per-connection mutex: every
// sqlite3_column_* call would lock one); must run before sqlite3_initialize.
static inline int sqlsh_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}
// Single-thread mode: no mutex at all (also none around the allocator, the page cache and
// the PRNG); must run before sqlite3_initialize.
static inline int sqlsh_config_singlethread(void) {
    return sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
}
// sqlite3_snprintf is variadic; the shell formats REAL values with it (`%!.15g`, `%!.20g`).
// Returns the length of the text written to buf.
static inline int sqlsh_format_double(char *buf, int size, const char *format, double value) {
    sqlite3_snprintf(size, buf, format, value);
    int n = 0;
    while (n < size && buf[n]) n++;
    return n;
}
// SQLite's `%.*f` of a REAL into buf (what its round() prints); returns the length written.
static inline int sqlsh_format_fixed(char *buf, int size, int digits, double value) {
    sqlite3_snprintf(size, buf, "%.*f", digits, value);
    int n = 0;
    while (n < size && buf[n]) n++;
    return n;
}
// sqlite3_test_control is variadic; `.imposter` and `.testctrl` call it through these.
static inline int sqlsh_test_control_imposter(sqlite3 *db, const char *schema, int on, int tnum) {
    return sqlite3_test_control(SQLITE_TESTCTRL_IMPOSTER, db, schema, on, tnum);
}
static inline int sqlsh_test_control_int(int op, int value) {
    return sqlite3_test_control(op, value);
}
static inline int sqlsh_test_control_db_int(int op, sqlite3 *db, int value) {
    return sqlite3_test_control(op, db, value);
}
static inline int sqlsh_test_control_none(int op) {
    return sqlite3_test_control(op);
}
static inline int sqlsh_test_control_int_db(int op, int value, sqlite3 *db) {
    return sqlite3_test_control(op, value, db);
}
static inline int sqlsh_test_control_db(int op, sqlite3 *db) {
    return sqlite3_test_control(op, db);
}
static inline int sqlsh_test_control_db_u64(int op, sqlite3 *db, sqlite3_uint64 *out) {
    return sqlite3_test_control(op, db, out);
}
// sqlite3_config is variadic; -memtrace wraps the memory allocator through these.
static inline int sqlsh_config_getmalloc(sqlite3_mem_methods *methods) {
    return sqlite3_config(SQLITE_CONFIG_GETMALLOC, methods);
}
static inline int sqlsh_config_malloc(const sqlite3_mem_methods *methods) {
    return sqlite3_config(SQLITE_CONFIG_MALLOC, methods);
}
#endif
