// The host's comparison of the inputs a GPU generated with its own (verifier/gpu/
// generated_inputs_check.h), on inputs made by the host and one altered as a GPU that drew in
// another order would: it passes equal inputs, names the index and both inputs of the first that
// differs, and by default looks only at MPFR's sample.
#include <gtest/gtest.h>

#include <vector>

#include "model/input_set.h"
#include "ops/catalogue.h"
#include "reference/reference_mode.h"
#include "tests/test_support.h"
#include "verifier/gpu/generated_inputs_check.h"

namespace fpv {
namespace {

constexpr uint64_t kBegin = 1 << 20, kCount = 1 << 14;

std::vector<Operands> host_inputs(const InputSet& set) {
    std::vector<Operands> out;
    for (uint64_t i = 0; i < kCount; ++i) out.push_back(set.input(kBegin + i));
    return out;
}

// The first index of the range in MPFR's sample, and one outside it.
uint64_t first_index(bool sampled) {
    for (uint64_t i = 0; i < kCount; ++i) {
        if (exact_sampled(kBegin + i) == sampled) return i;
    }
    return kCount;
}

TEST(GeneratedInputsCheck, EqualInputsPass) {
    const InputSet set = resolve_class("subnormal", op_named("fma64"), 7);
    const std::vector<Operands> inputs = host_inputs(set);
    EXPECT_NO_THROW(gpu::check_generated_inputs(set, kBegin, kCount, inputs.data(), true));
    EXPECT_NO_THROW(gpu::check_generated_inputs(set, kBegin, kCount, inputs.data(), false));
}

TEST(GeneratedInputsCheck, AnInputThatDiffersIsNamed) {
    const InputSet set = resolve_class("subnormal", op_named("fma64"), 7);
    for (const bool sampled : {true, false}) {
        std::vector<Operands> inputs = host_inputs(set);
        const uint64_t i = first_index(sampled);
        ASSERT_LT(i, kCount);
        inputs[i].b ^= 1;  // a different draw
        try {
            gpu::check_generated_inputs(set, kBegin, kCount, inputs.data(), true);
            ADD_FAILURE() << "a differing input passed";
        } catch (const std::runtime_error& e) {
            const std::string what = e.what();
            EXPECT_TRUE(testing::contains(what, "input #" + std::to_string(kBegin + i) + " of class 'subnormal'")) << what;
            EXPECT_TRUE(testing::contains(what, hex64(inputs[i].b))) << what;
            EXPECT_TRUE(testing::contains(what, hex64(set.input(kBegin + i).b))) << what;
        }
        // Only MPFR's sample is compared by default.
        if (sampled) {
            EXPECT_THROW(gpu::check_generated_inputs(set, kBegin, kCount, inputs.data(), false),
                         std::runtime_error);
        } else {
            EXPECT_NO_THROW(gpu::check_generated_inputs(set, kBegin, kCount, inputs.data(), false));
        }
    }
}

}  // namespace
}  // namespace fpv
