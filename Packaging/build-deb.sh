#!/usr/bin/env bash
# Builds the Debian package gesturebridge_VERSION_ARCH.deb with debhelper: what `make deb` runs.
#
# The package is debian/'s: dpkg-buildpackage -b runs debian/rules (dh: the man pages and
# changelog compressed, Depends from dpkg-shlibdeps, conffiles, md5sums, the user unit's
# maintainer scripts). It runs in a copy of the source tree, so that its files (and
# dpkg-buildpackage's outputs, which go to the parent directory) stay out of the checkout;
# the binary is built first in the checkout by build-release.sh (incremental, in
# .build/install) and handed to debian/rules as GESTUREBRIDGE_BINARY. A distribution builds
# from the source tree with `dpkg-buildpackage -b`, and debian/rules runs build-release.sh itself.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Packaging/build-deb.sh [--binary FILE] [--output DIR]

  --binary FILE   package this release build of gesturebridge (built with
                  Packaging/build-release.sh otherwise: it must not need the Swift toolchain)
  (needs dpkg-dev and debhelper: Scripts/deps.sh deb installs them)
  --output DIR    where to write the .deb (default: .build/deb); its path is printed last
EOF
}

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
binary=""
output=$root/.build/deb
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=${2:?--binary needs a file}; shift ;;
        --binary=*) binary=${1#*=} ;;
        --output) output=${2:?--output needs a directory}; shift ;;
        --output=*) output=${1#*=} ;;
        -h|--help) usage; exit 0 ;;
        *) echo "build-deb.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
    esac
    shift
done
for tool in dpkg-buildpackage dh; do
    if ! command -v "$tool" >/dev/null; then
        echo "build-deb.sh: '$tool' is missing; on Debian: apt-get install dpkg-dev debhelper (or Scripts/deps.sh deb)" >&2
        exit 1
    fi
done
[ -n "$binary" ] || binary=$("$here/build-release.sh")
case "$binary" in /*) ;; *) binary=$PWD/$binary ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source=$work/gesturebridge
mkdir "$source"
tar -C "$root" --exclude=./.build --exclude='./.build-*' --exclude='./.build_*' --exclude=./.git -cf - . \
    | tar -C "$source" -xf -
# The source tree's own debian/rules products, if a build was run in the checkout.
rm -f "$source/debian/gesturebridge-binary"
rm -rf "$source/debian/gesturebridge" "$source/debian/.debhelper"
if ! (cd "$source" && GESTUREBRIDGE_BINARY=$binary dpkg-buildpackage -b -us -uc >"$work/build.log" 2>&1); then
    tail -40 "$work/build.log" >&2
    echo "build-deb.sh: dpkg-buildpackage failed (the last lines of its output are above)" >&2
    exit 1
fi
mkdir -p "$output"
deb=$(find "$work" -maxdepth 1 -name 'gesturebridge_*.deb' | head -1)
[ -n "$deb" ] || { echo "build-deb.sh: dpkg-buildpackage made no .deb" >&2; exit 1; }
mv -f "$deb" "$output/"
echo "$output/$(basename "$deb")"
