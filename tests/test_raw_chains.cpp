// `bench --raw` measures what it names only if no operand of a timed call is loop-invariant:
// a fixed operand lets the compiler hoist work on it out of the loop (the seed post's division
// benchmark held the divisor fixed and so hoisted its reciprocal). Every op's raw chain is
// checked here: over a run of calls fed with the impls' own kind of results, each operand the
// op reads changes from call to call; the seed-style chains hold the second operand fixed and
// say so.
#include <gtest/gtest.h>

#include <set>

#include "corpus/counter_rng.h"
#include "ops/ops.h"

namespace fpv {
namespace {

// How many of `steps` consecutive calls see an operand word (0, 1, 2) equal to the call before.
template <class Chain, int kArity>
std::array<int, 3> unchanged_operands(uint64_t thread, int steps) {
    std::array<int, 3> unchanged{};
    Operands in = Chain::start(thread);
    CounterRng results(0x5eed, thread);
    for (int i = 0; i < steps; ++i) {
        const Operands next = Chain::next(in, results.next());
        const uint64_t before[3] = {in.a, in.b, in.c}, after[3] = {next.a, next.b, next.c};
        for (int w = 0; w < kArity; ++w) unchanged[w] += before[w] == after[w] ? 1 : 0;
        in = next;
    }
    return unchanged;
}

TEST(RawChains, EveryOperandOfEveryTimedOpChangesFromCallToCall) {
    int timed = 0;
    for_each_type(AllOps{}, [&](auto op_type) {
        using Op = typename decltype(op_type)::type;
        if constexpr (!is_none<typename Op::raw_chain>) {
            ++timed;
            for (uint64_t thread : {0ull, 1ull, 77777ull}) {
                const auto unchanged = unchanged_operands<typename Op::raw_chain, arity<Op>>(thread, 1000);
                for (int w = 0; w < arity<Op>; ++w) {
                    // A result may repeat a bit pattern by chance; a fixed operand never changes.
                    EXPECT_LE(unchanged[w], 5) << Op::name << " operand " << w << " thread " << thread;
                }
            }
        }
    });
    EXPECT_GE(timed, 17);
}

TEST(RawChains, SeedStyleChainsHoldExactlyTheSecondOperandFixed) {
    int seed_style = 0;
    for_each_type(AllOps{}, [&](auto op_type) {
        using Op = typename decltype(op_type)::type;
        if constexpr (arity<Op> >= 2 && requires { typename Op::seed_style_chain; }) {
            ++seed_style;
            const auto unchanged = unchanged_operands<typename Op::seed_style_chain, arity<Op>>(5, 1000);
            EXPECT_LE(unchanged[0], 5) << Op::name;
            EXPECT_EQ(unchanged[1], 1000) << Op::name;
        }
    });
    EXPECT_GE(seed_style, 1 + 8);  // div64 and the float-float ops of two operands
}

}  // namespace
}  // namespace fpv
