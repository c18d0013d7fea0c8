#ifndef SQLSH_CSNAPPY_SHIM_H
#define SQLSH_CSNAPPY_SHIM_H
// Snappy's C interface, for Parquet's SNAPPY pages (the codec most writers use by default).
// `make build` links libsnappy.a statically.
#include <snappy-c.h>
#endif
