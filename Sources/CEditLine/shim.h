#ifndef SQLSH_CEDITLINE_SHIM_H
#define SQLSH_CEDITLINE_SHIM_H
// Swift cannot call C variadic functions (el_set, el_get, history): these fixed-argument
// wrappers are compiled by Swift itself as inline functions. See shared notes/libedit.md.
#include <stdio.h>
#include <unistd.h>
#include <fcntl.h>
#include <histedit.h>

static inline FILE *sqlsh_stdin(void) { return stdin; }
static inline FILE *sqlsh_stdout(void) { return stdout; }
static inline FILE *sqlsh_stderr(void) { return stderr; }
/// A line-buffered stream of its own on a copy of `fd`, for libedit to draw on: libedit writes
/// the prompt and the line a character at a time and flushes when done, so on the unbuffered
/// stderr each character would be a write(2) of its own and output from another process on
/// the same terminal (`sqlsh | cat`) could land inside the prompt. NULL on failure.
static inline FILE *sqlsh_terminal_stream(int fd) {
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);  /* not inherited by .system, .once |cmd, edit() */
    if (copy < 0) return NULL;
    FILE *stream = fdopen(copy, "w");
    if (stream == NULL) { close(copy); return NULL; }
    setvbuf(stream, NULL, _IOLBF, 8192);
    return stream;
}

/// libedit's own drawing goes here when sqlsh draws the line itself: a stream on the write end
/// of a non-blocking pipe whose read end is `*reader` (drained to find bells), so that libedit
/// still sees the terminal through the descriptors it is given (el_init_fd) but draws nothing
/// on it. NULL on failure.
static inline FILE *sqlsh_discard_stream(int *reader) {
    int fds[2];
    if (pipe(fds) != 0) return NULL;
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    FILE *stream = fdopen(fds[1], "w");
    if (stream == NULL) { close(fds[0]); close(fds[1]); return NULL; }
    setvbuf(stream, NULL, _IOFBF, 8192);
    *reader = fds[0];
    return stream;
}
/// Clears a stream's error flag (a full pipe fails a write; the next one may succeed).
static inline void sqlsh_clearerr(FILE *stream) { clearerr(stream); }

typedef char *(*sqlsh_prompt_fn)(EditLine *);
typedef int (*sqlsh_getc_fn)(EditLine *, wchar_t *);
static inline int sqlsh_el_set_getcfn(EditLine *el, sqlsh_getc_fn fn) { return el_set(el, EL_GETCFN, fn); }
typedef unsigned char (*sqlsh_editor_fn)(EditLine *, int);

static inline int sqlsh_el_set_prompt(EditLine *el, sqlsh_prompt_fn fn) { return el_set(el, EL_PROMPT, fn); }
static inline int sqlsh_el_set_prompt_esc(EditLine *el, sqlsh_prompt_fn fn, char marker) { return el_set(el, EL_PROMPT_ESC, fn, marker); }
static inline int sqlsh_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int sqlsh_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int sqlsh_el_set_edit_mode(EditLine *el, int on) { return el_set(el, EL_EDITMODE, on); }
static inline int sqlsh_el_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int sqlsh_el_add_fn(EditLine *el, const char *name, const char *help, sqlsh_editor_fn fn) { return el_set(el, EL_ADDFN, name, help, fn); }
static inline int sqlsh_el_bind(EditLine *el, const char *key, const char *fn) { return el_set(el, EL_BIND, key, fn, NULL); }
static inline int sqlsh_el_settc(EditLine *el, const char *cap, const char *value) { return el_set(el, EL_SETTC, cap, value, NULL); }
static inline int sqlsh_el_setty(EditLine *el, const char *a, const char *b) { return el_set(el, EL_SETTY, a, b, NULL); }
static inline int sqlsh_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *sqlsh_el_get_clientdata(EditLine *el) { void *d = NULL; el_get(el, EL_CLIENTDATA, &d); return d; }
static inline int sqlsh_el_bind_vi(EditLine *el, const char *key, const char *fn) { return el_set(el, EL_BIND, "-a", key, fn, NULL); }
static inline int sqlsh_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
/// 0: the terminal back in its normal mode (to run an editor), 1: libedit's editing mode again.
static inline int sqlsh_el_prep_term(EditLine *el, int on) { return el_set(el, EL_PREP_TERM, on); }
/// "emacs" or "vi": the key bindings in use (after ~/.editrc).
static inline const char *sqlsh_el_get_editor(EditLine *el) { const char *name = NULL; el_get(el, EL_EDITOR, &name); return name; }
static inline int sqlsh_el_get_editmode(EditLine *el) { int on = 0; el_get(el, EL_EDITMODE, &on); return on; }

static inline int sqlsh_history_setsize(History *h, HistEvent *ev, int size) { return history(h, ev, H_SETSIZE, size); }
static inline int sqlsh_history_setunique(History *h, HistEvent *ev, int on) { return history(h, ev, H_SETUNIQUE, on); }
static inline int sqlsh_history_enter(History *h, HistEvent *ev, const char *line) { return history(h, ev, H_ENTER, line); }
static inline int sqlsh_history_load(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_LOAD, path); }
static inline int sqlsh_history_save(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_SAVE, path); }
static inline int sqlsh_history_clear(History *h, HistEvent *ev) { return history(h, ev, H_CLEAR); }
static inline int sqlsh_history_first(History *h, HistEvent *ev) { return history(h, ev, H_FIRST); }
static inline int sqlsh_history_last(History *h, HistEvent *ev) { return history(h, ev, H_LAST); }
static inline int sqlsh_history_next(History *h, HistEvent *ev) { return history(h, ev, H_NEXT); }
static inline int sqlsh_history_prev(History *h, HistEvent *ev) { return history(h, ev, H_PREV); }
#endif
