#ifndef SQLSH_CUTF8PROC_SHIM_H
#define SQLSH_CUTF8PROC_SHIM_H
// utf8proc (Debian's libutf8proc-dev): Unicode case mapping, case folding, normalization and
// decomposition for the unicode, text and fuzzy packs. Declared for static use: a static link
// (make build) must not expect the DLL-import decoration.
#define UTF8PROC_STATIC 1
#include <utf8proc.h>
#endif
