// The CPU judging loops of part FPV_JUDGE_PART of the ops (those whose position in ops/ops.h is
// FPV_JUDGE_PART modulo FPV_JUDGE_PARTS): the Makefile compiles this file once per part, so the
// parts build in parallel and a change to one op's headers recompiles every part but nothing
// else of the CPU backend. Each part registers its ops' judges (verifier/cpu/judges.h).
#include "ops/dispatch.h"
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

template <class Op>
Tally indexed(const UnitWork& work, const IndexedResult* listed, uint64_t count, bool recheck_all) {
    return with_generator<Op>(work, [&](auto generator) {
        auto index_of = [listed](uint64_t k) { return listed[k].index; };
        auto input_of = [generator](uint64_t i) { return generator(i); };
        auto result_of = [listed](uint64_t k, const Operands&) { return listed[k].result; };
        return judge_detail::judge_listed<Op, decltype(generator)>(work, count, index_of, input_of, result_of,
                                                                   nullptr, recheck_all);
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
