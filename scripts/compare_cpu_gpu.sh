#!/bin/bash
# The same campaign run by the CPU and the GPU backends, compared: every unit's counts and every
# stored failure must be identical. Writes units_{cpu,gpu}.csv, failures_{cpu,gpu}.csv and the
# verdict, compare.txt, into OUT (scripts/emulation_campaign.sh, scripts/fpemu_campaign.sh).
#   compare_cpu_gpu.sh FPVERIFY OUT        (OUT holds compare_cpu.db and compare_gpu.db)
set -u
fpv=$1 out=$2
for side in cpu gpu; do
    "$fpv" query --db "$out/compare_$side.db" --format csv \
        "SELECT impl, class, tested, failed, outside, max_error FROM units ORDER BY impl, class" > "$out/units_$side.csv"
    "$fpv" query --db "$out/compare_$side.db" --format csv \
        "SELECT impl, class, input_index, a, b, c, result FROM failures ORDER BY impl, class, input_index" \
        > "$out/failures_$side.csv"
done
if diff -q "$out/units_cpu.csv" "$out/units_gpu.csv" >/dev/null && diff -q "$out/failures_cpu.csv" "$out/failures_gpu.csv" >/dev/null; then
    echo "CPU and GPU agree: every unit's tally and every stored failure identical ($(($(wc -l < "$out/units_cpu.csv") - 1)) units)" | tee "$out/compare.txt"
else
    { echo "CPU and GPU differ:"; diff "$out/units_cpu.csv" "$out/units_gpu.csv" | head -40;
      diff "$out/failures_cpu.csv" "$out/failures_gpu.csv" | head -40; } | tee "$out/compare.txt"
fi
