// What judging one result can conclude. The categories are stored by name in the database and
// in JSON reports, so their names are part of the stable format.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/portability.h"

namespace fpv {

enum class Category : uint8_t {
    // correctly rounded ops
    exact,              // bit-identical to the reference (any NaN matches any NaN)
    misrounded,         // finite, right sign, less than 1 ulp away: the other neighbour
    wrong_value,        // finite, right sign, 1 ulp or more away
    wrong_sign,         // nonzero result of the wrong sign: finite, or the other infinity
    flushed_to_zero,    // a zero where the reference is a nonzero subnormal
    spurious_zero,      // a zero where the reference is a nonzero normal number
    wrong_zero_sign,    // +0 for -0 or the reverse
    spurious_infinity,  // infinite where the reference is finite
    missing_infinity,   // finite where the reference is infinite
    spurious_nan,       // NaN where the reference is not
    missing_nan,        // not NaN where the reference is
    // float-float ops and error-free transformations, inside the impl's domain
    within_bound,       // relative error within the proven bound (exact, for error-free ones)
    above_bound,        // relative error above the proven bound
    not_normalized,     // hi is not RN(hi + lo)
    not_exact,          // an error-free transformation whose hi + lo is not the exact result
    bad_split,          // a split whose halves do not fit in their bit budgets
    unclaimed,          // measured, but the impl claims no bound (not a failure)
    // any op
    outside_domain,     // the inputs lie outside the impl's declared domain: not judged
    // correctly rounded ops under --strict-nan
    wrong_nan,          // a NaN where one is due, but signalling or against the impl's NaN rule
};

inline constexpr int kCategoryCount = 19;

std::string_view category_name(Category c);
std::optional<Category> category_from_name(std::string_view name);

// Whether a category means the impl broke its claim.
FPV_HD constexpr bool is_failure(Category c) {
    return c != Category::exact && c != Category::within_bound && c != Category::unclaimed &&
           c != Category::outside_domain;
}

struct Verdict {
    Category category = Category::exact;
    double error = 0;       // ulps (correctly rounded ops) or u^2 (float-float); +inf: no finite value
    uint64_t expected = 0;  // the reference result (correctly rounded ops)
    bool measured = false;  // `error` was measured (float-float ops measure every result)
    // Binary32 results: how many representable numbers lie between the result and the
    // correctly rounded one (NVIDIA's measure of ulp error); -1 where that has no meaning.
    int64_t steps = -1;
    // Entries of matrix products: |result - exact| in ulps of the correctly rounded entry,
    // fractional, where the exact entry is within binary64's range; beyond it (or for a result
    // or entry that is no finite number) 0 for the correctly rounded entry and +inf for another;
    // -1 where not measured.
    double ulps = -1;
    bool wrong = false;        // fails the claim, or, outside the domain, is not the exact answer
    bool ftz_changed = false;  // flush-to-zero gave another answer than IEEE would
    // The fast reference and MPFR's cross-check disagreed: `conflicting` is the fast
    // reference's answer, `checked` MPFR's (the expected result for binary32 ops and f2d, the
    // error in u^2 as binary64 bits for float-float ops). The verdict uses MPFR's.
    bool reference_conflict = false;
    uint64_t conflicting = 0, checked = 0;
    bool failed() const { return is_failure(category); }
    bool inside() const { return category != Category::outside_domain; }
};

}  // namespace fpv
