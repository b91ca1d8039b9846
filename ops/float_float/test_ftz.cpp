// Float-float building blocks built with -ftz=true, judged against the flush-to-zero reading of
// their operands.
#include <gtest/gtest.h>

#include "ops/catalogue.h"
#include "ops/judge.h"

namespace fpv {
namespace {

TEST(FloatFloatFtz, SubnormalOperandsReadAsZerosAndTheChangeIsCounted) {
    const ImplInfo& ieee = impl_named("eft_add.two_sum");
    const ImplInfo& ftz = impl_named("eft_add.two_sum_ftz");  // the catalogue's FTZ build
    ASSERT_TRUE(ftz.spec.ftz);
    ASSERT_FALSE(ieee.spec.ftz);
    Judge judge_ieee(ieee), judge_ftz(ftz);
    const float subnormal = 0x1p-140f;
    const Operands in{bits_of(1.0f), bits_of(subnormal), 0};
    const uint64_t flushed_answer = (uint64_t{bits_of(1.0f)} << 32);  // (1, 0)
    const Verdict for_ftz = judge_ftz(in, flushed_answer);
    EXPECT_FALSE(for_ftz.wrong);
    EXPECT_TRUE(for_ftz.ftz_changed);
    const Verdict for_ieee = judge_ieee(in, flushed_answer);
    EXPECT_TRUE(for_ieee.wrong);  // (1, 0) is not 1 + 2^-140
    EXPECT_FALSE(for_ieee.ftz_changed);
    // Normal operands are not flushed: dropping a normal addend is an error under FTZ too.
    const Operands normal_operands{bits_of(0x1p-100f), bits_of(0x1.000002p-126f), 0};
    EXPECT_TRUE(judge_ftz(normal_operands, uint64_t{bits_of(0x1p-100f)} << 32).wrong);
    EXPECT_FALSE(judge_ftz(normal_operands, uint64_t{bits_of(0x1p-100f)} << 32).ftz_changed);
}

TEST(FloatFloatFtz, EveryImplBuiltWithFtzIsJudgedInFtzMode) {
    size_t ftz_impls = 0;
    for (const ImplInfo& impl : all_impls()) {
        // tanh.approx.f32, which --use_fast_math makes of tanhf, keeps subnormals (PTX ISA).
        const bool flushes = impl.name.ends_with("_ftz") ||
                             (impl.name.ends_with("_fast_math") && impl.name != "tanh32.tanhf_fast_math");
        EXPECT_EQ(impl.spec.ftz, flushes) << impl.name;
        ftz_impls += impl.spec.ftz ? 1 : 0;
    }
    // 9 CUDA binary32 functions, 7 float-float blocks, 29 CUDA math functions with -ftz=true, and
    // 9 math functions built with --use_fast_math (which implies it; tanhf's is the tenth).
    EXPECT_EQ(ftz_impls, 54u);
}

}  // namespace
}  // namespace fpv
