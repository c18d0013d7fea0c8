#!/usr/bin/env bash
# Builds OUT/sqlsh_VERSION_ARCH.deb from STAGE/root, and OUT/sqlsh-dbgsym_VERSION_ARCH.deb (the
# debug information, as Debian's automatic -dbgsym packages hold it) from STAGE/debug, with
# dpkg-deb alone: Depends from dpkg-shlibdeps on the binaries, Installed-Size from du.
# Usage: packaging/deb.sh STAGE OUT VERSION ARCH  (after packaging/stage.sh STAGE)
set -euo pipefail
stage=${1:?} out=${2:?} version=${3:?} arch=${4:?}
mkdir -p "$out"

# Installed-Size as dpkg-gencontrol counts it: each file's size rounded up to KiB, 1 KiB for
# anything else (a folder, a link).
installed_size() {
    find "$1" -mindepth 1 -path "$1/DEBIAN" -prune -o -printf '%y %s\n' \
        | awk '{ t += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print t }'
}

# The main package.
pkg=$stage/deb/sqlsh
rm -rf "$stage/deb"; mkdir -p "$pkg/DEBIAN"
cp -a "$stage/root/." "$pkg/"
# dpkg-shlibdeps reads debian/control; a minimal one in a scratch folder, so the repository
# needs no debian/ folder. -O prints the substitution variables instead of writing a file.
work=$stage/shlibdeps; rm -rf "$work"; mkdir -p "$work/debian"
printf 'Source: sqlsh\n\nPackage: sqlsh\nArchitecture: any\n' >"$work/debian/control"
binaries=$(cd "$pkg" && find "$PWD/usr/bin" "$PWD/usr/lib" -type f | sort)  # all ELF
depends=$(cd "$work" && dpkg-shlibdeps -O $binaries \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dpkg-shlibdeps found no dependencies" >&2; exit 1; }
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@DEPENDS@|$depends|" \
    -e "s|@INSTALLED_SIZE@|$(installed_size "$pkg")|" packaging/control.in >"$pkg/DEBIAN/control"
(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
chmod 644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/sqlsh_${version}_${arch}.deb" >/dev/null

# The debug package: the build-id files, found by gdb and debuginfod through the build IDs.
dbg=$stage/deb/sqlsh-dbgsym
mkdir -p "$dbg/DEBIAN"
cp -a "$stage/debug/." "$dbg/"
# Its copyright and changelog are sqlsh's, as in Debian's own -dbgsym packages.
mkdir -p "$dbg/usr/share/doc"; ln -s sqlsh "$dbg/usr/share/doc/sqlsh-dbgsym"
ids=$(cd "$dbg/usr/lib/debug/.build-id" && find . -name '*.debug' | sed 's|^\./||; s|/||; s|\.debug$||' | sort | tr '\n' ' ')
cat >"$dbg/DEBIAN/control" <<CONTROL
Package: sqlsh-dbgsym
Source: sqlsh
Version: $version
Architecture: $arch
Maintainer: $(sed -n 's/^Maintainer: //p' packaging/control.in)
Installed-Size: $(installed_size "$dbg")
Depends: sqlsh (= $version)
Section: debug
Priority: optional
Description: debug symbols for sqlsh
Build-Ids: ${ids% }
CONTROL
(cd "$dbg" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$dbg/DEBIAN/md5sums"
chmod 644 "$dbg/DEBIAN/control" "$dbg/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$dbg" "$out/sqlsh-dbgsym_${version}_${arch}.deb" >/dev/null
ls -l "$out/sqlsh_${version}_${arch}.deb" "$out/sqlsh-dbgsym_${version}_${arch}.deb"
