#!/usr/bin/env bash
# Runs test suites and ends with one summary line over all of them.
#   run_suites.sh NAME SHARDS TEST_BINARY FPVERIFY_BINARY [NAME SHARDS TEST_BINARY FPVERIFY_BINARY ...]
# SHARDS K > 1 runs the suite as K GoogleTest shards at once, each test in exactly one of them:
# most CPU tests wait on processes they start, so shards overlap well even on few cores.
set -uo pipefail
passed=0 failed=0 skipped=0 status=0
while [ $# -ge 4 ]; do
    name=$1 shards=$2 tests=$3 binary=$4
    shift 4
    echo "=== suite: $name ($tests, $shards shard(s))"
    logs=() pids=()
    for ((k = 0; k < shards; k++)); do
        log=$(mktemp)
        logs+=("$log")
        if [ "$shards" -gt 1 ]; then
            GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$k FPV_BINARY=$binary "$tests" > "$log" 2>&1 &
        else
            FPV_BINARY=$binary "$tests" 2>&1 | tee "$log" &
        fi
        pids+=($!)
    done
    for ((k = 0; k < shards; k++)); do
        wait "${pids[$k]}"
        rc=$?
        log=${logs[$k]}
        [ "$shards" -gt 1 ] && { echo "--- shard $k of $shards"; cat "$log"; }
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log" | tail -n 1)
        rm -f "$log"
        if [ -z "$line" ]; then
            echo "suite $name (shard $k) ended without a summary (exit status $rc)"
            status=1
            failed=$((failed + 1))
            continue
        fi
        read -r p _ f _ s _ <<<"$line"
        passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
        [ "$rc" -ne 0 ] && status=1
    done
done
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
