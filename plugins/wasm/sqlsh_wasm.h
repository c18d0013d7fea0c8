/*
 * sqlsh_wasm.h: the ABI between sqlsh and its WebAssembly plugins (ABI 2; sqlsh still loads
 * ABI 1 modules, see the end of this comment).
 *
 * A plugin is a wasm32 module.  sqlsh instantiates it once, in a sandbox of its own, and
 * registers the SQL functions its manifest declares.  The module exports:
 *
 *   memory                       its linear memory
 *   const char *sqlsh_manifest(void)
 *                                the address of a NUL-terminated UTF-8 manifest (below)
 *   void *sqlsh_buffer(int size) the address of at least `size` bytes that sqlsh keeps for the
 *                                values of every call, or 0 when out of memory (the call then
 *                                fails with an SQL error).  sqlsh asks at the first call and
 *                                again only when a call needs more room (the old buffer is then
 *                                the module's again); nothing else of the module's may live there
 *   and one export per function:
 *     scalar NAME:     void NAME(const sqlsh_value *argv, int argc, sqlsh_value *result)
 *     aggregate NAME:  void NAME_step(void *state, const sqlsh_value *argv, int argc,
 *                                     sqlsh_value *result)
 *                      void NAME_final(void *state, sqlsh_value *result)
 *
 * The manifest, one declaration a line ('#' starts a comment line):
 *
 *   sqlsh-wasm 2                                    first line: the ABI version
 *   plugin NAME ?VERSION? : SUMMARY                 optional; NAME defaults to the file's
 *   scalar NAME ARGS ?FLAGS? : SUMMARY              ARGS: 0 to 127, or any
 *   aggregate NAME ARGS state=BYTES ?FLAGS? : SUMMARY
 *   details TEXT                                    for the function above (.describe)
 *   example SQL  -- RESULT                          for the function above (.describe)
 *
 * FLAGS: deterministic (same arguments, same result), innocuous (safe in triggers and views
 * of untrusted schemas), directonly (only from top-level SQL).  Names are letters, digits and
 * '_', not starting with a digit.
 *
 * A call is one invocation of the function.  sqlsh writes into the buffer, from its start: the
 * result record (set to NULL), argc argument records, the aggregate's state, then each text or
 * blob argument's bytes followed by a NUL byte (the one copy in).  The function reads argv and
 * writes *result.  A text or blob result points into the module's memory (static, or allocated
 * by the module) and is copied once by SQLite (the one copy out) before sqlsh calls the module
 * again: what a call allocates for its result, the module takes back at its next call (the
 * example textfun.c resets its allocator at the start of each function).  A text argument is
 * SQLite's bytes as they are, which may not be valid UTF-8; a text result must be valid UTF-8
 * (return a blob for bytes), and no longer than SQLite's length limit.  The type SQLSH_ERROR
 * fails the call with its text as message.
 *
 * An aggregate's state is BYTES bytes that sqlsh keeps between calls, zero for a new group:
 * NAME_step updates it in place, NAME_final reads it (and runs on a zero state when the group
 * has no rows).
 *
 * The sandbox: no imports at all unless granted when loading (`grant=clock` gives the WASI
 * clock_time_get and clock_res_get, `grant=random` random_get); linear memory up to the memory
 * limit (memory.grow fails beyond it); a budget of fuel (about one unit per instruction) for
 * each call.  A trap, an out-of-bounds access, running out of fuel, a buffer or a result
 * outside memory fails that call with an SQL error; the module stays loaded and is called
 * again afresh (its buffer is kept: sqlsh writes every call's values anew).
 *
 * ABI 1 (manifest 'sqlsh-wasm 1'), still loaded: in place of sqlsh_buffer the module exports
 *   void *sqlsh_alloc(int size)  `size` bytes for one call's values, or 0 when out of memory
 *   void sqlsh_free(void *block) the call that used `block` is over: its block and anything
 *                                the call allocated (its result) may be reused
 * and each call is three invocations: sqlsh_alloc, the function on that block (laid out as
 * above), and sqlsh_free, even after a trap.  The functions' signatures are the same.
 */
#ifndef SQLSH_WASM_H
#define SQLSH_WASM_H

#define SQLSH_INTEGER 1
#define SQLSH_REAL 2
#define SQLSH_TEXT 3
#define SQLSH_BLOB 4
#define SQLSH_NULL 5
#define SQLSH_ERROR 6   /* results only: the call fails with the text as message */

/* 16 bytes, little-endian: what every argument and the result are. */
typedef struct sqlsh_value {
    int type;                     /* SQLSH_INTEGER ... SQLSH_ERROR */
    int length;                   /* bytes of a text, blob or error message (no NUL) */
    union {
        long long integer;
        double real;
        const unsigned char *bytes; /* text (NUL-terminated when an argument), blob, error */
    } u;
} sqlsh_value;

_Static_assert(sizeof(sqlsh_value) == 16, "sqlsh_value is 16 bytes");

/* The ABI version this header describes. */
#define SQLSH_WASM_ABI 2

/* Exports a C function under its own name. */
#define SQLSH_EXPORT(name) __attribute__((export_name(#name)))

#endif /* SQLSH_WASM_H */
