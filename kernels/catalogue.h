// The catalogue of ops and implementations that fpverify knows, for the command line, the
// engine and the reports.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/portability.h"

namespace fpv {

// The mathematical functions under test. The op fixes the operands, the reference and the metric.
enum class OpId : uint8_t {
    div64,      // binary64 x / y, correctly rounded
    eft_add,    // a + b exactly, as an unevaluated pair of binary32 numbers
    eft_mul,    // a * b exactly, as a pair
    eft_split,  // a split into two halves of at most 12 significant bits each
    ff_add,     // float-float + float-float
    ff_add_f,   // float-float + float
    ff_mul,     // float-float * float-float
    ff_mul_f,   // float-float * float
    ff_div,     // float-float / float-float
    ff_div_f,   // float-float / float
    f2d,        // binary32 to binary64 conversion (exact)
    rsqrt32,    // 1/sqrt(x) in binary32
    sqrt32,     // sqrt(x) in binary32
    rcp32,      // 1/x in binary32
    div32,      // x/y in binary32
};

inline constexpr int kOpCount = 15;

// How an op's operands sit in the two 64-bit words of Operands (corpus/operands.h). A float-float
// pair is packed hi:lo (hi in the upper 32 bits); a lone binary32 sits in the lower 32 bits.
enum class Signature : uint8_t {
    b64_b64,  // two binary64
    f32,      // one binary32 (in a)
    f32_f32,  // two binary32
    ff_f32,   // a pair and a binary32
    ff_ff,    // two pairs
};

FPV_HD constexpr Signature signature_of(OpId op) {
    switch (op) {
        case OpId::div64: return Signature::b64_b64;
        case OpId::eft_split:
        case OpId::f2d:
        case OpId::rsqrt32:
        case OpId::sqrt32:
        case OpId::rcp32: return Signature::f32;
        case OpId::eft_add:
        case OpId::eft_mul:
        case OpId::div32: return Signature::f32_f32;
        case OpId::ff_add_f:
        case OpId::ff_mul_f:
        case OpId::ff_div_f: return Signature::ff_f32;
        default: return Signature::ff_ff;
    }
}

enum class Metric : uint8_t {
    correctly_rounded,  // bit-exact or an error in ulps
    relative_u2,        // relative error in units of u^2 = 2^-48 (u = 2^-24)
};

// The format of an op's result word.
enum class ResultFormat : uint8_t { binary64, binary32, pair };

struct OpInfo {
    OpId id;
    std::string_view name;
    std::string_view summary;
    std::string_view operands;
    std::string_view error_unit;
    Metric metric;
    bool error_free;  // the result must be exact (error-free transformations)
    ResultFormat result = ResultFormat::pair;
};

enum Where : uint8_t { kRunsOnCpu = 1, kRunsOnGpu = 2 };

using HostImplFn = uint64_t (*)(uint64_t, uint64_t);

// A documented input domain narrower than the op's, as a predicate on the operands.
using DomainFn = bool (*)(uint64_t a, uint64_t b);

// What the literature says of an implementation's accuracy, in units of u^2 (relative error).
struct AccuracyClaim {
    double bound = -1;              // proven bound; -1: none proven
    std::string_view bound_source;  // where it is proven
    double largest_found = -1;      // largest error the literature reports; -1: none reported
    double seed_log2 = 0;           // log2 of the seed paper's measured maximum; 0: none
    std::string_view note;
};

struct ImplInfo {
    std::string_view name;     // "<op>.<variant>"
    OpId op;
    uint8_t where;             // kRunsOnCpu | kRunsOnGpu
    std::string_view summary;
    std::string_view domain;   // the inputs on which the implementation claims to be right
    std::string_view claim;    // its accuracy claim, in words
    HostImplFn host;           // nullptr when it does not run on the CPU
    AccuracyClaim accuracy;    // for float-float ops
    bool requires_ordered_operands = false;  // Fast2Sum: |a| >= |b| is part of the domain
    double ulp_bound = 0;      // correctly rounded ops: the documented error bound in ulps
    std::string_view bound_source;  // where that bound is documented
    bool ftz = false;          // built to flush subnormals: judged against the FTZ reference
    DomainFn in_domain = nullptr;   // documented domain; nullptr: every input
    std::string_view mutates;  // mutants (kernels/mutants.h): the shipped impl with the planted bug
    bool plugin = false;       // built in from a header outside the tree (make EXTRA_IMPLS=...)

    bool is_mutant() const { return !mutates.empty(); }

    bool runs_on_cpu() const { return (where & kRunsOnCpu) != 0; }
    bool runs_on_gpu() const { return (where & kRunsOnGpu) != 0; }
};

const std::vector<OpInfo>& all_ops();
const OpInfo& op_info(OpId id);
const OpInfo* find_op(std::string_view name);

const std::vector<ImplInfo>& all_impls();
const ImplInfo* find_impl(std::string_view name);

// "cpu", "gpu" or "cpu, gpu".
std::string where_text(uint8_t where);

}  // namespace fpv
