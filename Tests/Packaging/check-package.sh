#!/usr/bin/env bash
# Checks what `make deb` and `make dist` made (`make test-package` runs it after both):
#  - the .deb lists the expected paths, and its fields (Package, Version = VERSION,
#    Architecture = dpkg's, Depends, Installed-Size as dpkg-gencontrol counts it);
#  - the binaries are stripped, their debug information is in the -dbgsym package under their
#    build IDs;
#  - the extracted binary runs in an empty environment (env -i, no Swift anywhere): select 1,
#    --version, a WebAssembly example plugin (through the host in ../lib/sqlsh/), a native
#    example plugin, and -safe still refuses the native one;
#  - the tarball holds the same files with the same bytes, and its binary runs the same way
#    once extracted with --strip-components=1.
# Usage: Tests/Packaging/check-package.sh DEB TARBALL VERSION
set -uo pipefail
deb=${1:?usage: check-package.sh DEB TARBALL VERSION} tarball=${2:?} version=${3:?}
dbgsym=$(dirname "$deb")/sqlsh-dbgsym_${version}_$(dpkg --print-architecture).deb
failures=0 checks=0
pass() { checks=$((checks + 1)); }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*"; }
expect_eq() {  # expect_eq WHAT ACTUAL EXPECTED
    if [ "$2" == "$3" ]; then pass; else fail "$1: got '$2', expected '$3'"; fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dpkg-deb -c "$dbgsym" >"$tmp/dbgsym-list"

# Fields.
field() { dpkg-deb -f "$deb" "$1"; }
expect_eq Package "$(field Package)" sqlsh
expect_eq Version "$(field Version)" "$version"
expect_eq Architecture "$(field Architecture)" "$(dpkg --print-architecture)"
depends=$(field Depends)
if [[ "$depends" == *libc6* ]]; then pass; else fail "Depends names no libc6: '$depends'"; fi

# Paths (dpkg-deb -c: "perms owner/group size date time ./path").
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | sort >"$tmp/deb-paths"
dpkg-deb -c "$deb" | awk '{ print $2 }' | sort -u >"$tmp/owners"
expect_eq "owners" "$(cat "$tmp/owners")" root/root
for path in /usr/bin/sqlsh /usr/lib/sqlsh/libsqlsh_wasm.so /usr/share/man/man1/sqlsh.1.gz \
        /usr/share/doc/sqlsh/copyright /usr/share/doc/sqlsh/changelog.gz /usr/share/lintian/overrides/sqlsh \
        /usr/include/sqlsh/sqlsh_plugin.h /usr/include/sqlsh/sqlsh_wasm.h \
        /usr/lib/sqlsh/plugins/libsqlsh_geo.so /usr/lib/sqlsh/plugins/libsqlsh_inet.so \
        /usr/share/sqlsh/plugins/wasm/textfun.wasm /usr/share/sqlsh/plugins/wasm/upper.wasm \
        /usr/share/sqlsh/plugins/wasm/textfun.c /usr/share/sqlsh/plugins/wasm/reverse.h \
        /usr/share/sqlsh/plugins/geo/GeoPlugin.swift; do
    if grep -qx "$path" "$tmp/deb-paths"; then pass; else fail "the .deb has no $path"; fi
done
# Nothing outside /usr, and no ELF file in /usr/share.
outside=$(grep -v -e '^/usr' -e '^$' "$tmp/deb-paths")
expect_eq "paths outside /usr" "$outside" ""

# Contents.
root=$tmp/deb
dpkg-deb -x "$deb" "$root"
expect_eq "ELF files under /usr/share" \
    "$(find "$root/usr/share" -type f -exec sh -c 'head -c4 "$1" | grep -q ELF && echo "$1"' _ {} \;)" ""
size=$(find "$root" -mindepth 1 -printf '%y %s\n' | awk '{ t += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print t }')
expect_eq Installed-Size "$(field Installed-Size)" "$size"
expect_eq "man page" "$(zcat "$root/usr/share/man/man1/sqlsh.1.gz" | grep -c '^\.Dt SQLSH 1')" 1
for binary in usr/bin/sqlsh usr/lib/sqlsh/libsqlsh_wasm.so usr/lib/sqlsh/plugins/libsqlsh_geo.so; do
    sections=$(readelf -S -W "$root/$binary")
    if grep -q -e '\.debug_info' -e ' \.symtab ' <<<"$sections"; then fail "$binary is not stripped"; else pass; fi
    if grep -q '\.gnu_debuglink' <<<"$sections"; then pass; else fail "$binary has no .gnu_debuglink"; fi
    id=$(readelf -n "$root/$binary" | sed -n 's/^ *Build ID: *//p')
    if grep -q "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug$" "$tmp/dbgsym-list"; then pass
    else fail "sqlsh-dbgsym has no debug file for $binary (build ID '$id')"; fi
done

# The binary in an empty environment: no PATH, no HOME, no Swift.
check_binary() {  # check_binary WHERE PREFIX (the folder holding bin/ and lib/)
    local where=$1 prefix=$2 sqlsh="$2/bin/sqlsh" out
    run() { env -i "$sqlsh" "$@" 2>&1; }
    expect_eq "$where: select 1" "$(run :memory: 'select 1')" 1
    out=$(run --version)
    expect_eq "$where: --version's version" "$(awk '{ print $1 " " $2 }' <<<"$out")" "sqlsh $version"
    expect_eq "$where: -version = --version" "$(run -version)" "$out"
    expect_eq "$where: .load a WebAssembly example" \
        "$(run :memory: ".load $prefix/share/sqlsh/plugins/wasm/upper.wasm" "select wat_upper('abc'), wat_add(40, 2)")" \
        "ABC|42"
    expect_eq "$where: the WebAssembly textfun example" \
        "$(run :memory: ".load $prefix/share/sqlsh/plugins/wasm/textfun.wasm" "select wasm_reverse('abc')" | tail -1)" cba
    expect_eq "$where: .load the native geo example" \
        "$(run :memory: ".load $prefix/lib/sqlsh/plugins/libsqlsh_geo.so" "select geohash_encode(57.64911, 10.40744, 11)" | tail -1)" \
        u4pruydqqvj
    expect_eq "$where: .load the native inet example" \
        "$(run :memory: ".load $prefix/lib/sqlsh/plugins/libsqlsh_inet.so" "select inet_contains('10.0.0.0/8', '10.1.0.0/16')" | tail -1)" 1
    out=$(env -i "$sqlsh" -safe :memory: ".load $prefix/lib/sqlsh/plugins/libsqlsh_geo.so" 2>&1); status=$?
    expect_eq "$where: -safe refuses a native plugin" "${out#line 0: } (exit $status)" "cannot run .load in safe mode (exit 1)"
    expect_eq "$where: -safe still loads a WebAssembly plugin" \
        "$(run -safe :memory: ".load $prefix/share/sqlsh/plugins/wasm/upper.wasm" "select wat_upper('x')" | tail -1)" X
}
check_binary deb "$root/usr"

# The tarball: the same files, the same bytes, under sqlsh-VERSION/.
tar -tzf "$tarball" | grep -v '/$' | sed "s|^sqlsh-$version/|/usr/|" | sort >"$tmp/tar-files"
(cd "$root" && find . -type f | sed 's|^\.||' | sort) >"$tmp/deb-files"
expect_eq "tarball files = .deb files" "$(diff "$tmp/deb-files" "$tmp/tar-files")" ""
expect_eq "tarball top folder" "$(tar -tzf "$tarball" | cut -d/ -f1 | sort -u)" "sqlsh-$version"
mkdir "$tmp/local"
tar -xzf "$tarball" --strip-components=1 -C "$tmp/local"
expect_eq "tarball bytes = .deb bytes" \
    "$(cd "$tmp/local" && find . -type f | sort | xargs md5sum)" "$(cd "$root/usr" && find . -type f | sort | xargs md5sum)"
check_binary "tarball" "$tmp/local"

echo "package checks: $((checks - failures)) passed, $failures failed ($(basename "$deb"), $(basename "$tarball"))"
[ "$failures" -eq 0 ]
