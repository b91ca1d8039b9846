// A correctly rounded binary32 function on the host in every build, with or without CORE-MATH:
// each math32 op's impl `host_cr`, the parent of its planted-bug mutants (ops/math32/mutants.h),
// which need one so that a single result one ulp off is a failure. Ziv's strategy: the function
// in binary64 (glibc's; for sinpi, cospi and rcbrt, glibc's sin and cbrt after an exact
// reduction), rounded to binary32 where every value within 2^-40 of it rounds alike
// (twin::round_surely, as the GPU's twin judges), and MPFR's correctly rounded value where it is
// in doubt or where an operand is a zero, an infinity or a NaN. The trust of 2^-40 is 2^10 times the largest error the glibc
// manual lists for these binary64 functions on x86_64 (erfc, 5 ulps): a documented bound with a
// wide margin, not a proof; ops/math32/test_reference.cpp holds it to MPFR bit for bit.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "core/formats.h"
#include "core/impl_traits.h"
#include "core/op_traits.h"
#include "reference/binary64_twin.h"
#include "reference/mpfr_reference.h"

namespace fpv::math32 {

// glibc's binary64 function F, as a Binary64 of RoundedOnHost.
template <double (*F)(double)>
struct Glibc64Of1 {
    static double eval(double x) { return F(x); }
};
template <double (*F)(double, double)>
struct Glibc64Of2 {
    static double eval(double x, double y) { return F(x, y); }
};

// sin(pi x) and cos(pi x) for a binary32 x (finite, nonzero): x = n + r exactly with n an
// integer and |r| <= 1/2, so that the only rounding before glibc's sin is that of pi r. The
// zeros are exact, with IEEE 754-2019's signs (9.2.1: sinPi(+-n) = +-0, cosPi(n + 1/2) = +0).
struct SinPi64 {
    static double eval(double x) {
        const double n = std::nearbyint(x);
        const double r = x - n;
        if (r == 0) return std::copysign(0.0, x);
        const double s = std::sin(M_PI * r);
        return std::fmod(n, 2.0) == 0 ? s : -s;
    }
};
struct CosPi64 {
    static double eval(double x) {
        const double n = std::nearbyint(x);
        const double r = std::fabs(x - n);
        if (r == 0.5) return 0.0;
        const double c = std::sin(M_PI * (0.5 - r));  // cos(pi r), 0.5 - r exact
        return std::fmod(n, 2.0) == 0 ? c : -c;
    }
};
// 1/cbrt(x), two roundings of binary64 (x finite and nonzero: the results lie in
// [2^-43, 2^50], far from binary64's edges).
struct RecipCbrt64 {
    static double eval(double x) { return 1.0 / std::cbrt(x); }
};

inline constexpr std::string_view kRoundedOnHostSource =
    "glibc's binary64 function trusted to 2^-40, MPFR where rounding it is in doubt (ops/math32/rounded_on_host.h)";

// The impl of Op (its MPFR reference for what is in doubt): Binary64 has static double
// eval(double) or eval(double, double). `kLarge`: the magnitude (bits) from which the function's
// arguments count as large, where the lost-reduction mutant drops bits.
template <class Op, class Binary64, uint32_t kLarge>
struct RoundedOnHost : HostImpl {
    static constexpr uint32_t kLargeFrom = kLarge;
    static constexpr ImplSpec spec{
        .variant = "host_cr",
        .summary = "correctly rounded on the host in every build: the binary64 function rounded to binary32, MPFR "
                   "where that rounding is in doubt",
        .domain = "every input", .claim = "correctly rounded", .bound = 0, .bound_source = kRoundedOnHostSource};

    static uint64_t run(uint64_t a)
        requires(arity<Op> == 1)
    {
        const uint32_t x = static_cast<uint32_t>(a);
        if (ordinary(x)) {
            if (const auto c = surely(Binary64::eval(twin::widen(x)))) return *c;
        }
        return by_mpfr(Operands{a, 0, 0});
    }
    static uint64_t run(uint64_t a, uint64_t b)
        requires(arity<Op> == 2)
    {
        const uint32_t x = static_cast<uint32_t>(a), y = static_cast<uint32_t>(b);
        if (ordinary(x) && ordinary(y)) {
            if (const auto c = surely(Binary64::eval(twin::widen(x), twin::widen(y)))) return *c;
        }
        return by_mpfr(Operands{a, b, 0});
    }

private:
    // Zeros, infinities and NaNs go to MPFR, where Annex F states the results (pow(NaN, 0) = 1).
    static bool ordinary(uint32_t v) {
        const uint32_t magnitude = v & 0x7fffffffu;
        return magnitude != 0 && magnitude < 0x7f800000u;
    }
    // A NaN for operands that are numbers away from Annex F's points is a domain error (log of a
    // negative number), whose only answer is a NaN, MPFR's canonical one.
    static std::optional<uint64_t> surely(double d) {
        if (d != d) return binary_format(Format::binary32).canonical_nan;
        uint32_t c = 0;
        if (twin::round_surely(d, Rounding::rn, c)) return c;
        return std::nullopt;
    }
    static uint64_t by_mpfr(const Operands& in) {
        thread_local MpfrReference mpfr;
        return mpfr.correctly_rounded<Op>(in, Rounding::rn, false);
    }
};

}  // namespace fpv::math32
