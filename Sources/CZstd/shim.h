#ifndef SQLSH_CZSTD_SHIM_H
#define SQLSH_CZSTD_SHIM_H
// Zstandard, for Parquet's ZSTD pages. `make build` links libzstd.a statically.
#include <zstd.h>
#endif
