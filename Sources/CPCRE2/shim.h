#ifndef SQLSH_CPCRE2_SHIM_H
#define SQLSH_CPCRE2_SHIM_H
// The 8-bit library: functions are imported under their real names (pcre2_compile_8, ...),
// because the generic names are function-like macros Swift does not see.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

static inline PCRE2_SIZE sqlsh_pcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }
static inline PCRE2_SIZE sqlsh_pcre2_unset(void) { return PCRE2_UNSET; }
#endif
