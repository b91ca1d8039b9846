// What judging one result can conclude. The categories are stored by name in the database and
// in JSON reports, so their names are part of the stable format.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace fpv {

enum class Category : uint8_t {
    exact,              // bit-identical to the reference (any NaN matches any NaN)
    misrounded,         // finite, right sign, less than 1 ulp away: the other neighbour
    wrong_value,        // finite, right sign, 1 ulp or more away
    wrong_sign,         // finite nonzero result of the wrong sign
    flushed_to_zero,    // a zero where the reference is a nonzero subnormal
    spurious_zero,      // a zero where the reference is a nonzero normal number
    wrong_zero_sign,    // +0 for -0 or the reverse
    spurious_infinity,  // infinite where the reference is finite, or the other infinity
    missing_infinity,   // finite where the reference is infinite
    spurious_nan,       // NaN where the reference is not
    missing_nan,        // not NaN where the reference is
};

inline constexpr int kCategoryCount = 11;

std::string_view category_name(Category c);
std::optional<Category> category_from_name(std::string_view name);

struct Verdict {
    Category category = Category::exact;
    double error = 0;  // ulps of the exact result; +inf where no finite distance exists
    uint64_t expected = 0;
    bool failed() const { return category != Category::exact; }
};

}  // namespace fpv
