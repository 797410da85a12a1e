#!/usr/bin/env bash
# Installs the system packages GestureBridge needs, or says exactly how.
#
#   Scripts/deps.sh build   what the build needs: pkg-config, the X11 and libyaml headers, and
#                           GTK 4's and libadwaita's for the settings app
#   Scripts/deps.sh deb     that, plus dpkg-dev and debhelper, which `make deb` builds the .deb with
#   Scripts/deps.sh test    the build's, the .deb's, and the test server, window managers and
#                           toolkits the tests run
#   Scripts/deps.sh --list build|deb|test    print the package names for this system and stop
#
# `make install` and `make test` run it first. It checks with dpkg-query (Debian, Ubuntu) or
# rpm (Fedora) and installs only what is missing, with apt-get or dnf: directly as root, through
# sudo otherwise (saying what it runs). When it cannot (no sudo, or sudo would ask for a
# password without a terminal), it prints the command to run and exits 1, within seconds.
# GESTUREBRIDGE_DEPS=skip skips it (you installed them another way).
set -euo pipefail

list_only=false
if [ "${1:-}" = "--list" ]; then list_only=true; shift; fi
what=${1:-build}
case $what in build | deb | test) ;; *) echo "usage: Scripts/deps.sh [--list] build|deb|test" >&2; exit 64 ;; esac
[ "${GESTUREBRIDGE_DEPS:-}" = skip ] && exit 0

if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    family=debian
    # libgtk-4-dev and libadwaita-1-dev: the settings app (the daemon builds without them).
    build=(pkg-config libx11-dev libx11-xcb-dev libxi-dev libxtst-dev libxrandr-dev libxext-dev libcairo2-dev libyaml-dev
           libgtk-4-dev libadwaita-1-dev)
    # build-essential: dpkg-buildpackage checks it as every package's implied build dependency.
    deb=(build-essential dpkg-dev debhelper)
    # The real X server and its inputtest devices; the window managers and toolkit apps of the
    # desktop matrix; what PackagingTests check the install and the .deb with; gdbus, which
    # sends the desktop notification of a bad reload (dbus-monitor, from dbus-daemon, sees it);
    # libxres1, with which a test counts the indicator's X resources; at-spi2-core and
    # python3-pyatspi, through which a test drives the settings app and reads the real
    # applications (Evince, gnome-text-editor, KWrite, Okular) that real recordings are played on; a
    # JDK, whose Swing window the keys test types into; Chromium and Firefox ESR, whose page
    # says in its title how far a two-finger scroll took it, how it is zoomed and which key came.
    test=(xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev xinput x11-utils
          make lintian systemd man-db desktop-file-utils
          openbox xfwm4 mutter i3-wm kwin-x11 kwin-style-breeze fluxbox marco mate-settings-daemon-common dbus-daemon zenity kdialog
          libglib2.0-bin zsh fish xcompmgr libxres1 at-spi2-core python3-pyatspi
          evince gnome-text-editor kwrite okular openjdk-17-jdk chromium firefox-esr)
    missing() {
        local package
        for package in "$@"; do
            dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null | grep -qx installed || echo "$package"
        done
    }
    update=(apt-get update)
    install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends)
elif command -v rpm >/dev/null 2>&1 && command -v dnf >/dev/null 2>&1; then
    family=fedora
    build=(pkgconf-pkg-config libX11-devel libXi-devel libXtst-devel libXrandr-devel libXext-devel cairo-devel libyaml-devel
           gtk4-devel libadwaita-devel)
    deb=(dpkg-dev debhelper)
    test=(xorg-x11-server-Xorg xorg-x11-drv-dummy xorg-x11-server-devel xinput xorg-x11-utils
          make systemd man-db desktop-file-utils
          openbox xfwm4 mutter i3 kwin-x11 fluxbox marco dbus-daemon zenity kdialog glib2 zsh fish xcompmgr libXres
          at-spi2-core python3-pyatspi evince gnome-text-editor kwrite okular java-17-openjdk-devel chromium firefox)
    missing() {
        local package
        for package in "$@"; do rpm -q "$package" >/dev/null 2>&1 || echo "$package"; done
    }
    update=()
    install=(dnf install -y)
else
    echo "deps.sh: this system has neither apt-get nor dnf; install by hand the equivalents of" >&2
    echo "  pkg-config, libx11-dev, libx11-xcb-dev, libxi-dev, libxtst-dev, libxrandr-dev, libyaml-dev" >&2
    exit 1
fi

packages=("${build[@]}")
case $what in
    deb) packages+=("${deb[@]}") ;;
    test) packages+=("${deb[@]}" "${test[@]}") ;;
esac
if $list_only; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi
mapfile -t needed < <(missing "${packages[@]}")
[ "${#needed[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1 && { [ -t 0 ] || sudo -n true 2>/dev/null; }; then
    sudo=(sudo)
else
    echo "deps.sh: missing ${#needed[@]} $family packages for the $what: ${needed[*]}" >&2
    echo "deps.sh: install them with:" >&2
    [ "${#update[@]}" -gt 0 ] && echo "  sudo ${update[*]} && \\" >&2
    echo "  sudo ${install[*]} ${needed[*]}" >&2
    exit 1
fi
echo "deps.sh: installing ${#needed[@]} $family packages for the $what: ${needed[*]}" >&2
if [ "${#update[@]}" -gt 0 ]; then
    echo "+ ${sudo[*]:+${sudo[*]} }${update[*]}" >&2
    "${sudo[@]}" "${update[@]}" >&2
fi
echo "+ ${sudo[*]:+${sudo[*]} }${install[*]} ${needed[*]}" >&2
"${sudo[@]}" "${install[@]}" "${needed[@]}" >&2
