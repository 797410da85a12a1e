#!/usr/bin/env bash
# Builds the gesturebridge binary that gets installed, and prints its path on stdout.
#
# Release mode, with the Swift runtime (Foundation included) linked statically, so the
# installed binary needs only the C and X11 libraries of the system, not the toolchain.
# The default `AllocationCounting` trait is off: its malloc interposer is a shared library
# that would need the toolchain's shared runtime (see Package.swift). `--disable-local-rpath`
# leaves no $ORIGIN search path in the binary: it loads nothing from beside itself.
# `-z now` (with the default relro) makes the relocated data read-only once loaded.
#
# The build has its own scratch directory (.build/install, or $GESTUREBRIDGE_SCRATCH), so it
# neither rebuilds nor locks the development builds in .build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
scratch=${GESTUREBRIDGE_SCRATCH:-$root/.build/install}

if [ ! -x "$swift" ] && ! command -v "$swift" >/dev/null; then
    echo "build-release.sh: no Swift toolchain: put swift on PATH or set SWIFT=/path/to/swift" >&2
    exit 1
fi

flags=(--package-path "$root" --scratch-path "$scratch" -c release
       --static-swift-stdlib --disable-default-traits --disable-local-rpath -Xlinker -z -Xlinker now)
"$swift" build "${flags[@]}" --product gesturebridge >&2
echo "$("$swift" build "${flags[@]}" --show-bin-path)/gesturebridge"
