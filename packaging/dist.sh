#!/usr/bin/env bash
# Builds OUT/sqlsh-VERSION-ARCH.tar.gz: the files of the Debian package, with /usr as
# sqlsh-VERSION/, so that
#   tar -xzf sqlsh-VERSION-ARCH.tar.gz --strip-components=1 -C /usr/local
# installs them (sqlsh finds its WebAssembly host in ../lib/sqlsh/ from its own folder). The
# debug information goes beside it, as OUT/sqlsh-VERSION-ARCH-debug.tar.gz (its files'
# usr/lib/debug/.build-id/ paths, again under sqlsh-VERSION/). Reproducible: entries sorted,
# owned by root, dated from SOURCE_DATE_EPOCH (the last commit's time by default).
# Usage: packaging/dist.sh STAGE OUT VERSION ARCH  (after packaging/stage.sh STAGE)
set -euo pipefail
stage=${1:?} out=${2:?} version=${3:?} arch=${4:?}
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
mkdir -p "$out"
tarball() {  # tarball FROM NAME: FROM/usr's contents as sqlsh-VERSION/ in OUT/NAME
    tar -C "$1/usr" --transform "s|^\.|sqlsh-$version|" --sort=name --owner=0 --group=0 \
        --numeric-owner --mtime="@$epoch" -cf - . | gzip -9n >"$out/$2"
}
tarball "$stage/root" "sqlsh-$version-$arch.tar.gz"
tarball "$stage/debug" "sqlsh-$version-$arch-debug.tar.gz"
ls -l "$out/sqlsh-$version-$arch.tar.gz" "$out/sqlsh-$version-$arch-debug.tar.gz"
