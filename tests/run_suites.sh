#!/usr/bin/env bash
# Runs test suites and ends with one summary line over all of them.
#   run_suites.sh NAME TEST_BINARY FPVERIFY_BINARY [NAME TEST_BINARY FPVERIFY_BINARY ...]
set -uo pipefail
passed=0 failed=0 skipped=0 status=0
while [ $# -ge 3 ]; do
    name=$1 tests=$2 binary=$3
    shift 3
    echo "=== suite: $name ($tests)"
    log=$(mktemp)
    FPV_BINARY=$binary "$tests" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log" | tail -n 1)
    rm -f "$log"
    if [ -z "$line" ]; then
        echo "suite $name ended without a summary (exit status $rc)"
        status=1
        failed=$((failed + 1))
        continue
    fi
    read -r p _ f _ s _ <<<"$line"
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
    [ "$rc" -ne 0 ] && status=1
done
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
