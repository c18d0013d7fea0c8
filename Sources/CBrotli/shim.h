#ifndef SQLSH_CBROTLI_SHIM_H
#define SQLSH_CBROTLI_SHIM_H
// Brotli, for Parquet's BROTLI pages. `make build` links libbrotlienc.a, libbrotlidec.a and
// libbrotlicommon.a statically.
#include <brotli/decode.h>
#include <brotli/encode.h>
#endif
