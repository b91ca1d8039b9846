// The CPU judging loops of part FPV_JUDGE_PART of the ops (those whose position in ops/ops.h is
// FPV_JUDGE_PART modulo FPV_JUDGE_PARTS): the Makefile compiles this file once per part, so the
// parts build in parallel and a change to one op's headers recompiles every part but nothing
// else of the CPU backend. Each part registers its ops' judges (verifier/cpu/judges.h).
#include <optional>

#include "ops/dispatch.h"
#include "reference/binary64_twin.h"
#include "verifier/cpu/judge_range.inl"
#include "verifier/cpu/judges.h"

#if !defined(FPV_JUDGE_PART) || !defined(FPV_JUDGE_PARTS)
#error "compile with -DFPV_JUDGE_PART=k and -DFPV_JUDGE_PARTS=n"
#endif

namespace fpv {
namespace {

// Calls f(generator) with the generator of the unit's class.
template <class Op, class F>
Tally with_generator(const UnitWork& work, F&& f) {
    return with_class<Op>(work.inputs.class_index, [&](auto class_type) {
        return f(Generator<typename decltype(class_type)::type>{work.inputs.params()});
    });
}

template <class Op>
Tally host_impl(const UnitWork& work, uint64_t begin, uint64_t end) {
    const HostImplFn fn = work.impl.host;
    return with_generator<Op>(work, [&](auto generator) {
        auto input_of = [generator](uint64_t i) { return generator(i); };
        auto result_of = [fn](uint64_t, const Operands& in) { return fn(in); };
        return judge_detail::judge_generated<Op, decltype(generator)>(work, begin, end, input_of, result_of);
    });
}

template <class Op>
Tally buffers(const UnitWork& work, uint64_t begin, uint64_t end, const Operands* inputs, const uint64_t* results,
              const CompactVerdict* verdicts) {
    return with_generator<Op>(work, [&](auto generator) {
        auto input_of = [inputs, begin, generator](uint64_t i) {
            return inputs != nullptr ? inputs[i - begin] : generator(i);
        };
        auto result_of = [results](uint64_t k, const Operands&) { return results[k]; };
        return judge_detail::judge_generated<Op, decltype(generator)>(work, begin, end, input_of, result_of, verdicts);
    });
}

// Results the GPU handed over. A math function's twin sends, for MPFR's sample, what it decided
// in the high half of the binary32 result's word (reference/binary64_twin.h): a certified
// result comes as a correctly rounded verdict, a measured one as within its bound with that error.
template <class Op>
Tally indexed(const UnitWork& work, const IndexedResult* listed, uint64_t count, bool recheck_all) {
    constexpr bool kDecisionsSent = !is_none<twin_of<Op>> && is_none<typename Op::exact_check>;
    return with_generator<Op>(work, [&](auto generator) {
        auto index_of = [listed](uint64_t k) { return listed[k].index; };
        auto input_of = [generator](uint64_t i) { return generator(i); };
        auto result_of = [listed](uint64_t k, const Operands&) {
            return kDecisionsSent ? listed[k].result & 0xffffffffu : listed[k].result;
        };
        auto verdict_of = [listed](uint64_t k) -> std::optional<CompactVerdict> {
            double error = 0;
            if (!kDecisionsSent || !twin::decision_of(listed[k].result, error)) return std::nullopt;
            CompactVerdict v;
            v.expected = error == 0 ? listed[k].result & 0xffffffffu : 0;
            v.error = error;
            v.category = error == 0 ? Category::exact : Category::within_bound;
            return v;
        };
        return judge_detail::judge_listed<Op, decltype(generator)>(work, count, index_of, input_of, result_of,
                                                                   verdict_of, recheck_all);
    });
}

bool register_part() {
    for_each_type(AllOps{}, [](auto op_type) {
        using Op = typename decltype(op_type)::type;
        constexpr OpId id = op_id<Op>();
        if constexpr (id.value % FPV_JUDGE_PARTS == FPV_JUDGE_PART) {
            register_cpu_judges(id, CpuJudges{&host_impl<Op>, &buffers<Op>, &indexed<Op>});
        }
    });
    return true;
}

[[maybe_unused]] const bool registered = register_part();

}  // namespace
}  // namespace fpv
