#!/usr/bin/env bash
# The project's own binary64 emulations verified on a GPU (BENCHMARKS.md, "The project's own
# emulations"): every `<op>.emu*` impl over `all` and the TestFloat files of its op in its rounding
# mode at COUNT inputs per (impl, class); the fixed and the published one-Halley divisions at
# HALLEY inputs per class; then the same emulations at COMPARE inputs per unit on the CPU and on
# the GPU with one seed, compared unit by unit and failure by failure; and prove-div64 checks
# that every failure of the published division lies in a cell its proof lists.
#
#   scripts/emulation_campaign.sh BINARY OUT_DIR [COUNT [HALLEY [COMPARE [BACKEND]]]]
set -euo pipefail
fpv=$1 out=$2 count=${3:-1e8} halley=${4:-1e9} compare=${5:-1e6} backend=${6:-gpu}
V=corpus/vectors/testfloat
mkdir -p "$out"

# vectors OP ROUNDING: the TestFloat files of OP in that rounding mode, comma-separated classes.
vectors() {
    local suffix
    case $2 in rn) suffix= ;; rz) suffix=.rminMag ;; ru) suffix=.rmax ;; rd) suffix=.rmin ;; esac
    local names
    case $1 in
        add64) names=f64_add.level1 ;; sub64) names=f64_sub.level1 ;; mul64) names=f64_mul.level1 ;;
        fma64) names=f64_mulAdd.level1.first150k ;; div64) names=f64_div.level1 ;; sqrt64) names=f64_sqrt.level1 ;;
        *) return 0 ;;
    esac
    for f in "$V/$names$suffix.txt" "$V/$names$suffix.txt.gz"; do
        [ -f "$f" ] && printf ',testfloat:%s' "$f"
    done
    return 0
}

rounding_of() {
    case $1 in *_rz) echo rz ;; *_ru) echo ru ;; *_rd) echo rd ;; *) echo rn ;; esac
}

# run DB NAME COUNT BACKEND IMPL CLASSES: exit status 1 (failures found) is an answer, not an error.
run() {
    "$fpv" run --db "$1" --name "$2" --count "$3" --backend "$4" --impl "$5" --classes "$6" --seed 2026 \
        --reference fast --no-progress --quiet || [ $? -eq 1 ]
}

impls=$("$fpv" list impls | awk 'NR > 1 {print $1}' | grep -E '^[a-z0-9]+\.emu' || true)
[ -n "$impls" ] || { echo "no emulations in $fpv" >&2; exit 2; }

for impl in $impls; do
    [[ $impl == div64.emu_halley* ]] && continue
    op=${impl%%.*}
    run "$out/emulations.db" "$impl" "$count" "$backend" "$impl" "all$(vectors "$op" "$(rounding_of "$impl")")"
done
run "$out/halley.db" "one Halley step, fixed and published" "$halley" "$backend" \
    div64.emu_halley_fixed,div64.emu_halley "all$(vectors div64 rn)"

for db in emulations halley; do
    "$fpv" query --db "$out/$db.db" --format csv \
        "SELECT impl, class, tested, failed, outside, max_error FROM units ORDER BY impl, ordinal" > "$out/${db}_units.csv"
    : > "$out/${db}_report.md"
    for id in $("$fpv" query --db "$out/$db.db" --format csv "SELECT id FROM campaigns ORDER BY id" | tail -n +2); do
        "$fpv" report --db "$out/$db.db" --campaign "$id" --format md >> "$out/${db}_report.md"
    done
done
"$fpv" prove-div64 --impl div64.emu_halley --check-db "$out/halley.db" > "$out/prove_published.txt" 2>&1 || true
"$fpv" prove-div64 --impl div64.emu_halley_fixed > "$out/prove_fixed.txt" 2>&1 || true

if [ "$backend" = gpu ]; then
    for side in cpu gpu; do
        for impl in $impls; do
            op=${impl%%.*}
            run "$out/compare_$side.db" "$impl $side" "$compare" "$side" "$impl" \
                "all$(vectors "$op" "$(rounding_of "$impl")")"
        done
    done
    "$(dirname "$0")/compare_cpu_gpu.sh" "$fpv" "$out"
fi
