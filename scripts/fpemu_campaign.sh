#!/usr/bin/env bash
# NVIDIA's cuda::experimental::fpemu verified end to end (README, "fpemu"): every impl of the
# plug-in example docs/examples/fpemu.h over `all` and its op's TestFloat files, op by op:
# the correctly rounded rn impls (accuracy high) at HIGH inputs per (impl, class), the others
# at REST. Then, where a GPU is there, the same campaigns at COMPARE inputs on the CPU and on
# the GPU with one seed, and the two compared unit by unit and failure by failure.
#
#   scripts/fpemu_campaign.sh BINARY OUT_DIR [HIGH [REST [COMPARE [BACKEND [PARTS]]]]]
#
# PARTS (default high,rest,compare) picks what runs, so that a long campaign can be split.
#
# BINARY is an fpverify built with the plug-in (make fpemu-campaign builds it). Databases and a
# summary go to OUT_DIR.
set -euo pipefail
fpv=$1 out=$2 high=${3:-1e9} rest=${4:-1e8} compare=${5:-1e6} backend=${6:-gpu} parts=${7:-high,rest,compare}
V=corpus/vectors/testfloat
mkdir -p "$out"

vectors() {
    case $1 in
        add64) echo "$V/f64_add.level1.txt.gz" ;;
        sub64) echo "$V/f64_sub.level1.txt.gz" ;;
        mul64) echo "$V/f64_mul.level1.txt.gz" ;;
        fma64) echo "$V/f64_mulAdd.level1.first150k.txt.gz" ;;
        div64) echo "$V/f64_div.level1.txt" ;;
        sqrt64) echo "$V/f64_sqrt.level1.txt" ;;
    esac
}

# run DB NAME COUNT BACKEND IMPLS CLASSES: exit status 1 (failures found) is an answer, not an error.
run() {
    "$fpv" run --db "$1" --name "$2" --count "$3" --backend "$4" --impl "$5" --classes "$6" --seed 2026 \
        --reference fast --no-progress --quiet || [ $? -eq 1 ]
}

ops="add64 sub64 mul64 div64 fma64 sqrt64"
for op in $ops; do
    classes="all,testfloat:$(vectors $op)"
    if [[ ",$parts," == *,high,* ]]; then
        run "$out/fpemu.db" "$op high rn" "$high" "$backend" "$op.fpemu_high" "$classes"
    fi
    if [[ ",$parts," == *,rest,* ]]; then
        run "$out/fpemu.db" "$op others" "$rest" "$backend" \
            "$op.fpemu_high_rz,$op.fpemu_high_ru,$op.fpemu_high_rd,$op.fpemu_mid,$op.fpemu_low" "$classes"
    fi
done
: > "$out/fpemu_report.md"
for id in $("$fpv" query --db "$out/fpemu.db" --format csv "SELECT id FROM campaigns ORDER BY id" | tail -n +2); do
    "$fpv" report --db "$out/fpemu.db" --campaign "$id" --format md >> "$out/fpemu_report.md"
done
"$fpv" query --db "$out/fpemu.db" --format csv \
    "SELECT impl, class, tested, failed, outside, max_error FROM units ORDER BY impl, ordinal" > "$out/fpemu_units.csv"

if [ "$backend" = gpu ] && [[ ",$parts," == *,compare,* ]]; then
    for side in cpu gpu; do
        for op in $ops; do
            run "$out/compare_$side.db" "$op $side" "$compare" "$side" \
                "$op.fpemu_high,$op.fpemu_high_rz,$op.fpemu_high_ru,$op.fpemu_high_rd,$op.fpemu_mid,$op.fpemu_low" \
                "all,testfloat:$(vectors $op)"
        done
    done
    "$(dirname "$0")/compare_cpu_gpu.sh" "$fpv" "$out"
fi
