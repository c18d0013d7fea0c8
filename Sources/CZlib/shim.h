#ifndef SQLSH_CZLIB_SHIM_H
#define SQLSH_CZLIB_SHIM_H
// zlib, for the archive pack: sqlar_compress/sqlar_uncompress (zlib streams, compress2 and
// uncompress) and the zipfile module (raw deflate streams, deflateInit2/inflateInit2 with
// negative window bits). `make build` links libz.a statically.
#include <zlib.h>
#endif
