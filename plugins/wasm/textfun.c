/*
 * textfun: the example WebAssembly plugin in C (no libc).
 *   make wasm-plugins   builds textfun.wasm with
 *   clang --target=wasm32 -O2 -nostdlib -Wl,--no-entry -o textfun.wasm textfun.c
 */
#include "sqlsh_wasm.h"
#include "reverse.h"  /* the reverse loop, shared with Benchmarks/wasm/native_reverse.c */

SQLSH_EXPORT(sqlsh_manifest) const char *sqlsh_manifest(void) {
    return "sqlsh-wasm 2\n"
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

/*
 * The memory after the data: sqlsh's buffer first (sqlsh_buffer), then what a call allocates for
 * its result (result_space), which the next call takes back (new_call): a result only has to
 * last until sqlsh has copied it, before its next call.
 */
extern unsigned char __heap_base;
static unsigned long buffer_end, heap_top;

/* Whether the memory reaches `end`, growing it when needed. */
static int reach(unsigned long end) {
    unsigned long have = __builtin_wasm_memory_size(0) * 65536ul;
    return end <= have || __builtin_wasm_memory_grow(0, (end - have + 65535) / 65536) != -1ul;
}

SQLSH_EXPORT(sqlsh_buffer) void *sqlsh_buffer(int size) {
    unsigned long start = ((unsigned long)&__heap_base + 7) & ~7ul;
    unsigned long end = (start + (unsigned long)size + 7) & ~7ul;
    if (size < 0 || !reach(end)) return 0;
    buffer_end = heap_top = end;
    return (void *)start;
}

/* Every function starts here: the previous call's result is no longer needed. */
static void new_call(void) { heap_top = buffer_end; }

/* `size` bytes for a result, or 0 when the memory cannot grow. */
static void *result_space(int size) {
    unsigned long start = heap_top;
    unsigned long end = (start + (unsigned long)size + 7) & ~7ul;
    if (size < 0 || !reach(end)) return 0;
    heap_top = end;
    return (void *)start;
}

static void error(sqlsh_value *result, const char *message) {
    int n = 0;
    while (message[n]) n++;
    result->type = SQLSH_ERROR; result->length = n; result->u.bytes = (const unsigned char *)message;
}

SQLSH_EXPORT(wasm_reverse) void wasm_reverse(const sqlsh_value *argv, int argc, sqlsh_value *result) {
    const sqlsh_value *x = &argv[0];
    new_call();
    if (x->type == SQLSH_NULL) return;
    if (x->type != SQLSH_TEXT && x->type != SQLSH_BLOB) return error(result, "wasm_reverse() takes a text or a blob");
    unsigned char *out = result_space(x->length);
    if (!out) return error(result, "out of memory");
    reverse(x->u.bytes, x->length, x->type == SQLSH_TEXT, out);
    result->type = x->type; result->length = x->length; result->u.bytes = out;
}

SQLSH_EXPORT(wasm_slugify) void wasm_slugify(const sqlsh_value *argv, int argc, sqlsh_value *result) {
    const sqlsh_value *x = &argv[0];
    new_call();
    if (x->type == SQLSH_NULL) return;
    if (x->type != SQLSH_TEXT) return error(result, "wasm_slugify() takes a text");
    unsigned char *out = result_space(x->length);
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
    new_call();
    unsigned char *out = result_space(8 * argc + 1);
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
