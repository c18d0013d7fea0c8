#ifndef SQLSH_CSTARTUP_H
#define SQLSH_CSTARTUP_H
// Nothing to import: CStartup only supplies the Swift runtime's command-line accessor (argv.c).
#endif
