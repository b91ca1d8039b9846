// What the CUDA Math API states of the error of CUDA's binary32 intrinsics (__expf, __logf, ...),
// which --use_fast_math also puts in place of expf, logf, ...: a bound in ulps that grows with
// |x|, an absolute error on a stated range with a bound in ulps (or none) elsewhere, a relative
// error (__tanhf, from the PTX ISA), or no number
// at all where NVIDIA says the error is "derived from" an implementation. Each is a claim that
// varies with the input (core/impl_traits.h, ClaimAt), evaluated alike on the host and the GPU:
// the operand is widened from its bits by integer arithmetic (a flush-to-zero build would flush a
// conversion), and binary64 products and comparisons round the same on both.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/impl_traits.h"
#include "core/portability.h"
#include "reference/binary64_twin.h"

namespace fpv::math32::intrinsic {

inline constexpr double kPi = 3.141592653589793;  // the binary64 below pi: |x| <= pi for binary32 x alike

FPV_HD FPV_INLINE double operand(const Operands& in) { return twin::widen(static_cast<uint32_t>(in.a)); }

// The stated bounds as binary64 constants: 2^-21.41 and 2^-21.19 rounded to nearest (so that the
// host and the GPU compare with the same number), 1.173 and 2.97 as written.
inline constexpr double kLogfAbsolute = 0x1.8157d9d08a78dp-22;   // 2^-21.41
inline constexpr double kLog2fAbsolute = 0x1p-22;
inline constexpr double kLog10fAbsolute = 0x1p-24;
inline constexpr double kSinfAbsolute = 0x1.8157d9d08a78dp-22;   // 2^-21.41
inline constexpr double kCosfAbsolute = 0x1.c0d2771113e59p-22;   // 2^-21.19

// "2 + floor(abs(c * x))" ulps.
FPV_HD FPV_INLINE ClaimAt growing_ulps(const Operands& in, double c) {
    return {ClaimAt::Kind::ulps, 2.0 + floor(fabs(c * operand(in)))};
}
// An absolute error on x in [0.5, 2], `ulps` elsewhere.
FPV_HD FPV_INLINE ClaimAt near_one_absolute(const Operands& in, double absolute, double ulps) {
    const double x = operand(in);
    if (x >= 0.5 && x <= 2.0) return {ClaimAt::Kind::absolute, absolute};
    return {ClaimAt::Kind::ulps, ulps};
}
// An absolute error on x in [-pi, pi], "larger otherwise": nothing claimed there.
FPV_HD FPV_INLINE ClaimAt within_pi_absolute(const Operands& in, double absolute) {
    if (fabs(operand(in)) <= kPi) return {ClaimAt::Kind::absolute, absolute};
    return {ClaimAt::Kind::none, 0};
}

struct ExpClaim {
    FPV_HD static ClaimAt at(const Operands& in) { return growing_ulps(in, 1.173); }
};
struct Exp10Claim {
    FPV_HD static ClaimAt at(const Operands& in) { return growing_ulps(in, 2.97); }
};
struct LogClaim {
    FPV_HD static ClaimAt at(const Operands& in) { return near_one_absolute(in, kLogfAbsolute, 3); }
};
struct Log2Claim {
    FPV_HD static ClaimAt at(const Operands& in) { return near_one_absolute(in, kLog2fAbsolute, 2); }
};
struct Log10Claim {
    FPV_HD static ClaimAt at(const Operands& in) { return near_one_absolute(in, kLog10fAbsolute, 3); }
};
struct SinClaim {
    FPV_HD static ClaimAt at(const Operands& in) { return within_pi_absolute(in, kSinfAbsolute); }
};
struct CosClaim {
    FPV_HD static ClaimAt at(const Operands& in) { return within_pi_absolute(in, kCosfAbsolute); }
};

// A relative error of 2^-11 everywhere: the PTX ISA's statement of tanh.approx.f32, which
// __tanhf and tanhf under --use_fast_math compile to (the Math API refers to the Guide's
// intrinsics table).
inline constexpr double kTanhfRelative = 0x1p-11;
struct TanhClaim {
    FPV_HD static ClaimAt at(const Operands&) { return {ClaimAt::Kind::relative, kTanhfRelative}; }
};

// No number stated: __tanf's error is "derived from" __sinf and __cosf, __powf's from exp2f and
// __log2f.
struct NoClaim {
    FPV_HD static ClaimAt at(const Operands&) { return {ClaimAt::Kind::none, 0}; }
};

}  // namespace fpv::math32::intrinsic
