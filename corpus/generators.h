// Generators as small value types, one per (op, class), so that a loop over one class, on the
// host or in a GPU kernel, is compiled for that class alone. `with_generator` turns the run-time
// (op, class) of a campaign unit into the matching type.
#pragma once

#include <stdexcept>

#include "corpus/b32_classes.h"
#include "corpus/div64_classes.h"
#include "corpus/ff_classes.h"
#include "kernels/catalogue.h"

namespace fpv {

// Where a unit's inputs come from: its op, its class and the key of its random streams.
struct GeneratorSpec {
    OpId op = OpId::div64;
    uint32_t class_id = 0;  // div64::InputClass, ffc::InputClass or b32c::InputClass, by family
    uint64_t key = 0;
    const Operands* vectors = nullptr;  // vector-file classes: the operands (host or device copy)
    uint64_t first = 0;                 // range32: first bit pattern; binade32: exponent field
};

FPV_HD constexpr bool is_binary32_op(OpId op) {
    return op == OpId::f2d || op == OpId::rsqrt32 || op == OpId::sqrt32 || op == OpId::rcp32 ||
           op == OpId::div32;
}

template <div64::InputClass C>
struct Div64Generator {
    static constexpr bool kVectorFile = C == div64::InputClass::vectors;
    uint64_t key;
    const Operands* vectors;
    FPV_HD FPV_INLINE Operands operator()(uint64_t index) const {
        return div64::generate_in<C>(key, index, vectors);
    }
};

template <OpId kOp, ffc::InputClass C>
struct FloatFloatGenerator {
    static constexpr bool kVectorFile = false;
    uint64_t key;
    FPV_HD FPV_INLINE Operands operator()(uint64_t index) const {
        return ffc::generate_in<kOp, C>(key, index);
    }
};

// The operands of a TestFloat file, by line (host or device copy).
struct VectorFileGenerator {
    static constexpr bool kVectorFile = true;
    const Operands* vectors;
    FPV_HD FPV_INLINE Operands operator()(uint64_t index) const { return vectors[index]; }
};

template <OpId kOp, b32c::InputClass C>
struct Binary32Generator {
    static constexpr bool kVectorFile = false;
    uint64_t key;
    uint64_t first;
    FPV_HD FPV_INLINE Operands operator()(uint64_t index) const {
        return b32c::generate_in<kOp, C>(key, first, index);
    }
};

namespace generator_detail {

template <OpId kOp, b32c::InputClass C, class F>
decltype(auto) b32_class(const GeneratorSpec& g, F&& f) {
    if constexpr (b32c::applies(kOp, C)) {
        return f(Binary32Generator<kOp, C>{g.key, g.first});
    } else {
        throw std::logic_error("input class does not apply to this op");
        return f(Binary32Generator<kOp, b32c::InputClass::random>{g.key, g.first});
    }
}

template <OpId kOp, ffc::InputClass C, class F>
decltype(auto) ff_class(const GeneratorSpec& g, F&& f) {
    if constexpr (ffc::applies(kOp, C)) {
        return f(FloatFloatGenerator<kOp, C>{g.key});
    } else {
        throw std::logic_error("input class does not apply to this op");
        return f(FloatFloatGenerator<kOp, ffc::InputClass::random>{g.key});
    }
}

}  // namespace generator_detail

// Calls f(generator) for a unit of op kOp (known at compile time).
template <OpId kOp, class F>
decltype(auto) with_generator(const GeneratorSpec& g, F&& f) {
    if constexpr (kOp == OpId::div64) {
        using C = div64::InputClass;
        switch (static_cast<C>(g.class_id)) {
            case C::specials: return f(Div64Generator<C::specials>{g.key, g.vectors});
            case C::subnormal: return f(Div64Generator<C::subnormal>{g.key, g.vectors});
            case C::underflow: return f(Div64Generator<C::underflow>{g.key, g.vectors});
            case C::overflow: return f(Div64Generator<C::overflow>{g.key, g.vectors});
            case C::ties: return f(Div64Generator<C::ties>{g.key, g.vectors});
            case C::midpoint: return f(Div64Generator<C::midpoint>{g.key, g.vectors});
            case C::random: return f(Div64Generator<C::random>{g.key, g.vectors});
            case C::normal: return f(Div64Generator<C::normal>{g.key, g.vectors});
            case C::patterns: return f(Div64Generator<C::patterns>{g.key, g.vectors});
            case C::vectors: break;
        }
        return f(Div64Generator<C::vectors>{g.key, g.vectors});
    } else if constexpr (is_binary32_op(kOp)) {
        using C = b32c::InputClass;
        using generator_detail::b32_class;
        switch (static_cast<C>(g.class_id)) {
            case C::all32: return b32_class<kOp, C::all32>(g, f);
            case C::range32: return b32_class<kOp, C::range32>(g, f);
            case C::binade32: return b32_class<kOp, C::binade32>(g, f);
            case C::random: return b32_class<kOp, C::random>(g, f);
            case C::normal: return b32_class<kOp, C::normal>(g, f);
            case C::subnormal: return b32_class<kOp, C::subnormal>(g, f);
            case C::vectors:
                if constexpr (b32c::applies(kOp, C::vectors)) return f(VectorFileGenerator{g.vectors});
                break;
            case C::specials: break;
        }
        return b32_class<kOp, C::specials>(g, f);
    } else {
        using C = ffc::InputClass;
        using generator_detail::ff_class;
        switch (static_cast<C>(g.class_id)) {
            case C::random: return ff_class<kOp, C::random>(g, f);
            case C::cancellation: return ff_class<kOp, C::cancellation>(g, f);
            case C::pow2_hi: return ff_class<kOp, C::pow2_hi>(g, f);
            case C::half_ulp_lo: return ff_class<kOp, C::half_ulp_lo>(g, f);
            case C::gap_wide: return ff_class<kOp, C::gap_wide>(g, f);
            case C::gap_narrow: return ff_class<kOp, C::gap_narrow>(g, f);
            case C::near_overflow: return ff_class<kOp, C::near_overflow>(g, f);
            case C::subnormal_lo: return ff_class<kOp, C::subnormal_lo>(g, f);
            case C::specials: break;
        }
        return ff_class<kOp, C::specials>(g, f);
    }
}

// The same, for an op known only at run time.
template <class F>
decltype(auto) with_any_generator(const GeneratorSpec& g, F&& f) {
    switch (g.op) {
        case OpId::div64: return with_generator<OpId::div64>(g, f);
        case OpId::eft_add: return with_generator<OpId::eft_add>(g, f);
        case OpId::eft_mul: return with_generator<OpId::eft_mul>(g, f);
        case OpId::eft_split: return with_generator<OpId::eft_split>(g, f);
        case OpId::ff_add: return with_generator<OpId::ff_add>(g, f);
        case OpId::ff_add_f: return with_generator<OpId::ff_add_f>(g, f);
        case OpId::ff_mul: return with_generator<OpId::ff_mul>(g, f);
        case OpId::ff_mul_f: return with_generator<OpId::ff_mul_f>(g, f);
        case OpId::ff_div: return with_generator<OpId::ff_div>(g, f);
        case OpId::ff_div_f: return with_generator<OpId::ff_div_f>(g, f);
        case OpId::f2d: return with_generator<OpId::f2d>(g, f);
        case OpId::rsqrt32: return with_generator<OpId::rsqrt32>(g, f);
        case OpId::sqrt32: return with_generator<OpId::sqrt32>(g, f);
        case OpId::rcp32: return with_generator<OpId::rcp32>(g, f);
        case OpId::div32: break;
    }
    return with_generator<OpId::div32>(g, f);
}

}  // namespace fpv
