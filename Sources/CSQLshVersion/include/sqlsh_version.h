#ifndef SQLSH_VERSION_H
#define SQLSH_VERSION_H
/// sqlsh's version: the top-level VERSION file's text, read by the compiler (version.c), trailing
/// newline included. The one place the version is written; `make deb` and `make dist` read it too.
const char *sqlsh_version_text(void);
#endif
