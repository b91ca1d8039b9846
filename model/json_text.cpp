#include "model/json_text.h"

#include <cmath>

namespace fpv {

nlohmann::json json_number(double value) {
    if (std::isnan(value)) return nullptr;
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return value;
}

std::string json_text(const nlohmann::json& document) {
    return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace fpv
