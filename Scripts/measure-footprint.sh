#!/usr/bin/env bash
# Measures what the installed daemon costs: the stripped binary's size, the time from exec to
# its "ready" line, and its RSS when idle, on a private Xorg (dummy video, one inputtest
# touchscreen). Usage: Scripts/measure-footprint.sh [BINARY] (default: make build's binary).
# Needs xserver-xorg-core and xserver-xorg-video-dummy; touches nothing outside a temp dir.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$("$root/Packaging/build-release.sh")}
work=$(mktemp -d /tmp/gb-footprint.XXXXXX)
display=:$((200 + RANDOM % 300))
cleanup() {
    [ -n "${daemon:-}" ] && kill "$daemon" 2>/dev/null && wait "$daemon" 2>/dev/null || true
    [ -n "${xorg:-}" ] && kill "$xorg" 2>/dev/null && wait "$xorg" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/xorg.conf" <<CONF
Section "ServerFlags"
  Option "AutoAddDevices" "false"
EndSection
Section "Device"
  Identifier "dummy"
  Driver "dummy"
  VideoRam 64000
EndSection
Section "Screen"
  Identifier "screen"
  Device "dummy"
  DefaultDepth 24
EndSection
Section "InputDevice"
  Identifier "touchscreen"
  Driver "inputtest"
  Option "SocketPath" "$work/touch.sock"
  Option "DeviceType" "Touch"
  Option "TouchCount" "10"
EndSection
CONF
Xorg "$display" -config "$work/xorg.conf" -noreset -nolisten tcp -logfile "$work/xorg.log" \
    -configdir "$work" >/dev/null 2>&1 &
xorg=$!
for _ in $(seq 100); do [ -S "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

strip -o "$work/stripped" "$binary"
# Written back, so that its pages count as the clean file pages of an installed binary.
sync "$work/stripped"
mkdir -p "$work/home/.config/gesturebridge" "$work/runtime"
chmod 700 "$work/runtime"
cp "$root/Config/config.yaml" "$work/home/.config/gesturebridge/config.yaml"

start=$(date +%s%N)
HOME=$work/home XDG_RUNTIME_DIR=$work/runtime DISPLAY=$display "$work/stripped" run 2>"$work/daemon.log" &
daemon=$!
ready=""
for _ in $(seq 2000); do
    if grep -q "ready on" "$work/daemon.log"; then ready=$(date +%s%N); break; fi
    sleep 0.001
done
[ -n "$ready" ] || { echo "the daemon did not get ready:" >&2; cat "$work/daemon.log" >&2; exit 1; }
sleep 2
rss=$(awk '/VmRSS/ {print $2}' "/proc/$daemon/status")
cpu_before=$(awk '{print $14 + $15}' "/proc/$daemon/stat")
sleep 5
cpu_after=$(awk '{print $14 + $15}' "/proc/$daemon/stat")
if [ -n "${FOOTPRINT_SMAPS:-}" ]; then
    awk '/^[0-9a-f]+-/ {name = $2 " " $6} /^Private_Dirty/ {dirty[name] += $2}
         END {for (n in dirty) if (dirty[n] > 100) print dirty[n] " kB private dirty in " n}' \
        "/proc/$daemon/smaps"
fi
echo "binary (stripped): $(stat -c %s "$work/stripped") bytes"
echo "ready after exec:  $(( (ready - start) / 1000000 )) ms (includes polling the log every 1 ms)"
echo "idle RSS:          $rss KiB"
echo "idle CPU over 5 s: $((cpu_after - cpu_before)) ticks"
