#ifndef SQLSH_CXXHASH_SHIM_H
#define SQLSH_CXXHASH_SHIM_H
// libxxhash (Debian's libxxhash-dev), for the crypto pack's xxh32, xxh64, xxh3_64 and xxh3_128.
#include <xxhash.h>
#endif
