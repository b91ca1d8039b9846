#include "ops/gemm64/classes.h"

#include <algorithm>
#include <string>
#include <vector>

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

// phi in sixteenths, read from a decimal exactly, whatever its number of digits: a fraction that
// sixteenths hold (.5, .25, .0625, ...) has at most four digits once its trailing zeros go.
uint32_t sixteenths(std::string_view value, std::string_view spec) {
    const size_t point = value.find('.');
    const uint64_t whole = generic::parse_class_number(value.substr(0, point), spec);
    uint64_t fraction16 = 0;
    if (point != std::string_view::npos) {
        std::string_view digits = value.substr(point + 1);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
            refuse(spec, "'" + std::string(value) + "' is not a number");
        }
        while (!digits.empty() && digits.back() == '0') digits.remove_suffix(1);
        if (digits.size() > 4) refuse(spec, "phi is read in sixteenths: write 0.5, 2.25, 4.0625, ...");
        uint64_t numerator = 0, denominator = 1;
        for (const char d : digits) {
            numerator = numerator * 10 + static_cast<uint64_t>(d - '0');
            denominator *= 10;
        }
        if ((numerator * 16) % denominator != 0) refuse(spec, "phi is read in sixteenths: write 0.5, 2.25, 4.0625, ...");
        fraction16 = numerator * 16 / denominator;
    }
    if (whole > 15) refuse(spec, "phi must be 0 to 15.9375");
    return static_cast<uint32_t>(whole * 16 + fraction16);
}

// phi from sixteenths in its shortest decimal: 4, 2.25, 0.0625.
std::string phi_text(uint32_t phi16) {
    std::string text = std::to_string(phi16 / 16);
    if (phi16 % 16 == 0) return text;
    std::string fraction = std::to_string(phi16 % 16 * 625);  // sixteenths in ten-thousandths
    fraction.insert(0, 4 - fraction.size(), '0');
    while (fraction.back() == '0') fraction.pop_back();
    return text + "." + fraction;
}

uint32_t default_parameter(Draw draw) {
    return draw == Draw::spread ? kDefaultPhi16 : draw == Draw::span ? kDefaultSpan : 0;
}

uint32_t default_n(Draw draw) { return draw == Draw::midpoint ? 1 : kDefaultN; }

}  // namespace

uint64_t parse_shape(Draw draw, std::string_view args, std::string_view spec) {
    Shape s{kDefaultK, draw, default_parameter(draw), 0, default_n(draw)};  // m 0: as n
    std::vector<std::string_view> given;
    while (!args.empty()) {
        const size_t colon = args.find(':');
        const std::string_view item = args.substr(0, colon);
        args = colon == std::string_view::npos ? std::string_view() : args.substr(colon + 1);
        const size_t equals = item.find('=');
        if (equals == std::string_view::npos) refuse(spec, "write NAME=VALUE, as k=1024");
        const std::string_view name = item.substr(0, equals), value = item.substr(equals + 1);
        // The last of two would silently win over the first.
        if (std::find(given.begin(), given.end(), name) != given.end()) {
            refuse(spec, std::string(name) + " is given twice");
        }
        given.push_back(name);
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

std::string canonical_spec(std::string_view prefix, uint64_t shape_word) {
    const Shape s = Shape::of(shape_word);
    std::string spec(prefix);
    if (s.draw == Draw::spread && s.parameter != kDefaultPhi16) spec += "phi=" + phi_text(s.parameter) + ":";
    if (s.draw == Draw::span && s.parameter != kDefaultSpan) spec += "e=" + std::to_string(s.parameter) + ":";
    spec += "k=" + std::to_string(s.k);
    if (s.m != s.n) spec += ":m=" + std::to_string(s.m);
    if (s.n != default_n(s.draw)) spec += ":n=" + std::to_string(s.n);
    return spec;
}

}  // namespace fpv::gemm64
