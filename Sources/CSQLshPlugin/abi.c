// The C ABI of sqlsh plugins is header-only (include/sqlsh_plugin.h); SwiftPM needs one source.
#include "sqlsh_plugin.h"
