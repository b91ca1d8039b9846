// An implementation under test is a type too: its spec (what it claims, in words and numbers),
// where its source runs, and a static run() that maps the op's operand words to the result's
// bits. An op lists its impls (core/op_traits.h); ops/catalogue.h turns them into run-time
// ImplInfo records, and the GPU backend instantiates its kernels from the same lists.
#pragma once

#include <concepts>
#include <string>
#include <string_view>

#include "core/formats.h"
#include "core/op_traits.h"
#include "core/operands.h"

namespace fpv {

// A documented domain narrower than the op's, as a predicate on the operands, the correctly
// rounded result in the impl's rounding mode, and whether the exact result is tiny (nonzero and
// below the least normal in magnitude, IEEE's underflow before rounding): "normal operands and
// results". Inputs outside it are counted apart, and there a result only counts as wrong where
// it is not that answer.
using DomainFn = bool (*)(const Operands&, uint64_t expected, bool tiny);

// What an impl states about itself.
// An impl's accuracy claim at one input, for impls whose claim varies with it (CUDA's intrinsics:
// 2 + floor(|1.173 x|) ulp for __expf, an absolute error on [-pi, pi] for __sinf): at most `value`
// binary32 numbers from the correctly rounded result (ulps), |result - exact| <= value
// (absolute), |result - exact| <= value |exact| (relative: __tanhf), or no claim at all there (none: a result that is not correctly rounded is measured
// and counted as unclaimed, never a failure).
struct ClaimAt {
    enum class Kind : uint8_t { ulps, absolute, relative, none };
    Kind kind = Kind::ulps;
    double value = 0;
};

struct ImplSpec {
    std::string_view variant = {};      // the impl is "<op>.<variant>"
    std::string_view summary = {};      // what it is
    std::string_view domain = {};       // the inputs on which it claims to be right, in words
    std::string_view claim = {};        // its accuracy claim, in words
    Rounding rounding = Rounding::rn;
    // The claimed bound: for correctly rounded ops the distance to the correctly rounded
    // result in ulps (0: correctly rounded); for float-float ops the relative error in u^2
    // (-1: none proven; error-free ops are held to exactness whatever it says).
    double bound = 0;
    // Componentwise ops (matrix products): the bound grows by this much per term of the entry,
    // so that the claim is bound + bound_per_term * k in units of eps * sum |a b| (Higham's
    // gamma_k is k/2 to first order).
    double bound_per_term = 0;
    std::string_view bound_source = {};  // where that bound is documented or proven
    double largest_found = -1;      // float-float: largest error the literature reports; -1: none
    std::string_view published = {};  // a published measurement of the same function, its source named
    double seed_log2 = 0;           // float-float: log2 of the seed paper's measurement; 0: none
    std::string_view note = {};
    bool ordered_operands = false;  // |x| >= |y| is part of the domain (Fast2Sum)
    bool ftz = false;               // built to flush subnormals: judged against the FTZ reference
    DomainFn in_domain = nullptr;   // the documented domain; nullptr: every input
    NanRule nans = NanRule::any;    // what it returns for NaN results (checked by --strict-nan)
    uint64_t canonical_nan = 0;     // NanRule::canonical: the one NaN it returns
    // A claim that varies with the input, replacing `bound` (the catalogue sets it from the impl's
    // claim_at, HasInputClaim); nullptr: `bound` everywhere.
    ClaimAt (*claim_at)(const Operands&) = nullptr;
};

// What a plug-in may state beyond its registration's domain and bound (README, "Bring your own
// implementation"): X(op, variant, fn, where, "domain", bound, .rounding = ..., ...).
struct PluginClaims {
    Rounding rounding = Rounding::rn;
    NanRule nans = NanRule::any;
    uint64_t canonical_nan = 0;
    DomainFn in_domain = nullptr;  // the domain in words, as a predicate; nullptr: every input
};

// Where an impl's source runs: both sides, the host only (the CPU's own arithmetic, mutants),
// or the device only (CUDA's own functions).
enum class Where : uint8_t { portable, host, device };

// The nvcc flags that decide what a device impl computes; each set has a translation unit of
// its own (verifier/gpu_config_*.cu).
enum class NvccConfig : uint8_t { standard, ieee, approx, ieee_ftz, approx_ftz, fast_math };

struct PortableImpl {
    static constexpr Where where = Where::portable;
    static constexpr NvccConfig nvcc = NvccConfig::standard;
};
struct HostImpl {
    static constexpr Where where = Where::host;
    static constexpr NvccConfig nvcc = NvccConfig::standard;
};
template <NvccConfig kConfig = NvccConfig::standard>
struct DeviceImpl {
    static constexpr Where where = Where::device;
    static constexpr NvccConfig nvcc = kConfig;
};

// A shipped impl with one planted bug: it takes its parent's domain and claims, runs on the CPU
// only, and `fpverify mutation` checks that the default campaign catches it.
template <class Parent>
struct MutantOf : HostImpl {
    using parent = Parent;
};

template <class Impl>
concept IsMutant = requires { typename Impl::parent; };

// An impl whose domain depends on its operands alone says so with the same predicate as its
// spec's in_domain, callable on the GPU: FPV_HD static bool claims(const Operands&). The exact
// reference can then place results it certifies inside or outside the domain without MPFR.
template <class Impl>
concept HasOperandDomain = requires(const Operands& in) {
    { Impl::claims(in) } -> std::convertible_to<bool>;
};

// An impl whose claim varies with its input states it, callable on the GPU as well:
// FPV_HD static ClaimAt claim_at(const Operands&).
template <class Impl>
concept HasInputClaim = requires(const Operands& in) {
    { Impl::claim_at(in) } -> std::same_as<ClaimAt>;
};

// Runs Impl on the op's operand words.
template <class Op, class Impl>
FPV_HD FPV_INLINE uint64_t run_impl(const Operands& in) {
    if constexpr (arity<Op> == 1) {
        return static_cast<uint64_t>(Impl::run(in.a));
    } else if constexpr (arity<Op> == 2) {
        return static_cast<uint64_t>(Impl::run(in.a, in.b));
    } else {
        return static_cast<uint64_t>(Impl::run(in.a, in.b, in.c));
    }
}

using HostImplFn = uint64_t (*)(const Operands&);

// An impl as the run-time layers see it.
struct ImplInfo {
    std::string name;        // "<op>.<variant>"
    OpId op;
    ImplSpec spec;
    bool cpu = false, gpu = false;  // where it runs in this build
    HostImplFn host = nullptr;      // nullptr when it does not run on the CPU
    std::string mutates;            // mutants: the shipped impl with the planted bug
    bool plugin = false;            // built in from a header outside the tree
    bool operand_domain = false;    // its domain depends on its operands alone (HasOperandDomain)
    bool whole_products = false;    // it computes whole matrix products (core/matrix_product.h)
    std::string_view missing;       // what this build lacks for it to run where it would ("needs GEMMul8")
    void (*check_runnable)() = nullptr;  // throws UsageError where this machine cannot run it (ChecksItCanRun)

    std::string_view variant() const { return spec.variant; }
    bool is_mutant() const { return !mutates.empty(); }
    bool runs_on_cpu() const { return cpu; }
    bool runs_on_gpu() const { return gpu; }
};

}  // namespace fpv
