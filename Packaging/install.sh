#!/usr/bin/env bash
# Installs GestureBridge into a prefix, or uninstalls it: what `make install` and
# `make uninstall` run, and how `make deb` stages the package.
#
# A prefix under $HOME (the default, ~/.local) is a per-user install: the config, the
# systemd user unit and the autostart entry go to the user's XDG directories. Any other
# prefix (/usr/local, /usr) is system-wide: /etc/xdg and PREFIX/lib/systemd/user.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Packaging/install.sh [--uninstall] [--prefix DIR] [--destdir DIR] [--binary FILE]
                            [--settings-binary FILE | --no-settings] [--no-enable]

  --prefix DIR    install under DIR (default: ~/.local; /usr/local or /usr system-wide)
  --destdir DIR   stage the files under DIR instead of / (packaging); enables nothing
  --binary FILE   install this built gesturebridge instead of building one
                  (Packaging/build-release.sh builds it otherwise)
  --settings-binary FILE
                  install this built gesturebridge-settings (the settings app) instead of
                  building one; it is built when GTK 4's and libadwaita's headers are there
  --no-settings   leave the settings app out
  --no-enable     do not enable or start the systemd user service
  --uninstall     stop and disable the service and remove the installed files;
                  the config stays
EOF
}

action=install
prefix="${HOME:?HOME is not set}/.local"
destdir=""
binary=""
settings_binary=""
settings=1
enable=1
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a directory}; shift ;;
        --prefix=*) prefix=${1#*=} ;;
        --destdir) destdir=${2:?--destdir needs a directory}; shift ;;
        --destdir=*) destdir=${1#*=} ;;
        --binary) binary=${2:?--binary needs a file}; shift ;;
        --binary=*) binary=${1#*=} ;;
        --settings-binary) settings_binary=${2:?--settings-binary needs a file}; shift ;;
        --settings-binary=*) settings_binary=${1#*=} ;;
        --no-settings) settings=0 ;;
        --no-enable) enable=0 ;;
        --uninstall) action=uninstall ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
    esac
    shift
done

case "$prefix" in
    /*) ;;
    *) echo "install.sh: the prefix must be an absolute path, not '$prefix'" >&2; exit 64 ;;
esac
prefix=${prefix%/}
destdir=${destdir%/}
[ -n "$destdir" ] && enable=0

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

# An XDG directory variable, or its default when unset, empty or relative (as the spec says).
xdg_dir() {
    case "${1:-}" in
        /*) printf '%s' "${1%/}" ;;
        *) printf '%s' "$2" ;;
    esac
}
config_home=$(xdg_dir "${XDG_CONFIG_HOME:-}" "$HOME/.config")
data_home=$(xdg_dir "${XDG_DATA_HOME:-}" "$HOME/.local/share")

case "$prefix/" in
    "$HOME"/*) scope=user ;;
    *) scope=system ;;
esac

bindir=$prefix/bin
bin=$bindir/gesturebridge
man1=$prefix/share/man/man1/gesturebridge.1
man5=$prefix/share/man/man5/gesturebridge.yaml.5
bash_completion=$prefix/share/bash-completion/completions/gesturebridge
# zsh looks in site-functions for local installs; Debian's zsh keeps the distribution's own
# completions in vendor-completions, which is where a package (prefix /usr) puts them.
if [ "$prefix" = /usr ]; then
    zsh_completion=$prefix/share/zsh/vendor-completions/_gesturebridge
else
    zsh_completion=$prefix/share/zsh/site-functions/_gesturebridge
fi
fish_completion=$prefix/share/fish/vendor_completions.d/gesturebridge.fish
if [ "$scope" = user ]; then
    unit=$data_home/systemd/user/gesturebridge.service
    autostart=$config_home/autostart/gesturebridge.desktop
    config=$config_home/gesturebridge/config.yaml
else
    unit=$prefix/lib/systemd/user/gesturebridge.service
    autostart=/etc/xdg/autostart/gesturebridge.desktop
    config=/etc/xdg/gesturebridge/config.yaml
    # Enables the unit per user, when `gesturebridge autostart` applies it at login.
    preset=$prefix/lib/systemd/user-preset/80-gesturebridge.preset
fi
# The settings app, its man page, its menu entry (Settings) and its icon.
settings_bin=$bindir/gesturebridge-settings
settings_man=$prefix/share/man/man1/gesturebridge-settings.1
if [ "$scope" = user ]; then
    applications=$data_home/applications
    icons=$data_home/icons
else
    applications=$prefix/share/applications
    icons=$prefix/share/icons
fi
settings_entry=$applications/io.github.gesturebridge.Settings.desktop
settings_icon=$icons/hicolor/scalable/apps/io.github.gesturebridge.Settings.svg
installed=("$bin" "$man1" "$man5" "$bash_completion" "$zsh_completion" "$fish_completion" "$unit" "$autostart"
           "$settings_bin" "$settings_man" "$settings_entry" "$settings_icon")
[ "$scope" = system ] && installed+=("$preset")

say() { printf '%-12s %s\n' "$1" "$2"; }

# Whether `systemctl --user` reaches this user's service manager.
user_manager() { command -v systemctl >/dev/null && systemctl --user show-environment >/dev/null 2>&1; }

# Copies a template, writing the installed bindir for @BINDIR@.
install_template() {
    local escaped
    escaped=$(printf '%s' "$bindir" | sed 's/[\\|&]/\\&/g')
    mkdir -p "$(dirname "$destdir$2")"
    sed "s|@BINDIR@|$escaped|g" "$1" > "$destdir$2.tmp"
    chmod 644 "$destdir$2.tmp"
    mv -f "$destdir$2.tmp" "$destdir$2"
}

enable_service() {
    if [ "$scope" = system ]; then
        # Not `systemctl --global enable`: a global link is one users can only mask. The
        # preset enables it per user at their first login (`gesturebridge autostart`).
        echo "Every user's next graphical login enables and starts it (the preset $preset,"
        echo "applied once per user by the autostart entry); 'systemctl --user disable gesturebridge' opts out."
        echo "To start it now in your session: $bin autostart"
        return
    fi
    if ! user_manager; then
        echo "No systemd user manager is reachable: the autostart entry starts GestureBridge at your next login."
        echo "To start it now: $bin run &"
        return
    fi
    systemctl --user daemon-reload
    systemctl --user enable gesturebridge.service 2>&1 | sed 's/^/    /'
    say enabled "gesturebridge.service with the graphical session"
    if [ -z "${DISPLAY:-}" ]; then
        echo "No DISPLAY here: the service starts with your next graphical login."
        return
    fi
    local names=(DISPLAY)
    [ -n "${XAUTHORITY:-}" ] && names+=(XAUTHORITY)
    systemctl --user import-environment "${names[@]}"
    if systemctl --user restart gesturebridge.service && systemctl --user is-active --quiet gesturebridge.service; then
        say started "gesturebridge.service on $DISPLAY (systemctl --user status gesturebridge)"
    else
        echo "The service did not stay up on $DISPLAY; see: journalctl --user -u gesturebridge -e"
        echo "(Exit status 3 means another gesturebridge already serves this display.)"
    fi
}

# The settings app: the given build, else one built here when GTK 4 and libadwaita's headers
# are there (Scripts/deps.sh build installs them), else left out with what to install.
install_settings() {
    [ "$settings" -eq 1 ] || return 0
    local source=$settings_binary
    if [ -z "$source" ]; then
        if ! command -v pkg-config >/dev/null || ! pkg-config --exists gtk4 libadwaita-1; then
            echo "Settings app left out: it builds with GTK 4 and libadwaita (libgtk-4-dev, libadwaita-1-dev)."
            return 0
        fi
        source=$("$here/build-release.sh" gesturebridge-settings)
    fi
    if [ ! -x "$source" ]; then
        echo "install.sh: no executable gesturebridge-settings at '$source'" >&2
        exit 1
    fi
    install -D -m 755 "$source" "$destdir$settings_bin"
    if command -v strip >/dev/null; then
        strip --strip-unneeded --remove-section=.comment --remove-section=.note "$destdir$settings_bin"
    fi
    say settings "$settings_bin"
    install -D -m 644 "$here/gesturebridge-settings.1" "$destdir$settings_man"
    say "man page" "$settings_man"
    install_template "$here/gesturebridge-settings.desktop" "$settings_entry"
    install -D -m 644 "$here/gesturebridge-settings.svg" "$destdir$settings_icon"
    say menu "$settings_entry (Settings), $settings_icon"
}

do_install() {
    local source=$binary
    if [ -z "$source" ]; then
        source=$("$here/build-release.sh")
    fi
    if [ ! -x "$source" ]; then
        echo "install.sh: no executable gesturebridge at '$source'" >&2
        exit 1
    fi
    local version
    version=$("$source" --version)

    install -D -m 755 "$source" "$destdir$bin"
    # Symbols and debug info are most of a static-stdlib binary's size, and no user reads them.
    if command -v strip >/dev/null; then
        strip --strip-unneeded --remove-section=.comment --remove-section=.note "$destdir$bin"
    fi
    say binary "$bin ($version)"
    install -D -m 644 "$here/gesturebridge.1" "$destdir$man1"
    install -D -m 644 "$here/gesturebridge.yaml.5" "$destdir$man5"
    say "man pages" "$man1, $man5"
    local shell file
    for shell in bash zsh fish; do
        case "$shell" in
            bash) file=$bash_completion ;;
            zsh) file=$zsh_completion ;;
            fish) file=$fish_completion ;;
        esac
        mkdir -p "$(dirname "$destdir$file")"
        # Completion scripts are sourced, not run: drop a #! line if one is ever written.
        "$source" --generate-completion-script "$shell" | sed '1{/^#!/d}' > "$destdir$file"
        chmod 644 "$destdir$file"
        say completion "$file"
    done
    install_template "$here/gesturebridge.service" "$unit"
    say "user unit" "$unit"
    install_template "$here/gesturebridge.desktop" "$autostart"
    say autostart "$autostart"
    install_settings
    if [ "$scope" = system ]; then
        install -D -m 644 "$here/gesturebridge.preset" "$destdir$preset"
        say preset "$preset"
    fi
    if [ -e "$destdir$config" ]; then
        say config "$config (yours, kept as it is)"
    else
        install -D -m 644 "$root/Config/config.yaml" "$destdir$config"
        say config "$config (the default; edit it, then: gesturebridge check)"
    fi

    case "$scope:$prefix" in
        user:*)
            case ":$PATH:" in *":$bindir:"*) ;; *) echo "Note: $bindir is not on your PATH; add it to use 'gesturebridge' by name." ;; esac
            echo "Note: zsh finds the completion once ~/.zshrc has: fpath+=($(dirname "$zsh_completion"))" ;;
        system:/usr|system:/usr/local) ;;
        system:*) echo "Note: systemd finds user units in /usr/lib/systemd/user and /usr/local/lib/systemd/user, not in $prefix." ;;
    esac
    if [ "$enable" -eq 1 ]; then
        enable_service
    elif [ -z "$destdir" ]; then
        echo "Service not enabled (--no-enable): systemctl --user enable --now gesturebridge.service"
    fi
    if [ -z "$destdir" ]; then
        # man finds pages through PATH (bin/../share/man): under a prefix not on PATH, name the file.
        case ":$PATH:" in
            *":$bindir:"*) manual="man gesturebridge" ;;
            *) manual="man $man1" ;;
        esac
        echo "Next: check your config with '$bindir/gesturebridge check', and read '$manual'."
    fi
}

do_uninstall() {
    if [ "$enable" -eq 1 ]; then
        if [ "$scope" = user ] && user_manager; then
            systemctl --user disable --now gesturebridge.service 2>/dev/null || true
            say stopped "gesturebridge.service (disabled)"
        elif [ "$scope" = system ] && [ "$(id -u)" -eq 0 ] && command -v systemctl >/dev/null; then
            # Only what an earlier version enabled globally; users' own links point at the
            # removed unit and are ignored (running daemons stop at logout).
            systemctl --global disable gesturebridge.service 2>/dev/null || true
        fi
    fi
    # A daemon this binary runs that systemd did not start (the autostart entry, a terminal,
    # an i3 exec): SIGTERM is its clean stop, keys released and touches answered.
    if [ -z "$destdir" ] && [ "$scope" = user ] && command -v pgrep >/dev/null; then
        local pid
        for pid in $(pgrep -u "$(id -u)" -f "^$bin run" || true); do
            kill -TERM "$pid" 2>/dev/null && say stopped "gesturebridge pid $pid"
        done
    fi
    local file
    for file in "${installed[@]}"; do
        if [ -e "$destdir$file" ]; then
            rm -f "$destdir$file"
            say removed "$file"
        fi
    done
    # The directories install made for them, now empty; never the prefix, its bin, or the
    # config directories themselves (rmdir leaves any that still hold something).
    local directory
    for file in "${installed[@]}"; do
        directory=$(dirname "$file")
        while [ "$directory" != "$prefix" ] && [ "$directory" != "$bindir" ] && [ "$directory" != "$config_home" ] \
            && [ "$directory" != /etc/xdg ] && [ "$directory" != / ] && [ -d "$destdir$directory" ] \
            && rmdir "$destdir$directory" 2>/dev/null; do
            say removed "$directory/ (empty)"
            directory=$(dirname "$directory")
        done
    done
    if [ "$enable" -eq 1 ] && [ "$scope" = user ] && user_manager; then
        systemctl --user daemon-reload
    fi
    if [ -e "$destdir$config" ]; then
        echo "Kept your config $config; remove it yourself if you no longer want it."
    fi
}

"do_$action"
