#!/usr/bin/env bash
# Fuzzes GestureBridge's parsers with libFuzzer (`make fuzz`). See Fuzz/README.md.
#
#   Scripts/fuzz.sh [--seconds N] [--build-jobs N] [target...]
#
# Builds gesturebridge-fuzz with libFuzzer and AddressSanitizer into .build/fuzz, then runs
# each target (default: all) for N seconds (default 60) from the repo's seeds plus the
# corpus earlier runs grew in .build/fuzz/corpus/<target>. A crash, a hang (an input that
# runs past 10 s) or an input that needs over 2 GB stops that target; the input is saved
# as .build/fuzz/artifacts/<target>/crash-… (or timeout-…, oom-…) and the script exits 1.
# Reproduce one without libFuzzer: swift run gesturebridge-fuzz <target> <file>.
set -euo pipefail

cd "$(dirname "$0")/.."
targets_all=(config trace evemu getevent libinput-record stroke-template control)
seconds=60
jobs=()
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
        --build-jobs) jobs=(-j "${2:?--build-jobs needs a number}"); shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
        *)
            if [[ ! " ${targets_all[*]} " =~ " $1 " ]]; then
                echo "fuzz.sh: unknown target '$1'; the targets are: ${targets_all[*]}" >&2; exit 2
            fi
            targets+=("$1"); shift ;;
    esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --seconds takes a whole number of seconds, not '$seconds'" >&2; exit 2; }
[ ${#targets[@]} -gt 0 ] || targets=("${targets_all[@]}")

build=.build/fuzz
echo "fuzz: building gesturebridge-fuzz with libFuzzer and AddressSanitizer (release, $build)"
# --sanitize=fuzzer makes SwiftPM link libFuzzer's main; swiftc keeps only the last -sanitize=,
# so the Swift code gets both sanitizers in one flag after it, and C (libyaml) gets ASan by -Xcc.
mkdir -p "$build"
if ! swift build "${jobs[@]}" -c release --build-path "$build" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    -Xcc -fsanitize=address -Xswiftc -DFUZZING --product gesturebridge-fuzz >"$build/build.log" 2>&1; then
    grep -E "error" "$build/build.log" | head -20 >&2
    echo "fuzz: the build failed (the whole log: $build/build.log)" >&2
    exit 1
fi
binary="$build/release/gesturebridge-fuzz"

# The repo's inputs of each kind seed its target, besides Fuzz/corpus/<target>.
seeds_of() {
    case "$1" in
        config) find Config Tests/GestureReplayTests/Traces -name '*.yaml' -size -64k ;;
        trace) find Tests/GestureReplayTests/Traces -name '*.jsonl' -size -64k ;;
        stroke-template) find Tests/GestureReplayTests/Traces -path '*/strokes/*.yaml' -size -64k ;;
        *) true ;;
    esac
}

failed=0
summary=()
for target in "${targets[@]}"; do
    seeds="$build/seeds/$target" corpus="$build/corpus/$target" artifacts="$build/artifacts/$target"
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$artifacts"
    cp Fuzz/corpus/"$target"/* "$seeds"/
    seeds_of "$target" | while read -r file; do cp "$file" "$seeds/$(echo "$file" | tr / _)"; done
    log="$build/$target.log"
    echo "fuzz: $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in the corpus)"
    set +e
    GESTUREBRIDGE_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "$seeds" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1
    status=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    size=$(ls "$corpus" | wc -l)
    if [ $status -eq 0 ]; then
        summary+=("$(printf '%-16s %10s runs in %3ss (%s/s), corpus %s, no crash, no hang' \
            "$target" "${runs:-?}" "${time:-?}" "$(( ${runs:-0} / (${time:-1} > 0 ? ${time:-1} : 1) ))" "$size")")
    else
        failed=1
        found=$(ls -t "$artifacts" | head -1)
        summary+=("$(printf '%-16s FAILED: %s' "$target" "$(grep -m1 -E 'ERROR|Fatal|deadly|timeout|out-of-memory' "$log" || echo "exit $status")")")
        summary+=("                 input: $artifacts/$found; log: $log")
        grep -E -A25 'ERROR|Fatal error|ALARM' "$log" | head -40 >&2 || true
    fi
done
echo "fuzz: results"
printf '  %s\n' "${summary[@]}"
exit $failed
