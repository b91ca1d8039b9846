// One adapter for every float-float algorithm: an impl's run() takes the op's operand words and
// hands each algorithm parameter its value (a lone float from the lower half of its word, a
// pair unpacked from hi:lo), then packs the resulting pair.
#pragma once

#include "core/impl_traits.h"
#include "ops/float_float/primitives.h"

namespace fpv::ff {

template <class T>
struct WordFor {
    using type = uint64_t;
};

template <class T>
FPV_HD FPV_INLINE T from_word(uint64_t w) {
    if constexpr (std::is_same_v<T, Pair>) {
        return unpack(w);
    } else {
        static_assert(std::is_same_v<T, float>);
        return single(w);
    }
}

template <auto Algorithm>
struct FloatFloatImpl;

template <class... Parameter, Pair (*Algorithm)(Parameter...)>
struct FloatFloatImpl<Algorithm> : PortableImpl {
    FPV_HD static uint64_t run(typename WordFor<Parameter>::type... words) {
        return pack(Algorithm(from_word<Parameter>(words)...));
    }
};

// The same source built with -ftz=true: GPU only, judged against the flush-to-zero reference.
template <class Impl>
struct BuiltWithFtz : Impl {
    static constexpr Where where = Where::device;
    static constexpr NvccConfig nvcc = NvccConfig::ieee_ftz;
};

}  // namespace fpv::ff
