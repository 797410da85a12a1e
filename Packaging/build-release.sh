#!/usr/bin/env bash
# Builds the gesturebridge binary that gets installed, and prints its path on stdout; with an
# argument, that product instead (gesturebridge-settings, the settings app, which needs GTK 4's
# and libadwaita's headers).
#
# Release mode, with the Swift runtime linked statically, so the installed binary needs only
# the C and X11 libraries of the system, not the toolchain. Optimized for size (-Osize): 0.33 MB
# smaller than -O, and the engine's bench runs as fast (575-600 ns per 10-finger event with
# either; measured 2026-11-24).
# The default `AllocationCounting` trait is off: its malloc interposer is a shared library
# that would need the toolchain's shared runtime (see Package.swift). `--disable-local-rpath`
# leaves no $ORIGIN search path in the binary: it loads nothing from beside itself.
# `-z now` (with the default relro) makes the relocated data read-only once loaded.
# Where dpkg-buildflags exists, Debian's hardening flags (DEB_BUILD_MAINT_OPTIONS, default
# hardening=+all) go to the C parts and the link, the same for `make install`, `make deb`
# and debian/rules, so one build serves all three. -g and -ffile-prefix-map are left out:
# the installed binary is stripped, and the map would name each checkout's own directory.
# So is -D_FORTIFY_SOURCE: it changes glibc's inline definitions for the C modules Swift
# imports, which then conflict with the toolchain's Glibc module ("'realpath' has different
# definitions in different modules"); it guards C calls, and the daemon's are Swift's.
#
# The build has its own scratch directory (.build/install, or $GESTUREBRIDGE_SCRATCH), so it
# neither rebuilds nor locks the development builds in .build.
set -euo pipefail

product=${1:-gesturebridge}
case $product in gesturebridge | gesturebridge-settings) ;; *) echo "build-release.sh: no product '$product'" >&2; exit 64 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
scratch=${GESTUREBRIDGE_SCRATCH:-$root/.build/install}

if [ ! -x "$swift" ] && ! command -v "$swift" >/dev/null; then
    echo "build-release.sh: no Swift toolchain: put swift on PATH or set SWIFT=/path/to/swift" >&2
    exit 1
fi

flags=(--package-path "$root" --scratch-path "$scratch" -c release
       --static-swift-stdlib --disable-default-traits --disable-local-rpath -Xswiftc -Osize
       -Xlinker -z -Xlinker now)
# Linked by the toolchain's lld rather than the default gold, for packed relative relocations
# (DT_RELR): the 1 MB of .rela.dyn that the loader reads at every start becomes 6 KB, which
# takes 0.7 MB off the binary and about as much off the daemon's RSS. The loader must know
# DT_RELR: glibc 2.36 and later (Debian 12, Ubuntu 24.04, Fedora 37); the binary is built for
# the glibc it is built on, and dpkg-shlibdeps makes the .deb depend on libc6 >= 2.36.
if [ -x "$(dirname "$(command -v "$swift")")/ld.lld" ]; then
    flags+=(-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
    glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
    if [ -n "$glibc" ] && [ "$(printf '%s\n' 2.36 "$glibc" | sort -V | head -1)" = 2.36 ]; then
        flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
    fi
fi
if command -v dpkg-buildflags >/dev/null; then
    export DEB_BUILD_MAINT_OPTIONS=${DEB_BUILD_MAINT_OPTIONS:-hardening=+all}
    for flag in $(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CFLAGS); do
        case $flag in -g | -ffile-prefix-map=* | -D_FORTIFY_SOURCE=*) ;; *) flags+=(-Xcc "$flag") ;; esac
    done
    for flag in $(dpkg-buildflags --get LDFLAGS); do
        case $flag in
            -Wl,*) IFS=, read -ra parts <<<"${flag#-Wl,}"; for part in "${parts[@]}"; do flags+=(-Xlinker "$part"); done ;;
            *) flags+=(-Xswiftc -Xclang-linker -Xswiftc "$flag") ;;
        esac
    done
fi
"$swift" build "${flags[@]}" --product "$product" >&2
echo "$("$swift" build "${flags[@]}" --show-bin-path)/$product"
