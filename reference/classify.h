// The category of a result that is not the reference's, for any binary format.
#pragma once

#include <cstdint>

#include "reference/verdict.h"

namespace fpv {

struct ValueKind {
    bool nan = false, infinite = false, zero = false, subnormal = false, negative = false;
};

ValueKind kind_of_binary64(uint64_t bits);
ValueKind kind_of_binary32(uint32_t bits);

// `identical`: the two bit patterns are equal.
Category classify(const ValueKind& expected, const ValueKind& result, bool identical, double ulp_error);

Category classify_binary64(uint64_t expected, uint64_t result, double ulp_error);
Category classify_binary32(uint32_t expected, uint32_t result, double ulp_error);

}  // namespace fpv
