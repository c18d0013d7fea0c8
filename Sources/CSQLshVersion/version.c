#include "sqlsh_version.h"

// The top-level VERSION file, embedded at compile time (C23 #embed, clang 19 and later; an
// extension in older C modes). The compiler's dependency file names VERSION, so editing it
// rebuilds this file, and nothing else, without a network or a generated source.
#pragma clang diagnostic ignored "-Wc23-extensions"
static const char text[] = {
#embed "../../VERSION" limit(64) suffix(,)
    0
};

const char *sqlsh_version_text(void) { return text; }
