// The float-float family: error-free transformations of binary32 numbers and arithmetic on
// float-float pairs, judged by their relative error in u^2 = 2^-48 against proven bounds.
#pragma once

#include <array>

#include "core/op_traits.h"
#include "ops/float_float/classes.h"
#include "ops/float_float/impls.h"
#include "ops/float_float/mutants.h"
#include "ops/float_float/raw_chain.h"
#include "reference/ff_verdict.h"

namespace fpv::ff {

// What every op of the family shares, and what follows from its kind and exact terms. An op
// names its classes itself (FamilyClasses), after its operands, which decide which fit.
template <class Op, Kind kKind, bool kErrorFree, class Terms, uint64_t kSalt>
struct FamilyOp {
    static constexpr Format result = Format::pair32;
    static constexpr Metric metric = Metric::relative_u2;
    static constexpr std::string_view testfloat = "";
    static constexpr uint64_t key_salt = kSalt << 56;
    static constexpr Kind kind = kKind;
    static constexpr bool error_free = kErrorFree;
    using reference = Terms;
    using host_ieee = None;
    using host_error = None;
    using exact_check = None;  // judged by exact sums already (reference/ff_verdict.h)
    using raw_chain = RawChain<Op>;
    using products = None;
    using seed_style_chain = RawChain<Op, true>;  // the second operand held fixed
    using natives = TypeList<>;
};

inline constexpr Operand kSingleA{Format::binary32, "a"}, kSingleB{Format::binary32, "b"};
inline constexpr Operand kPairX{Format::pair32, "x"}, kPairY{Format::pair32, "y"}, kSingleY{Format::binary32, "y"};

}  // namespace fpv::ff

namespace fpv::op {

// The key salts are the ops' positions in the list before ops were types, so that inputs stay
// what they were.
struct eft_add : ff::FamilyOp<eft_add, ff::Kind::sum, true, ffv::SumTerms, 1> {
    static constexpr std::string_view name = "eft_add";
    static constexpr std::string_view summary = "a + b exactly as a normalised pair (error-free sum)";
    static constexpr std::array<Operand, 2> operands{ff::kSingleA, ff::kSingleB};
    using classes = ff::FamilyClasses<eft_add>;
    using impls = TypeList<ff::TwoSum, ff::FastTwoSum, ff::TwoSumFtz, ff::FastTwoSumFtz>;
    using mutants = TypeList<ff::UnorderedFast2Sum>;
    using commands = TypeList<>;
};

struct eft_mul : ff::FamilyOp<eft_mul, ff::Kind::product, true, ffv::ProductTerms, 2> {
    static constexpr std::string_view name = "eft_mul";
    static constexpr std::string_view summary = "a * b exactly as a normalised pair (error-free product)";
    static constexpr std::array<Operand, 2> operands{ff::kSingleA, ff::kSingleB};
    using classes = ff::FamilyClasses<eft_mul>;
    using impls = TypeList<ff::TwoProdSplit, ff::TwoProdFma, ff::TwoProdSplitFtz, ff::TwoProdFmaFtz>;
    using mutants = TypeList<>;
    using commands = TypeList<>;
};

struct eft_split : ff::FamilyOp<eft_split, ff::Kind::split, true, ffv::SplitTerms, 3> {
    static constexpr std::string_view name = "eft_split";
    static constexpr std::string_view summary = "a = hi + lo exactly, hi and lo of at most 12 bits each";
    static constexpr std::array<Operand, 1> operands{ff::kSingleA};
    using classes = ff::FamilyClasses<eft_split>;
    using impls = TypeList<ff::Veltkamp, ff::VeltkampFtz>;
    using mutants = TypeList<ff::SplitWrongConstant>;
    using commands = TypeList<>;
};

struct ff_add : ff::FamilyOp<ff_add, ff::Kind::sum, false, ffv::SumTerms, 4> {
    static constexpr std::string_view name = "ff_add";
    static constexpr std::string_view summary = "float-float + float-float";
    static constexpr std::array<Operand, 2> operands{ff::kPairX, ff::kPairY};
    using classes = ff::FamilyClasses<ff_add>;
    using impls = TypeList<ff::Add22, ff::Sloppy, ff::Accurate, ff::AccurateFtz>;
    using mutants = TypeList<ff::AccurateUnnormalised>;
    using commands = TypeList<>;
};

struct ff_add_f : ff::FamilyOp<ff_add_f, ff::Kind::sum, false, ffv::SumTerms, 5> {
    static constexpr std::string_view name = "ff_add_f";
    static constexpr std::string_view summary = "float-float + binary32";
    static constexpr std::array<Operand, 2> operands{ff::kPairX, ff::kSingleY};
    using classes = ff::FamilyClasses<ff_add_f>;
    using impls = TypeList<ff::PlusFp>;
    using mutants = TypeList<>;
    using commands = TypeList<>;
};

struct ff_mul : ff::FamilyOp<ff_mul, ff::Kind::product, false, ffv::ProductTerms, 6> {
    static constexpr std::string_view name = "ff_mul";
    static constexpr std::string_view summary = "float-float * float-float";
    static constexpr std::array<Operand, 2> operands{ff::kPairX, ff::kPairY};
    using classes = ff::FamilyClasses<ff_mul>;
    using impls = TypeList<ff::Mul22, ff::Mul22Corrected, ff::TimesDw1, ff::TimesDw2, ff::TimesDw3, ff::TimesDw3Ftz>;
    using mutants = TypeList<ff::TimesDw3DroppedTerm>;
    using commands = TypeList<>;
};

struct ff_mul_f : ff::FamilyOp<ff_mul_f, ff::Kind::product, false, ffv::ProductTerms, 7> {
    static constexpr std::string_view name = "ff_mul_f";
    static constexpr std::string_view summary = "float-float * binary32";
    static constexpr std::array<Operand, 2> operands{ff::kPairX, ff::kSingleY};
    using classes = ff::FamilyClasses<ff_mul_f>;
    using impls = TypeList<ff::TimesFp1, ff::TimesFp2, ff::TimesFp3>;
    using mutants = TypeList<>;
    using commands = TypeList<>;
};

struct ff_div : ff::FamilyOp<ff_div, ff::Kind::quotient, false, ffv::QuotientTerms, 8> {
    static constexpr std::string_view name = "ff_div";
    static constexpr std::string_view summary = "float-float / float-float";
    static constexpr std::array<Operand, 2> operands{ff::kPairX, ff::kPairY};
    using classes = ff::FamilyClasses<ff_div>;
    using impls = TypeList<ff::DivDw2, ff::DivDw3>;
    using mutants = TypeList<ff::DivDw3SignError>;
    using commands = TypeList<>;
};

struct ff_div_f : ff::FamilyOp<ff_div_f, ff::Kind::quotient, false, ffv::QuotientTerms, 9> {
    static constexpr std::string_view name = "ff_div_f";
    static constexpr std::string_view summary = "float-float / binary32";
    static constexpr std::array<Operand, 2> operands{ff::kPairX, ff::kSingleY};
    using classes = ff::FamilyClasses<ff_div_f>;
    using impls = TypeList<ff::DivFp3Fma, ff::DivFp3Dekker>;
    using mutants = TypeList<>;
    using commands = TypeList<>;
};

}  // namespace fpv::op
