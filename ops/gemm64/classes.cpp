#include "ops/gemm64/classes.h"

#include <string>

#include "core/usage_error.h"

namespace fpv::gemm64 {
namespace {

constexpr uint32_t kDefaultK = 256, kDefaultN = 64;
constexpr uint32_t kDefaultPhi16 = 32, kDefaultSpan = 100;

[[noreturn]] void refuse(std::string_view spec, const std::string& why) {
    throw UsageError("class '" + std::string(spec) + "': " + why);
}

// A value of "name=VALUE" no larger than `most`; phi in sixteenths, read from a decimal.
uint32_t bounded(std::string_view name, std::string_view value, uint64_t least, uint64_t most, std::string_view spec) {
    const uint64_t v = generic::parse_class_number(value, spec);
    if (v < least || v > most) {
        refuse(spec, std::string(name) + " must be " + std::to_string(least) + " to " + std::to_string(most));
    }
    return static_cast<uint32_t>(v);
}

uint32_t sixteenths(std::string_view value, std::string_view spec) {
    const size_t point = value.find('.');
    const uint64_t whole = generic::parse_class_number(value.substr(0, point), spec);
    uint64_t fraction16 = 0;
    if (point != std::string_view::npos) {
        // A decimal fraction that sixteenths hold exactly (.5, .25, .0625, ...).
        const std::string_view digits = value.substr(point + 1);
        uint64_t numerator = generic::parse_class_number(digits, spec), denominator = 1;
        for (size_t i = 0; i < digits.size(); ++i) denominator *= 10;
        if ((numerator * 16) % denominator != 0) refuse(spec, "phi is read in sixteenths: write 0.5, 2.25, 4.0625, ...");
        fraction16 = numerator * 16 / denominator;
    }
    if (whole > 15) refuse(spec, "phi must be 0 to 15.9375");
    return static_cast<uint32_t>(whole * 16 + fraction16);
}

}  // namespace

uint64_t parse_shape(Draw draw, std::string_view args, std::string_view spec) {
    Shape s{kDefaultK, draw, 0, 0, draw == Draw::midpoint ? 1 : kDefaultN};  // m 0: as n
    if (draw == Draw::spread) s.parameter = kDefaultPhi16;
    if (draw == Draw::span) s.parameter = kDefaultSpan;
    while (!args.empty()) {
        const size_t colon = args.find(':');
        const std::string_view item = args.substr(0, colon);
        args = colon == std::string_view::npos ? std::string_view() : args.substr(colon + 1);
        const size_t equals = item.find('=');
        if (equals == std::string_view::npos) refuse(spec, "write NAME=VALUE, as k=1024");
        const std::string_view name = item.substr(0, equals), value = item.substr(equals + 1);
        if (name == "k") {
            s.k = bounded(name, value, 1, kMaxK, spec);
        } else if (name == "m") {
            s.m = bounded(name, value, 1, kMaxM, spec);
        } else if (name == "n") {
            s.n = bounded(name, value, 1, kMaxN, spec);
        } else if (name == "phi" && draw == Draw::spread) {
            s.parameter = sixteenths(value, spec);
        } else if (name == "e" && draw == Draw::span) {
            s.parameter = bounded(name, value, 0, 1022, spec);
        } else {
            refuse(spec, "unknown argument '" + std::string(name) + "' (this class takes k, m, n" +
                             (draw == Draw::spread ? ", phi" : draw == Draw::span ? ", e" : "") + ")");
        }
    }
    if (s.m == 0) s.m = s.n;
    if (draw == Draw::cancellation && s.k < 3) refuse(spec, "cancellation needs k of 3 or more");
    if (draw == Draw::midpoint && s.k < 2) refuse(spec, "midpoint needs k of 2 or more");
    // Each entry's last term is A's, tuned to its row, and B's last entry is 1: one column a product.
    if (draw == Draw::midpoint && s.n != 1) refuse(spec, "midpoint entries are one column a product: n is 1");
    return s.word();
}

}  // namespace fpv::gemm64
