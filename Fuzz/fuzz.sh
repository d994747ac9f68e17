#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each one in turn (docs/fuzzing.md).
#
#   Fuzz/fuzz.sh [TARGET...]       every target when none is named
#
# FUZZ_SECONDS (default 60) is each target's run time; FUZZ_RUNS, when set, stops a target sooner once it
# has run that many inputs. FUZZ_FLAGS adds libFuzzer flags. Everything is written under .build-fuzz/:
# the build, corpora (corpus/TARGET), seeds made from a written bundle (seeds/TARGET) and any crashing
# input (artifacts/TARGET/). The committed seeds are Fuzz/seeds/TARGET; the scene target also reads Scenes/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/.build-fuzz
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
ALL_TARGETS=(fuzz-scene fuzz-scene-geometry fuzz-generator fuzz-thresholds fuzz-replay fuzz-arkit-data fuzz-depth-frames fuzz-png fuzz-bundle-zip fuzz-stray-export fuzz-export)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

max_len() {
    case $1 in
        fuzz-generator) echo 64 ;;
        fuzz-scene-geometry) echo 512 ;;
        fuzz-thresholds|fuzz-png|fuzz-depth-frames|fuzz-stray-export|fuzz-export) echo 4096 ;;
        fuzz-replay) echo 8192 ;;
        *) echo 16384 ;;
    esac
}

echo "== building the fuzz targets (release, -sanitize=fuzzer,address) into $OUT"
(cd Fuzz && swift build -c release --build-path "$OUT" --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -v "warning: Cannot export local symbol" || true)
for t in "${TARGETS[@]}"; do
    [ -x "$OUT/release/$t" ] || { echo "fuzz target $t did not build" >&2; exit 1; }
done

# Seeds from a small bundle written by the release tool (when it is built), kept out of git.
if [ ! -d "$OUT/seeds" ] && [ -x .build/release/capture-sim ]; then
    bundle=$(mktemp -d)
    if .build/release/capture-sim run Scenes/too-far.json --out "$bundle" --format both --depth-every 400 >/dev/null; then
        python3 Fuzz/make_seeds.py bundle "$bundle/too-far" "$OUT/seeds"
    fi
    rm -rf "$bundle"
fi

export SWIFT_BACKTRACE=enable=no   # libFuzzer reports crashes itself
# A small quarantine: the default (256 MB) alone would pass -rss_limit_mb=300.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:quarantine_size_mb=16}
summary=()
status=0
for t in "${TARGETS[@]}"; do
    corpus=$OUT/corpus/$t
    artifacts=$OUT/artifacts/$t
    mkdir -p "$corpus" "$artifacts"
    seeds=()
    for d in "Fuzz/seeds/$t" "$OUT/seeds/$t"; do [ -d "$d" ] && seeds+=("$d"); done
    [ "$t" = fuzz-scene ] && seeds+=(Scenes Scenes/boundaries)
    limit=(-max_total_time="$FUZZ_SECONDS")
    [ -n "${FUZZ_RUNS:-}" ] && limit+=(-runs="$FUZZ_RUNS")
    log=$OUT/$t.log
    echo "== $t: ${limit[*]} -max_len=$(max_len "$t") (log: $log)"
    set +e
    "$OUT/release/$t" "$corpus" "${seeds[@]}" "${limit[@]}" -max_len="$(max_len "$t")" -rss_limit_mb=300 -timeout=5 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_FLAGS:-} >"$log" 2>&1
    code=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -o 'cov: [0-9]*' || true)
    line="$t: ${runs:-?} executions, ${rate:-?} exec/s, peak RSS ${rss:-?} MB, $cov, corpus $(ls "$corpus" | wc -l) files"
    if [ $code -ne 0 ]; then
        line="$line -- FAILED (exit $code): $(ls -t "$artifacts" | head -1)"
        grep -E 'ERROR: |Fatal error|SUMMARY' "$log" | head -3 || true
        status=1
    fi
    echo "$line"
    summary+=("$line")
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
