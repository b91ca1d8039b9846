#include "corpus/generic_classes.h"

#include <charconv>
#include <string>

#include "core/usage_error.h"

namespace fpv::generic {

uint64_t parse_class_number(std::string_view text, std::string_view spec) {
    uint64_t v = 0;
    int base = 10;
    if (text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        base = 16;
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        throw UsageError("class '" + std::string(spec) + "': '" + std::string(text) + "' is not a number");
    }
    return v;
}

ClassArguments parse_range32(std::string_view args, std::string_view spec) {
    const size_t dash = args.find('-');
    if (dash == std::string_view::npos) throw UsageError("class '" + std::string(spec) + "': write range32:LO-HI");
    const uint64_t lo = parse_class_number(args.substr(0, dash), spec);
    const uint64_t hi = parse_class_number(args.substr(dash + 1), spec);
    if (lo > hi || hi > 0xffffffffull) {
        throw UsageError("class '" + std::string(spec) + "': need LO <= HI <= 0xffffffff");
    }
    return {lo, hi - lo + 1, {}};
}

ClassArguments parse_binade32(std::string_view args, std::string_view spec) {
    const uint64_t e = parse_class_number(args, spec);
    if (e > 255) throw UsageError("class '" + std::string(spec) + "': E is an exponent field, 0 to 255");
    return {e, uint64_t{1} << 24, {}};
}

}  // namespace fpv::generic
