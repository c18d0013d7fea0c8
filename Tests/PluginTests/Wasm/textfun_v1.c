/*
 * textfun_v1: the example plugin as it was written for ABI 1 (sqlsh_alloc and sqlsh_free around
 * every call), kept so that the tests load a version 1 module (make wasm-plugins builds
 * textfun_v1.wasm; the committed one is the example's build from before ABI 2).
 */
#include "../../../plugins/wasm/sqlsh_wasm.h"

SQLSH_EXPORT(sqlsh_manifest) const char *sqlsh_manifest(void) {
    return "sqlsh-wasm 1\n"
           "plugin textfun 1.0 : Text functions, an example WebAssembly plugin in C\n"
           "scalar wasm_reverse 1 deterministic innocuous : Reverse a text by code points, a blob by bytes\n"
           "details NULL gives NULL; a number is an error.\n"
           "example SELECT wasm_reverse('héllo');  -- olléh\n"
           "scalar wasm_slugify 1 deterministic innocuous : Lowercase ASCII letters and digits joined by '-'\n"
           "example SELECT wasm_slugify('Hello, World!');  -- hello-world\n"
           "scalar wasm_type any deterministic innocuous : The type of each argument, comma-separated\n"
           "example SELECT wasm_type(1, 2.5, 'a', x'00', NULL);  -- integer,real,text,blob,null\n"
           "aggregate wasm_total 1 state=16 deterministic innocuous : Sum of integers, NULL for no rows\n"
           "details Integer overflow and non-integer values are errors; NULLs are skipped.\n"
           "example SELECT wasm_total(value) FROM generate_series(1, 4);  -- 10\n";
}

/* A bump allocator over the memory after the data: sqlsh_free resets it to the block. */
extern unsigned char __heap_base;
static unsigned long heap_top;

SQLSH_EXPORT(sqlsh_alloc) void *sqlsh_alloc(int size) {
    unsigned long start = heap_top ? heap_top : (unsigned long)&__heap_base;
    unsigned long end = (start + (unsigned long)size + 7) & ~7ul;
    unsigned long have = __builtin_wasm_memory_size(0) * 65536ul;
    if (size < 0) return 0;
    if (end > have && __builtin_wasm_memory_grow(0, (end - have + 65535) / 65536) == -1ul) return 0;
    heap_top = end;
    return (void *)start;
}

SQLSH_EXPORT(sqlsh_free) void sqlsh_free(void *block) { heap_top = (unsigned long)block; }

static void error(sqlsh_value *result, const char *message) {
    int n = 0;
    while (message[n]) n++;
    result->type = SQLSH_ERROR; result->length = n; result->u.bytes = (const unsigned char *)message;
}

SQLSH_EXPORT(wasm_reverse) void wasm_reverse(const sqlsh_value *argv, int argc, sqlsh_value *result) {
    const sqlsh_value *x = &argv[0];
    if (x->type == SQLSH_NULL) return;
    if (x->type != SQLSH_TEXT && x->type != SQLSH_BLOB) return error(result, "wasm_reverse() takes a text or a blob");
    unsigned char *out = sqlsh_alloc(x->length);
    if (!out) return error(result, "out of memory");
    int n = x->length;
    for (int i = 0; i < n;) {
        int len = 1;  /* a code point: a lead byte and its continuation bytes (bytes for a blob) */
        if (x->type == SQLSH_TEXT) while (i + len < n && (x->u.bytes[i + len] & 0xC0) == 0x80) len++;
        for (int k = 0; k < len; k++) out[n - i - len + k] = x->u.bytes[i + k];
        i += len;
    }
    result->type = x->type; result->length = n; result->u.bytes = out;
}

SQLSH_EXPORT(wasm_slugify) void wasm_slugify(const sqlsh_value *argv, int argc, sqlsh_value *result) {
    const sqlsh_value *x = &argv[0];
    if (x->type == SQLSH_NULL) return;
    if (x->type != SQLSH_TEXT) return error(result, "wasm_slugify() takes a text");
    unsigned char *out = sqlsh_alloc(x->length);
    if (!out) return error(result, "out of memory");
    int n = 0, dash = 0;
    for (int i = 0; i < x->length; i++) {
        unsigned char c = x->u.bytes[i];
        if (c >= 'A' && c <= 'Z') c += 32;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && n > 0) out[n++] = '-';
            out[n++] = c; dash = 0;
        } else dash = 1;
    }
    result->type = SQLSH_TEXT; result->length = n; result->u.bytes = out;
}

SQLSH_EXPORT(wasm_type) void wasm_type(const sqlsh_value *argv, int argc, sqlsh_value *result) {
    static const char *names[] = {"?", "integer", "real", "text", "blob", "null"};
    unsigned char *out = sqlsh_alloc(8 * argc + 1);
    if (!out) return error(result, "out of memory");
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *name = names[argv[i].type >= 1 && argv[i].type <= 5 ? argv[i].type : 0];
        if (i) out[n++] = ',';
        while (*name) out[n++] = *name++;
    }
    result->type = SQLSH_TEXT; result->length = n; result->u.bytes = out;
}

struct total { long long sum; long long rows; };

SQLSH_EXPORT(wasm_total_step) void wasm_total_step(struct total *state, const sqlsh_value *argv, int argc, sqlsh_value *result) {
    if (argv[0].type == SQLSH_NULL) return;
    if (argv[0].type != SQLSH_INTEGER) return error(result, "wasm_total() adds integers only");
    if (__builtin_add_overflow(state->sum, argv[0].u.integer, &state->sum)) return error(result, "integer overflow");
    state->rows++;
}

SQLSH_EXPORT(wasm_total_final) void wasm_total_final(struct total *state, sqlsh_value *result) {
    if (state->rows == 0) return;
    result->type = SQLSH_INTEGER; result->u.integer = state->sum;
}
