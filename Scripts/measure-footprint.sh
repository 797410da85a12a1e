#!/usr/bin/env bash
# Measures what the installed daemon costs: the stripped binary's size, the time from exec to
# its "ready" line, its RSS when idle and after one `gesturebridge try`, and its CPU when idle,
# on a private Xorg (dummy video, one inputtest touchscreen), with the shipped default config.
# Usage: Scripts/measure-footprint.sh [BINARY] (default: make build's binary).
# Needs xserver-xorg-core, xserver-xorg-video-dummy and python3 (for the touches); touches
# nothing outside a temp dir.
# PackagingTests' FootprintTests runs it on the packaged build and checks the README's table.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$("$root/Packaging/build-release.sh")}
work=$(mktemp -d "${TMPDIR:-/tmp}/gb-footprint.XXXXXX")
# Stops a process: SIGTERM, then SIGKILL after 3 s (Xorg may keep SIGTERM blocked for seconds
# while it retries D-Bus, and a process started by a test runner inherits its blocked signals).
stop() {
    kill "$1" 2>/dev/null || return 0
    for _ in $(seq 300); do kill -0 "$1" 2>/dev/null || break; sleep 0.01; done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
cleanup() {
    [ -n "${daemon:-}" ] && stop "$daemon"
    [ -n "${xorg:-}" ] && stop "$xorg"
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
Section "ServerLayout"
  Identifier "layout"
  Screen "screen"
  InputDevice "touchscreen"
EndSection
CONF
# -displayfd: the server takes a free display and writes its number once it accepts clients.
mkfifo "$work/displayfd"
Xorg -config "$work/xorg.conf" -noreset -nolisten tcp -logfile "$work/xorg.log" -configdir "$work" \
    -displayfd 3 3>"$work/displayfd" >/dev/null 2>&1 &
xorg=$!
read -r -t 20 number <"$work/displayfd" || { echo "Xorg did not start:" >&2; tail -20 "$work/xorg.log" >&2; exit 1; }
display=":$number"

strip -o "$work/stripped" "$binary"
# Written back, so that its pages count as the clean file pages of an installed binary.
sync "$work/stripped"
mkdir -p "$work/home/.config/gesturebridge" "$work/runtime"
chmod 700 "$work/runtime"
cp "$root/Config/config.yaml" "$work/home/.config/gesturebridge/config.yaml"
export HOME=$work/home XDG_RUNTIME_DIR=$work/runtime DISPLAY=$display XDG_CONFIG_HOME=$work/home/.config

start=$(date +%s%N)
"$work/stripped" run 2>"$work/daemon.log" &
daemon=$!
ready=""
for _ in $(seq 2000); do
    if grep -q "ready on" "$work/daemon.log"; then ready=$(date +%s%N); break; fi
    sleep 0.001
done
[ -n "$ready" ] || { echo "the daemon did not get ready:" >&2; cat "$work/daemon.log" >&2; exit 1; }
# Measurement intervals, not waits for something: what an idle daemon holds after it settled,
# and how much CPU it takes over 5 s of nothing.
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
# One `try`, as a newcomer runs it: two fingers tap and then swipe three fingers while it
# listens, so the daemon streams to it, draws a mark under each finger and names the gestures.
"$work/stripped" try --duration 2 >"$work/try.out" 2>"$work/try.log" &
try=$!
for _ in $(seq 200); do grep -q "Touch the screen" "$work/try.out" "$work/try.log" 2>/dev/null && break; sleep 0.01; done
python3 - "$work/touch.sock" <<'PY'
# The inputtest driver's protocol (xf86-input-inputtest-protocol.h): a touch is its header,
# id and XI type (18 begin, 19 update, 20 end), then 64 valuators in 0-65535 over the screen.
import socket, struct, sys
sock = socket.socket(socket.AF_UNIX)
sock.connect(sys.argv[1])
sock.sendall(struct.pack("<IiHH", 12, 0, 1, 1))
sock.recv(12)
def frame(touches):
    for touch_id, kind, x, y in touches:
        values = [x * 65536 / 1024, y * 65536 / 768] + [0.0] * 126
        sock.sendall(struct.pack("<IiIII8B4x128d", 1056, 6, touch_id, kind, 0, 3, 0, 0, 0, 0, 0, 0, 0, *values))
    sock.sendall(struct.pack("<Ii", 8, 1))
    sock.recv(8)
frame([(1, 18, 400, 300), (2, 18, 460, 300)])
frame([(1, 20, 400, 300), (2, 20, 460, 300)])
fingers = [(10 + i, 300 + 60 * i) for i in range(3)]
frame([(i, 18, x, 400) for i, x in fingers])
for step in range(1, 6):
    frame([(i, 19, x - 40 * step, 400) for i, x in fingers])
frame([(i, 20, x - 200, 400) for i, x in fingers])
PY
wait "$try" || { cat "$work/try.log" >&2; exit 1; }
grep -q "next-desktop (swipe) recognized" "$work/try.out" || { echo "try saw no touch:" >&2; cat "$work/try.out" >&2; exit 1; }
rss_after_try=$(awk '/VmRSS/ {print $2}' "/proc/$daemon/status")
echo "binary (stripped): $(stat -c %s "$work/stripped") bytes"
echo "ready after exec:  $(( (ready - start) / 1000000 )) ms (includes polling the log every 1 ms)"
echo "idle RSS:          $rss KiB"
echo "RSS after a try:   $rss_after_try KiB"
echo "idle CPU over 5 s: $((cpu_after - cpu_before)) ticks"
