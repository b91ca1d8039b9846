// What the literature proves and reports about each float-float impl's accuracy.
#pragma once

#include <string_view>
#include <vector>

#include "kernels/catalogue.h"

namespace fpv {

struct NamedClaim {
    std::string_view impl;
    AccuracyClaim claim;
    bool requires_ordered_operands = false;
};

const std::vector<NamedClaim>& accuracy_claims();

// For ops with a correctly rounded reference: how far from it an impl claims to stay.
struct CorrectlyRoundedClaim {
    std::string_view impl;
    double ulp_bound = 0;       // 0: correctly rounded
    std::string_view source;    // where the bound is documented
    DomainFn in_domain = nullptr;
};

const std::vector<CorrectlyRoundedClaim>& correctly_rounded_claims();

}  // namespace fpv
