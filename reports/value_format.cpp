#include "reports/value_format.h"

#include <cmath>
#include <cstdio>

#include "kernels/ff_primitives.h"
#include "kernels/portability.h"

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

std::string pair_text(uint64_t word) {
    const uint32_t hi = static_cast<uint32_t>(word >> 32), lo = static_cast<uint32_t>(word);
    return hex32(hi) + ":" + hex32(lo) + " (" + decimal_of_float(hi) + " + " + decimal_of_float(lo) + ")";
}

std::string single_text(uint64_t word) {
    const uint32_t f = static_cast<uint32_t>(word);
    return hex32(f) + " (" + decimal_of_float(f) + ")";
}

}  // namespace

std::string operands_text(OpId op, const Operands& in) {
    switch (signature_of(op)) {
        case Signature::b64_b64:
            return "x = " + hex64(in.a) + " (" + decimal_of(in.a) + "), y = " + hex64(in.b) + " (" +
                   decimal_of(in.b) + ")";
        case Signature::f32: return "a = " + single_text(in.a);
        case Signature::f32_f32: return "a = " + single_text(in.a) + ", b = " + single_text(in.b);
        case Signature::ff_f32: return "x = " + pair_text(in.a) + ", y = " + single_text(in.b);
        case Signature::ff_ff: return "x = " + pair_text(in.a) + ", y = " + pair_text(in.b);
    }
    return "";
}

std::string result_text(OpId op, uint64_t result) {
    switch (op_info(op).result) {
        case ResultFormat::binary64: return hex64(result) + " (" + decimal_of(result) + ")";
        case ResultFormat::binary32: return single_text(result);
        case ResultFormat::pair: break;
    }
    return pair_text(result);
}

std::string expected_text(OpId op, uint64_t expected) {
    // Float-float ops keep the exact value rounded to binary64; the others, the correctly
    // rounded result in their own format.
    if (op_info(op).result != ResultFormat::pair) return result_text(op, expected);
    return "exact value " + decimal_of(expected);
}

}  // namespace fpv
