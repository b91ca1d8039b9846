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

}  // namespace fpv
