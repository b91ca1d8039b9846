// The specs of the MUFU-seeded emulations (ops/binary64/mufu_seeded.h) in each rounding mode: one
// template per op on Rounding, named "emu", "emu_rz", "emu_ru", "emu_rd".
#pragma once

#include <array>
#include <string_view>

#include "core/impl_traits.h"
#include "core/type_list.h"
#include "ops/binary64/emulation.h"

namespace fpv::mufu_seeded {

using binary64_emulation::kVariants;
inline constexpr std::array<std::string_view, 4> kClaims = {
    "correctly rounded", "correctly rounded toward zero", "correctly rounded toward +infinity",
    "correctly rounded toward -infinity"};

// NaN operands come back quieted; invalid operations give x86's default NaN 0xfff8000000000000.
constexpr ImplSpec emulation_spec(Rounding r, std::string_view summary) {
    return ImplSpec{.variant = kVariants[static_cast<size_t>(r)],
                    .summary = summary,
                    .domain = "all binary64 operands",
                    .claim = kClaims[static_cast<size_t>(r)],
                    .rounding = r,
                    .bound_source = "exact integer residual test (ops/binary64/mufu_seeded.h)",
                    .nans = NanRule::propagate};
}

// An op's emulation rounding in mode R (ops/<op>/impls.h), but for its run: the spec, with the
// op's summary.
template <Rounding R, const std::string_view& kSummary>
struct Emulation : PortableImpl {
    static constexpr ImplSpec spec = emulation_spec(R, kSummary);
};

// The planted bug every MUFU-seeded emulation has in the same words (ops/<op>/mutants.h): a
// subnormal operand's significand read as if it had the hidden bit.
inline constexpr ImplSpec kSubnormalUnnormalised{
    .variant = "mut_subnormal_unnormalised",
    .summary = "subnormal operands not normalised: read as if they had the hidden bit"};

}  // namespace fpv::mufu_seeded
