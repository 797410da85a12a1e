#!/usr/bin/env bash
# Builds the Debian packages gesturebridge_VERSION_ARCH.deb (the daemon) and
# gesturebridge-settings_VERSION_ARCH.deb (the settings app, GTK 4) with debhelper: what
# `make deb` runs. It prints their paths last, the daemon's first.
#
# The package is debian/'s: dpkg-buildpackage -b runs debian/rules (dh: the man pages and
# changelog compressed, Depends from dpkg-shlibdeps, conffiles, md5sums, the user unit's
# maintainer scripts). It runs in a copy of the source tree, so that its files (and
# dpkg-buildpackage's outputs, which go to the parent directory) stay out of the checkout;
# the binaries are built first in the checkout by build-release.sh (incremental, in
# .build/install) and handed to debian/rules as GESTUREBRIDGE_BINARY and
# GESTUREBRIDGE_SETTINGS_BINARY. A distribution builds
# from the source tree with `dpkg-buildpackage -b`, and debian/rules runs build-release.sh itself.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Packaging/build-deb.sh [--binary FILE] [--settings-binary FILE] [--output DIR]

  --binary FILE   package this release build of gesturebridge (built with
                  Packaging/build-release.sh otherwise: it must not need the Swift toolchain)
  --settings-binary FILE
                  package this release build of gesturebridge-settings (built the same way
                  otherwise; it needs GTK 4's and libadwaita's headers)
  --output DIR    where to write the two .debs (default: .build/deb); their paths are
                  printed last, gesturebridge's first
  (needs dpkg-dev and debhelper: Scripts/deps.sh deb installs them)
EOF
}

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
binary=""
settings_binary=""
output=$root/.build/deb
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=${2:?--binary needs a file}; shift ;;
        --binary=*) binary=${1#*=} ;;
        --settings-binary) settings_binary=${2:?--settings-binary needs a file}; shift ;;
        --settings-binary=*) settings_binary=${1#*=} ;;
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
[ -n "$settings_binary" ] || settings_binary=$("$here/build-release.sh" gesturebridge-settings)
case "$settings_binary" in /*) ;; *) settings_binary=$PWD/$settings_binary ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source=$work/gesturebridge
mkdir "$source"
tar -C "$root" --exclude=./.build --exclude='./.build-*' --exclude='./.build_*' --exclude=./.git -cf - . \
    | tar -C "$source" -xf -
# The source tree's own debian/rules products, if a build was run in the checkout.
rm -f "$source/debian/gesturebridge-binary" "$source/debian/gesturebridge-settings-binary"
rm -rf "$source/debian/gesturebridge" "$source/debian/gesturebridge-settings" "$source/debian/tmp" \
    "$source/debian/.debhelper"
if ! (cd "$source" && GESTUREBRIDGE_BINARY=$binary GESTUREBRIDGE_SETTINGS_BINARY=$settings_binary \
    dpkg-buildpackage -b -us -uc >"$work/build.log" 2>&1); then
    tail -40 "$work/build.log" >&2
    echo "build-deb.sh: dpkg-buildpackage failed (the last lines of its output are above)" >&2
    exit 1
fi
mkdir -p "$output"
for name in gesturebridge gesturebridge-settings; do
    deb=$(find "$work" -maxdepth 1 -name "${name}_*.deb" | head -1)
    [ -n "$deb" ] || { echo "build-deb.sh: dpkg-buildpackage made no $name .deb" >&2; exit 1; }
    mv -f "$deb" "$output/"
    echo "$output/$(basename "$deb")"
done
