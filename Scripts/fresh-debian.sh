#!/usr/bin/env bash
# Checks the README's two commands on a fresh Debian 12: a minbase root made by debootstrap,
# with only Swift added (the toolchain at $SWIFT_ROOT, default /opt/swift, bind-mounted
# read-only, plus the packages swift.org lists for Debian 12), make and git; then, inside it,
# `make install` and `make test` verbatim, each timed. Usage, as root on a Debian host:
#
#   Scripts/fresh-debian.sh [DIR]      (default DIR: .build/fresh-debian; it is replaced)
#
# It clones the committed HEAD. Prints the times and leaves the logs in DIR. Everything mounted is unmounted and every
# process started in the root is killed on exit, even on an interrupt. A GitHub mirror the
# host's git uses (url.*.insteadOf in /etc/gitconfig, as on CI) is bind-mounted too.
set -euo pipefail

[ "$(id -u)" -eq 0 ] || { echo "fresh-debian.sh: run as root (debootstrap, chroot, mounts)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "fresh-debian.sh: apt-get install debootstrap" >&2; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$here/.build/fresh-debian}
swift_root=${SWIFT_ROOT:-/opt/swift}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=$dir/root
log=$dir/times.log
mounts=()

cleanup() {
    for p in /proc/[0-9]*; do
        [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && kill -9 "${p#/proc/}" 2>/dev/null || true
    done
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -R "${mounts[$i]}" 2>/dev/null || umount -lR "${mounts[$i]}" || true; done
}
trap cleanup EXIT
bind() { mkdir -p "$2"; mount "${@:3}" --bind "$1" "$2"; mounts+=("$2"); }
# timed NAME OUTPUT-FILE COMMAND...: runs the command with its output in the file, and prints
# and logs how long it took.
timed() {
    local name=$1 output=$2 start rc; shift 2
    start=$(date +%s)
    "$@" >"$output" 2>&1 && rc=0 || rc=$?
    echo "$name: exit $rc, $(( $(date +%s) - start )) s" | tee -a "$log"
    return "$rc"
}

# A run that was killed (SIGKILL, a reboot of the container) never ran its cleanup and may have
# left the host's /dev, /sys and /proc bound under $root: removing $dir then would remove the
# host's device nodes through them. Unmount whatever is still mounted there, deepest first, refuse
# if anything stays, and never let rm cross into another file system.
findmnt -rn -o TARGET | awk -v d="$dir/" 'index($0 "/", d) == 1' | sort -r | while read -r m; do
    umount "$m" 2>/dev/null || umount -l "$m"
done
if findmnt -rn -o TARGET | awk -v d="$dir/" 'index($0 "/", d) == 1' | grep -q .; then
    echo "fresh-debian.sh: something is still mounted under $dir; unmount it first" >&2; exit 1
fi
rm -rf --one-file-system "$dir"
mkdir -p "$dir"
timed debootstrap "$dir/debootstrap.log" debootstrap --variant=minbase bookworm "$root" "$mirror"
mkdir -p "$root/proc" "$root/sys" "$root/dev"
mount -t proc proc "$root/proc"; mounts+=("$root/proc")
mount --rbind /sys "$root/sys"; mounts+=("$root/sys")
mount --rbind /dev "$root/dev"; mounts+=("$root/dev")
bind "$swift_root" "$root/opt/swift"
mount -o remount,bind,ro "$root/opt/swift"
if [ -f /etc/gitconfig ]; then
    cp /etc/gitconfig "$root/etc/gitconfig"
    for path in $(git config --system --get-regexp 'url\..*\.insteadof' | sed -n 's/^url\.\(\/[^ ]*\)\.insteadof .*/\1/p' | sort -u); do
        [ -d "$path" ] && { bind "$path" "$root$path"; mount -o remount,bind,ro "$root$path"; }
    done
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
chmod 1777 "$root/tmp"

cat >"$root/root/prerequisites.sh" <<'EOS'
#!/bin/bash
# What swift.org lists for Debian 12, plus make and git: the README's stated requirements.
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends binutils-gold ca-certificates git gcc libc6-dev \
  libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev \
  libxml2-dev libncurses-dev pkg-config tzdata unzip zlib1g-dev make
EOS
chmod +x "$root/root/prerequisites.sh"
timed "Swift's prerequisites, make, git" "$dir/prerequisites.log" chroot "$root" /root/prerequisites.sh
git clone -q "$here" "$root/root/gesturebridge"
in_root() { chroot "$root" /bin/bash -c "export HOME=/root PATH=/opt/swift/usr/bin:\$PATH; cd /root/gesturebridge && $1"; }
timed "make install" "$dir/install.log" in_root "make install"
timed "make test" "$dir/test.log" in_root "make test"
grep -E "Test run with" "$dir/test.log" | tail -1 | tee -a "$log"
