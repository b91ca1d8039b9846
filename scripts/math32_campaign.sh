#!/usr/bin/env bash
# CUDA's binary32 math functions on a GPU (BENCHMARKS.md, "Binary32 math functions"): one
# campaign of the CUDA impls of FUNCTIONS (op:function pairs; every unary math32 op by default),
# in the builds SUFFIXES names ("-" nvcc's defaults, "_ftz" -ftz=true), over CLASSES, every input
# judged: under REFERENCE=exact (the default) on the GPU beside CUDA's binary64 functions, the
# host's references judging what that leaves (ops/math32/twin.h); under REFERENCE=fast on the
# host (CORE-MATH the fast reference, MPFR its sample and every wrong result's error); then its
# report and each unit's inputs, failures, largest error and seconds. A campaign stopped by FOR
# (a --for budget) continues where it stopped when the script is run again on the same OUT_DIR.
#
#   [BACKEND=cpu] [REFERENCE=fast] scripts/math32_campaign.sh BINARY OUT_DIR [FUNCTIONS [SUFFIXES [CLASSES [FOR]]]]
#   e.g. scripts/math32_campaign.sh build/release/fpverify m32 "exp32:expf log32:logf" - specials,all32 500s
set -euo pipefail
fpv=$1 out=$2
functions=${3:-"exp32:expf exp2_32:exp2f exp10_32:exp10f expm1_32:expm1f log32:logf log2_32:log2f log10_32:log10f
log1p32:log1pf sin32:sinf cos32:cosf tan32:tanf sinpi32:sinpif cospi32:cospif asin32:asinf acos32:acosf atan32:atanf
sinh32:sinhf cosh32:coshf tanh32:tanhf asinh32:asinhf acosh32:acoshf atanh32:atanhf cbrt32:cbrtf rcbrt32:rcbrtf
erf32:erff erfc32:erfcf"}
suffixes=${4:-"- _ftz"}
classes=${5:-"specials,all32"}
budget=${6:-}
mkdir -p "$out"
db=$out/math32.db

impls=
for pair in $functions; do
    for suffix in $suffixes; do
        [ "$suffix" = "-" ] && suffix=
        impls+=${impls:+,}${pair%%:*}.${pair#*:}$suffix
    done
done

status=0
if [ -f "$db" ]; then
    "$fpv" resume --db "$db" ${budget:+--for "$budget"} --no-progress --quiet || status=$?
else
    "$fpv" run --db "$db" --name "CUDA binary32 math" --impl "$impls" --classes "$classes" --backend "${BACKEND:-gpu}" \
        --reference "${REFERENCE:-exact}" ${budget:+--for "$budget"} --no-progress --quiet || status=$?
fi
# 1: failures found, an answer; 3: paused by the budget, to be resumed.
case $status in 0 | 1 | 3) ;; *) echo "math32_campaign: exit status $status" >&2; exit "$status" ;; esac
"$fpv" report --db "$db" --out "$out/math32.md"
"$fpv" query --db "$db" --format table \
    "SELECT impl, class, tested, failed, max_error, round(seconds, 2) AS seconds,
            round(tested / max(seconds, 1e-9) / 1e9, 3) AS g_per_s FROM units ORDER BY ordinal" > "$out/units.txt"
cat "$out/units.txt"
