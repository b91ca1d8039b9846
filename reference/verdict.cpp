#include "reference/verdict.h"

#include <array>

namespace fpv {
namespace {

constexpr std::array<std::string_view, kCategoryCount> kNames = {
    "exact",           "misrounded",        "wrong_value",      "wrong_sign",
    "flushed_to_zero", "spurious_zero",     "wrong_zero_sign",  "spurious_infinity",
    "missing_infinity", "spurious_nan",     "missing_nan",      "within_bound",
    "above_bound",     "not_normalized",    "not_exact",        "bad_split",
    "unclaimed",       "outside_domain",    "wrong_nan",
};

}  // namespace

std::string_view category_name(Category c) { return kNames[static_cast<size_t>(c)]; }

std::optional<Category> category_from_name(std::string_view name) {
    for (size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == name) return static_cast<Category>(i);
    }
    return std::nullopt;
}

}  // namespace fpv
