#!/usr/bin/env bash
# The golden campaigns: every CPU impl (mutants included) of every op that runs on the CPU, with
# every class of its op, under both references; and, on a GPU, every GPU-only impl. Their JSON
# reports and stored failures were saved as fixtures by the fpverify of commit 4ca242f (before
# ops became types, issue 10); tests/test_golden.cpp and tests/gpu/test_gpu_golden.cpp run the
# same campaigns with the binary under test and compare the tallies field for field.
# ff_ftz_mpfr and ff_ftz_fast are the exception: remade on 2026-11-27 (H100) by the fpverify that
# made generators compute binary32 sums and products in integers (core/binary32.h, add_rn and
# mul_rn), because the GPU kernels built with -ftz=true had generated some inputs of their
# classes differently from the host (a float addition flushed) and the fixtures had kept those.
# div64_*, f2d_*, unary32_*, div32_* and gpu_only_* were remade on 2026-11-29 (here and on an
# H200) by the fpverify that rounds errors in ulps toward zero rather than to nearest, so that
# their histogram bin is the exact error's; against the fixtures before, every difference was an
# error one binary64 step lower, a count moved to the bin below (an error just under a power of
# two), a failure rate of 0/0 written null, or a tie in a worst list broken by another index.
#
#   campaigns.sh list              the campaigns, one per line: NAME BACKEND ARGS...
#   campaigns.sh run BINARY DIR    runs every CPU campaign into DIR/NAME.db (gpu too with --gpu)
set -euo pipefail
V=corpus/vectors/testfloat
COMMON="--seed 7 --count 1500 --worst 3 --failures-kept 12 --no-progress --quiet"
DIV64="div64.emu_halley,div64.emu_nr,div64.host,div64.mut_subnormal_ties_away,div64.mut_overflow_off_by_one,div64.mut_underflow_off_by_one,div64.mut_inf_over_inf,div64.mut_zero_sign,div64.mut_nan_divisor,div64.mut_zero_divisor,div64.mut_next_bit_rounding,div64.mut_rounding_bias"
FF="eft_add.two_sum,eft_add.fast_two_sum,eft_mul.two_prod_split,eft_mul.two_prod_fma,eft_split.veltkamp,ff_add.add22,ff_add.sloppy,ff_add.accurate,ff_add_f.dw_plus_fp,ff_mul_f.dw_times_fp1,ff_mul_f.dw_times_fp2,ff_mul_f.dw_times_fp3,ff_mul.mul22,ff_mul.mul22_corrected,ff_mul.dw_times_dw1,ff_mul.dw_times_dw2,ff_mul.dw_times_dw3,ff_div_f.dw_div_fp3_fma,ff_div_f.dw_div_fp3_dekker,ff_div.dw_div_dw2,ff_div.dw_div_dw3,ff_add.mut_accurate_unnormalised,ff_mul.mut_dw3_dropped_term,eft_split.mut_wrong_constant,eft_add.mut_unordered_fast2sum,ff_div.mut_dw3_sign"
F2D="f2d.shift_xor,f2d.byte_perm,f2d.native,f2d.mut_wide_mask,f2d.mut_low_shift,f2d.mut_wrong_selector"
# div64's classes when the fixtures were made (its `all` has grown since: near_exact).
DIV64_CLASSES="specials,subnormal,underflow,overflow,ties,midpoint,random,normal,patterns"
F2D_CLASSES="all,range32:0x37fff000-0x38001000,range32:0x40fffc00-0x41000400,testfloat:$V/f32_to_f64.level2.txt"
UNARY32="rsqrt32.rsqrtf,rsqrt32.rsqrtf_ftz,sqrt32.sqrtf,sqrt32.sqrtf_approx,sqrt32.sqrtf_ftz,sqrt32.sqrtf_approx_ftz,rcp32.div,rcp32.frcp_rn,rcp32.div_approx,rcp32.div_ftz,rcp32.frcp_rn_ftz,rcp32.div_approx_ftz"
DIV32="div32.div,div32.fdividef,div32.div_approx,div32.div_ftz,div32.fdividef_ftz,div32.div_approx_ftz"
FF_FTZ="eft_add.two_sum_ftz,eft_add.fast_two_sum_ftz,eft_mul.two_prod_split_ftz,eft_mul.two_prod_fma_ftz,eft_split.veltkamp_ftz,ff_add.accurate_ftz,ff_mul.dw_times_dw3_ftz"

list() {
    for ref in mpfr fast; do
        echo "div64_$ref cpu --impl $DIV64 --classes $DIV64_CLASSES,testfloat:$V/f64_div.level1.txt --reference $ref"
        echo "ff_$ref cpu --impl $FF --classes all --reference $ref"
        echo "f2d_$ref cpu --impl $F2D --classes $F2D_CLASSES --reference $ref"
        echo "unary32_$ref gpu --impl $UNARY32 --classes all,range32:0x007ffc00-0x00800400,range32:0x3f7ffc00-0x3f800400 --reference $ref"
        echo "div32_$ref gpu --impl $DIV32 --classes all,testfloat:$V/f32_div.level1.txt --reference $ref"
        echo "gpu_only_$ref gpu --impl div64.cuda,div64.emu_nr --classes $DIV64_CLASSES --reference $ref"
        echo "ff_ftz_$ref gpu --impl $FF_FTZ,ff_add.accurate --classes all --reference $ref"
    done
}

run() {
    local binary=$1 dir=$2 backends=${3:-cpu}
    mkdir -p "$dir"
    list | while read -r name backend args; do
        [[ " $backends " == *" $backend "* ]] || continue
        rm -f "$dir/$name.db"
        # shellcheck disable=SC2086
        "$binary" run --db "$dir/$name.db" --name "$name" --backend "$backend" $COMMON $args || [ $? -eq 1 ]
        "$binary" report --db "$dir/$name.db" --format json --out "$dir/$name.json"
        "$binary" query --db "$dir/$name.db" --format csv \
            "SELECT ordinal, impl, class, input_index, a, b, result, expected, error, category FROM failures ORDER BY id" \
            > "$dir/$name.failures.csv"
    done
}

case "${1:-}" in
    list) list ;;
    run) shift; run "$@" ;;
    *) echo "usage: $0 list | run BINARY DIR [BACKENDS]" >&2; exit 2 ;;
esac
