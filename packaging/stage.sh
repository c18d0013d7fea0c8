#!/usr/bin/env bash
# Lays out what `make deb` and `make dist` ship, from the release build, in STAGE:
#   STAGE/root/usr/...   the installed files (/usr/bin/sqlsh, /usr/lib/sqlsh/..., /usr/share/...)
#   STAGE/debug/usr/...  the binaries' debug information, one file per binary, under
#                        /usr/lib/debug/.build-id/xx/yyyy.debug (where gdb looks)
# The binaries are stripped as Debian's dh_strip does (executable: everything but the dynamic
# symbols; shared libraries: --strip-unneeded) and carry a .gnu_debuglink to their debug file.
# Usage: packaging/stage.sh STAGE  (run from the top of the repository, after make build plugins)
set -euo pipefail
stage=${1:?usage: stage.sh STAGE}
release=.build/release
root=$stage/root
debug=$stage/debug
rm -rf "$stage"
mkdir -p "$root" "$debug"

# install -D with the modes Debian wants, owner left to dpkg-deb --root-owner-group / tar.
put() { install -D -m "$1" "$2" "$root/$3"; }

# Strips BINARY into root/DEST and keeps its debug information beside it in debug/.
strip_into() {
    local binary=$1 dest=$2 mode=$3 kind=$4
    local id dbg
    id=$(readelf -n "$binary" | sed -n 's/^ *Build ID: *//p')
    [ -n "$id" ] || { echo "$binary has no build ID" >&2; exit 1; }
    dbg=$debug/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
    mkdir -p "$(dirname "$dbg")" "$(dirname "$root/$dest")"
    objcopy --only-keep-debug --compress-debug-sections "$binary" "$dbg"
    chmod 644 "$dbg"
    if [ "$kind" = executable ]; then
        strip --remove-section=.comment --remove-section=.note -o "$root/$dest" "$binary"
    else
        strip --remove-section=.comment --remove-section=.note --strip-unneeded -o "$root/$dest" "$binary"
    fi
    # swiftc links with RUNPATH $ORIGIN; every library these need is the system's.
    if readelf -d "$root/$dest" | grep -q RUNPATH; then chrpath -d "$root/$dest" >/dev/null; fi
    objcopy --add-gnu-debuglink="$dbg" "$root/$dest"
    chmod "$mode" "$root/$dest"
}

# The shell, and the WebAssembly host where it looks for it (../lib/sqlsh/ from the binary).
strip_into $release/sqlsh usr/bin/sqlsh 755 executable
strip_into $release/libsqlsh_wasm.so usr/lib/sqlsh/libsqlsh_wasm.so 644 library
# The example native plugins: ELF files, so under /usr/lib (not /usr/share), loaded with
# `.load /usr/lib/sqlsh/plugins/libsqlsh_geo.so`. Not an autoload folder: nothing loads them
# unasked.
for p in geo inet; do
    strip_into $release/libsqlsh_$p.so usr/lib/sqlsh/plugins/libsqlsh_$p.so 644 library
done

# Plugin authors' headers: the native C ABI and the WebAssembly ABI.
put 644 Sources/CSQLshPlugin/include/sqlsh_plugin.h usr/include/sqlsh/sqlsh_plugin.h
put 644 plugins/wasm/sqlsh_wasm.h usr/include/sqlsh/sqlsh_wasm.h

# The example plugins: the WebAssembly ones built (architecture-independent) with their
# sources, and the Swift sources of the native ones.
for f in plugins/wasm/*.wasm plugins/wasm/*.c plugins/wasm/*.wat plugins/wasm/*.h \
         plugins/geo/*.swift plugins/inet/*.swift; do
    put 644 "$f" "usr/share/sqlsh/$f"
done

# Manual page and documentation (compressed as dh_installman and dh_installchangelogs do).
mkdir -p "$root/usr/share/man/man1" "$root/usr/share/doc/sqlsh"
gzip -9n <man/sqlsh.1 >"$root/usr/share/man/man1/sqlsh.1.gz"
put 644 packaging/copyright usr/share/doc/sqlsh/copyright
gzip -9n <packaging/changelog >"$root/usr/share/doc/sqlsh/changelog.gz"
chmod 644 "$root/usr/share/man/man1/sqlsh.1.gz" "$root/usr/share/doc/sqlsh/changelog.gz"
put 644 packaging/lintian-overrides usr/share/lintian/overrides/sqlsh
find "$root" "$debug" -type d -exec chmod 755 {} +
