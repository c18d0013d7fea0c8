#ifndef SQLSH_CCRYPTO_SHIM_H
#define SQLSH_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for the crypto pack's MD5, SHA-1 and SHA-2 digests. Only the one-shot
// digest functions (MD5, SHA1, SHA256, SHA384, SHA512 and their _Init/_Update/_Final forms) are
// used: they need no provider set-up, and a static link (make build) pulls in only their code.
// OpenSSL 3 marks the low-level forms deprecated; they stay in 3.x and are what we want here.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/md5.h>
#include <openssl/sha.h>
#endif
