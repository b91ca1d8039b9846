#include "model/value_format.h"

#include <cmath>
#include <cstdio>

#include "ops/catalogue.h"

namespace fpv {

std::string hex64(uint64_t bits) {
    char out[19];
    std::snprintf(out, sizeof out, "0x%016llx", static_cast<unsigned long long>(bits));
    return out;
}

std::string decimal_of(uint64_t bits) {
    const double d = double_of(bits);
    if (std::isnan(d)) {
        const bool quiet = (bits & 0x0008000000000000ull) != 0;
        return std::string((bits >> 63) ? "-" : "") + (quiet ? "qNaN" : "sNaN");
    }
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    char out[40];
    std::snprintf(out, sizeof out, "%.17g", d);
    return out;
}

std::string decimal_of_float(uint32_t bits) {
    const float f = float_of(bits);
    if (std::isnan(f)) {
        return std::string((bits >> 31) ? "-" : "") + ((bits & 0x00400000u) ? "qNaN" : "sNaN");
    }
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    char out[32];
    std::snprintf(out, sizeof out, "%.9g", static_cast<double>(f));
    return out;
}

namespace {

std::string hex32(uint32_t bits) {
    char out[11];
    std::snprintf(out, sizeof out, "0x%08x", bits);
    return out;
}

}  // namespace

std::string value_text(Format f, uint64_t word) {
    const uint32_t low = static_cast<uint32_t>(word);
    switch (f) {
        case Format::binary64: return hex64(word) + " (" + decimal_of(word) + ")";
        case Format::binary32: return hex32(low) + " (" + decimal_of_float(low) + ")";
        case Format::entry: return "(" + std::to_string(word >> 32) + ", " + std::to_string(word & 0xffffffffu) + ")";
        case Format::word: return hex64(word);
        case Format::pair32: break;
    }
    const uint32_t hi = static_cast<uint32_t>(word >> 32);
    return hex32(hi) + ":" + hex32(low) + " (" + decimal_of_float(hi) + " + " + decimal_of_float(low) + ")";
}

std::string operands_text(OpId op, const Operands& in) {
    const OpInfo& info = op_info(op);
    std::string text;
    for (int i = 0; i < info.arity; ++i) {
        const Operand& operand = info.operands[static_cast<size_t>(i)];
        text += (i == 0 ? "" : ", ") + std::string(operand.name) + " = " + value_text(operand.format, in.word(i));
    }
    return text;
}

std::string result_text(OpId op, uint64_t result) { return value_text(op_info(op).result, result); }

std::string expected_text(OpId op, uint64_t expected) {
    if (op_info(op).metric == Metric::relative_u2) return "exact value " + decimal_of(expected);
    return result_text(op, expected);
}

}  // namespace fpv
