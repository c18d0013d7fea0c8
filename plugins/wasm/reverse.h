/*
 * reverse.h: the one reverse loop of the example's wasm_reverse (textfun.c, built for wasm32)
 * and of Benchmarks/wasm/native_reverse.c (the same C as a native plugin), so that the
 * benchmark compares the sandbox with native code on exactly the same source.
 *
 * The n bytes at `in` backwards into `out`, by code points when `text` (a lead byte and the
 * continuation bytes after it stay in order), else by bytes: all the bytes backwards, eight at
 * a time, then each run of continuation bytes turned back round with the lead byte after it
 * (eight ASCII bytes at a time skipped).  No libc: only compiler builtins.
 */
#ifndef SQLSH_EXAMPLE_REVERSE_H
#define SQLSH_EXAMPLE_REVERSE_H

static void reverse(const unsigned char *in, int n, int text, unsigned char *out) {
    unsigned long long w;
    int i = 0;
    for (; n - i >= 8; i += 8) {
        __builtin_memcpy(&w, in + i, 8);
        w = __builtin_bswap64(w);
        __builtin_memcpy(out + n - i - 8, &w, 8);
    }
    for (; i < n; i++) out[n - 1 - i] = in[i];
    if (!text) return;
    for (i = 0; i < n; i++) {
        if (n - i >= 8) {
            __builtin_memcpy(&w, out + i, 8);
            if ((w & 0x8080808080808080ull) == 0) { i += 7; continue; }
        }
        if ((out[i] & 0xC0) != 0x80) continue;
        int last = i + 1;  /* the lead byte after the run (a run at the very end has none) */
        while (last < n && (out[last] & 0xC0) == 0x80) last++;
        if (last == n) last--;
        for (int a = i, b = last; a < b; a++, b--) { unsigned char t = out[a]; out[a] = out[b]; out[b] = t; }
        i = last;
    }
}

#endif
