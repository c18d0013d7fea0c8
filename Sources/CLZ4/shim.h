#ifndef SQLSH_CLZ4_SHIM_H
#define SQLSH_CLZ4_SHIM_H
// LZ4's block format, for Parquet's LZ4_RAW pages. `make build` links liblz4.a statically.
#include <lz4.h>
#endif
