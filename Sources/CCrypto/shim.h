#ifndef SQLSH_CCRYPTO_SHIM_H
#define SQLSH_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for the crypto pack's MD5, SHA-1 and SHA-2 digests. Only the low-level
// MD5_/SHA1_/SHA256_/SHA384_/SHA512_ Init/Update/Final functions are used: they need no
// provider set-up, and a static link (make build) pulls in only their code. (In OpenSSL 3 the
// one-shot MD5()/SHA256()... go through EVP_Q_digest: the whole provider machinery, and a
// fetch per call.) OpenSSL 3 marks the low-level forms deprecated; they stay in 3.x.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/md5.h>
#include <openssl/sha.h>
#endif
