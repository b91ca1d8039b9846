#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/*.cpp, built by `make fuzz-targets`) one after another, each for a
# fixed time, and ends with one summary line as the test suites do (tests/run_suites.sh counts
# it): a target passes when libFuzzer ran its time out without a finding.
#   fuzz/run.sh [TARGET...]       every target built in $FUZZ_BUILD by default
# FUZZ_SECONDS  seconds per target (default 10)
# FUZZ_BUILD    where the targets are (default build/fuzz); each target grows its corpus in
#               $FUZZ_BUILD/corpus/TARGET (its seeds, fuzz/corpus/TARGET, are only read) and
#               writes what it finds to $FUZZ_BUILD/findings/TARGET/
# FUZZ_JOBS     targets run at once (default 1)
# A finding is a crash, undefined behaviour, a leak, an input slower than FUZZ_TIMEOUT seconds
# (default 25: a hang) or more than 2 GiB of memory; the summary names the file that reproduces
# it (`$FUZZ_BUILD/TARGET FILE` runs that input alone).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${FUZZ_SECONDS:-10}
build=$(realpath -m "${FUZZ_BUILD:-build/fuzz}")
jobs=${FUZZ_JOBS:-1}
timeout=${FUZZ_TIMEOUT:-25}
if [ $# -gt 0 ]; then targets=("$@"); else
    targets=()
    for source in fuzz/*.cpp; do targets+=("$(basename "$source" .cpp)"); done
fi

# Runs one target; its log is $build/logs/TARGET.log.
run_target() {
    local t=$1 log=$build/logs/$1.log
    local scratch=$build/tmp/$t
    mkdir -p "$build/corpus/$t" "$build/findings/$t" "$build/logs" "$scratch"
    # The target's own temporary files (fuzz/fuzz_support.h) go where the run's other files are,
    # and go when it ends, crashed or not (a finding's input is kept in findings/).
    # Leaks are findings; UBSan stops at the first report, so that libFuzzer keeps its input.
    TMPDIR="$scratch" \
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    FPV_FUZZ_REPORT_DB="$root/fuzz/corpus/database_open/campaign_v9" \
    "$build/$t" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -detect_leaks=1 \
        -print_final_stats=1 -artifact_prefix="$build/findings/$t/" \
        "$build/corpus/$t" "$root/fuzz/corpus/$t" > "$log" 2>&1
    echo $? > "$build/logs/$t.status"
    rm -rf "$scratch"
}

passed=0 failed=0
running=0
for t in "${targets[@]}"; do
    rm -f "$build/logs/$t.log" "$build/logs/$t.status"
    if [ ! -x "$build/$t" ]; then
        echo "fuzz target $t: not built ($build/$t; make fuzz-targets)"
        failed=$((failed + 1))
        continue
    fi
    run_target "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

for t in "${targets[@]}"; do
    log=$build/logs/$t.log
    [ -f "$log" ] || continue
    # libFuzzer's last status line (#RUNS DONE cov: ... ft: ... corp: N/SIZE ...) and its final stats.
    done_line=$(grep -aE '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    finding=$(grep -aE 'Test unit written to|^==[0-9]+==ERROR|runtime error:|ERROR: libFuzzer' "$log" | head -n 3)
    unit=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
    status=$(cat "$build/logs/$t.status" 2>/dev/null || echo none)
    if [ "$status" = 0 ] && [ -n "$done_line" ] && [ -z "$unit" ] && [ -z "$finding" ]; then
        echo "fuzz target $t: no finding in ${seconds} s, ${execs:-?} inputs (${done_line#*DONE   })"
        passed=$((passed + 1))
    else
        echo "fuzz target $t: FAILED (exit status $status)${unit:+, reproduced by $unit ($build/$t $unit)}"
        echo "--- the end of its log, $log:"
        tail -n 40 "$log"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
