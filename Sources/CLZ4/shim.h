#ifndef SQLSH_CLZ4_SHIM_H
#define SQLSH_CLZ4_SHIM_H
// LZ4's block format, for Parquet's LZ4_RAW pages and the blocks of its Hadoop-framed LZ4
// pages, and LZ4's frame format (the older writers' LZ4 pages). `make build` links liblz4.a
// statically.
#include <lz4.h>
#include <lz4frame.h>
#endif
