#!/usr/bin/env bash
# Builds the Debian package gesturebridge_VERSION-1_ARCH.deb with dpkg-deb: what `make deb` runs.
#
# The files are staged by install.sh (PREFIX=/usr, DESTDIR; it strips the binary), the man
# pages and changelog gzipped, and Depends computed by dpkg-shlibdeps from the binary's
# shared libraries (the Swift runtime is linked statically, see build-release.sh). The
# service is enabled for every user's graphical session by the package's
# graphical-session.target.wants link; `systemctl --user mask gesturebridge` opts out.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Packaging/build-deb.sh [--binary FILE] [--output DIR]

  --binary FILE   package this release build of gesturebridge (built with
                  Packaging/build-release.sh otherwise: it must not need the Swift toolchain)
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
for tool in dpkg-deb dpkg-shlibdeps gzip; do
    if ! command -v "$tool" >/dev/null; then
        echo "build-deb.sh: '$tool' is missing; on Debian: apt-get install dpkg-dev binutils" >&2
        exit 1
    fi
done
[ -n "$binary" ] || binary=$("$here/build-release.sh")

upstream=$("$binary" --version)
version=$upstream-1
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-GestureBridge developers <gesturebridge@example.org>}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/src/debian/gesturebridge

"$here/install.sh" --prefix /usr --destdir "$stage" --binary "$binary" >/dev/null
find "$stage/usr/share/man" -type f -exec gzip -9n {} +
mkdir -p "$stage/usr/lib/systemd/user/graphical-session.target.wants"
ln -s ../gesturebridge.service "$stage/usr/lib/systemd/user/graphical-session.target.wants/gesturebridge.service"

doc=$stage/usr/share/doc/gesturebridge
mkdir -p "$doc"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: GestureBridge"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n 's/^Copyright (c) //p' "$root/LICENSE")"
    echo "License: MIT"
    echo
    echo "License: MIT"
    # The license text after its title and copyright lines, indented; blank lines as " .".
    sed -n '/^Permission/,$p' "$root/LICENSE" | sed 's/^$/./; s/^/ /'
} > "$doc/copyright"
date=$(date -R -d "@${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}")
cat > "$work/changelog.Debian" <<EOF
gesturebridge ($version) unstable; urgency=medium

  * Package GestureBridge $upstream, built with dpkg-deb from the source tree.

 -- $maintainer  $date
EOF
gzip -9n < "$work/changelog.Debian" > "$doc/changelog.Debian.gz"
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" "$stage/etc" -type f -exec chmod 644 {} +

# dpkg-shlibdeps reads debian/control of the package being built; give it a minimal one.
mkdir -p "$stage/DEBIAN"
printf 'Source: gesturebridge\n\nPackage: gesturebridge\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$stage/usr/bin/gesturebridge" | sed -n 's/^shlibs:Depends=//p')

cat > "$stage/DEBIAN/control" <<EOF
Package: gesturebridge
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Section: x11
Priority: optional
Description: UIKit-faithful touchscreen and touchpad gestures for X11
 GestureBridge recognizes taps, long presses, pans, swipes, pinches and
 rotations on X11 touchscreens with the semantics of UIKit's gesture
 recognizers, and binds them per application to key chords, clicks,
 window and desktop actions, and commands. Touches that no gesture wants
 reach the applications unchanged.
 .
 The daemon starts with every graphical session (a systemd user service,
 or the XDG autostart entry); the config is validated with
 "gesturebridge check" and tried on recorded traces with "replay".
EOF
printf '%s\n' /etc/xdg/gesturebridge/config.yaml /etc/xdg/autostart/gesturebridge.desktop > "$stage/DEBIAN/conffiles"
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k2) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/"*

mkdir -p "$output"
deb=$output/gesturebridge_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
