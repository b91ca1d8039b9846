#include "corpus/class_catalogue.h"

#include <charconv>

#include "corpus/counter_rng.h"
#include "corpus/testfloat_file.h"
#include "corpus/usage_error.h"

namespace fpv {
namespace {

uint64_t name_salt(std::string_view name) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : name) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

constexpr uint32_t id(div64::InputClass c) { return static_cast<uint32_t>(c); }
constexpr uint32_t id(ffc::InputClass c) { return static_cast<uint32_t>(c); }
constexpr uint32_t id(b32c::InputClass c) { return static_cast<uint32_t>(c); }

uint64_t parse_number(std::string_view text, std::string_view spec) {
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

constexpr std::string_view kRangePrefix = "range32:", kBinadePrefix = "binade32:";

}  // namespace

const TestFloatFormat* testfloat_format_of(OpId op) {
    switch (op) {
        case OpId::div64: return &kF64Div;
        case OpId::div32: return &kF32Div;
        case OpId::sqrt32: return &kF32Sqrt;
        case OpId::f2d: return &kF32ToF64;
        default: return nullptr;
    }
}

ClassFamily family_of(OpId op) {
    if (op == OpId::div64) return ClassFamily::div64;
    return is_binary32_op(op) ? ClassFamily::binary32 : ClassFamily::float_float;
}

const std::vector<ClassInfo>& builtin_classes() {
    using C = div64::InputClass;
    using F = ffc::InputClass;
    using B = b32c::InputClass;
    constexpr ClassFamily D = ClassFamily::div64, FF = ClassFamily::float_float,
                          B32 = ClassFamily::binary32;
    static const std::vector<ClassInfo> classes = {
        {"specials", D, id(C::specials), div64::kSpecialCount * div64::kSpecialCount,
         "every pair of 48 boundary values: signed zeros, subnormal extremes, the least normal "
         "and neighbours, 1 and neighbours, 2^-53, 2^53, the largest finite and neighbours, "
         "infinities, quiet and signalling NaNs with payloads", true},
        {"subnormal", D, id(C::subnormal), kUnboundedClass,
         "index mod 4 = 0: subnormal dividend; 1: subnormal divisor; 2: both subnormal; "
         "3: normal operands with 2^-1075 < |x/y| < 2^-1022", true},
        {"underflow", D, id(C::underflow), kUnboundedClass,
         "|x/y| within 5*2^-52 (relative) of 2^-1075, 2^-1074, 2^-1022 - 2^-1075 or 2^-1022 "
         "(index mod 4), on both sides; x and y normal", true},
        {"overflow", D, id(C::overflow), kUnboundedClass,
         "|x/y| within 5*2^-52 (relative) of the largest finite number, of 2^1024 - 2^970 (where "
         "rounding overflows) or of 2^1024 (index mod 3), on both sides; x and y normal", true},
        {"ties", D, id(C::ties), kUnboundedClass,
         "x/y = n * 2^-1075 exactly, n odd below 2^53: halfway between two adjacent subnormals "
         "(or between 0 and 2^-1074, or the largest subnormal and 2^-1022)", true},
        {"midpoint", D, id(C::midpoint), kUnboundedClass,
         "normal x, y with a normal quotient whose distance to the nearest rounding midpoint is "
         "nonzero and below 2^-40 ulp", true},
        {"random", D, id(C::random), kUnboundedClass,
         "uniformly random 64-bit patterns for both operands", true},
        {"normal", D, id(C::normal), kUnboundedClass,
         "normal operands: random sign and significand, exponent field uniform over 1..2046", true},
        {"patterns", D, id(C::patterns), kUnboundedClass,
         "significands made of runs of ones and zeros; exponents from boundary values, "
         "subnormal or uniform", true},

        {"random", FF, id(F::random), kUnboundedClass,
         "normalised pairs (hi = RN(hi + lo)) with hi exponents uniform in [-20, 20] and random "
         "lo (zero one time in 16, else log-uniform in [ulp(hi) 2^-32, ulp(hi)/2)); lone floats "
         "likewise", true},
        {"cancellation", FF, id(F::cancellation), kUnboundedClass,
         "y close to -x with |xh| in [2^10, 2^21): pairs: yh = -xh and yl = -xl + xl 2^-k "
         "(k in 0..24; k = 0 gives x + y = 0), or yh = -xh +- 1 ulp; pair + float: y = -xh or "
         "-xh +- 1 ulp; two floats: b = -a moved by up to 4 ulps", true},
        {"pow2_hi", FF, id(F::pow2_hi), kUnboundedClass,
         "high parts exactly +-2^e, e in [-20, 20], with normalised random lo (below a power of "
         "two the spacing halves); lone floats are 2^e or a neighbour", true},
        {"half_ulp_lo", FF, id(F::half_ulp_lo), kUnboundedClass,
         "pair operands with even hi and lo = +-ulp(hi)/2 (+-ulp(hi)/4 towards zero at a power of "
         "two), or 1 to 3 ulp(lo) inside that: the ties of normalisation; still normalised", true},
        {"gap_wide", FF, id(F::gap_wide), kUnboundedClass,
         "random normalised operands whose exponents differ by 24 to 50, both within [-30, 30]",
         true},
        {"gap_narrow", FF, id(F::gap_narrow), kUnboundedClass,
         "random normalised operands whose exponents differ by at most 2, random signs", true},
        {"near_overflow", FF, id(F::near_overflow), kUnboundedClass,
         "results near 2^128: sums of operands in [2^126, 2^128), products of operands in "
         "[2^62, 2^65), quotients of [2^125, 2^128) by [2^-3, 2); splits of [2^110, 2^128). "
         "Outside every domain", false},
        {"subnormal_lo", FF, id(F::subnormal_lo), kUnboundedClass,
         "pairs with hi in [2^-126, 2^-100), so that lo is subnormal (for products and quotients "
         "one operand may be ordinary); lone floats subnormal or below 2^-89. Outside every domain",
         false},
        {"specials", FF, id(F::specials), kUnboundedClass,
         "every component drawn from +-0, +-inf, quiet and signalling NaN, +-largest finite, "
         "+-least normal, +-least subnormal, +-1: pairs need not be normalised. Outside every "
         "domain", false},

        {"all32", B32, id(B::all32), uint64_t{1} << 32,
         "every binary32 bit pattern exactly once, input index = bit pattern (unary ops)", true},
        {"range32:LO-HI", B32, id(B::range32), 0,
         "the bit patterns LO to HI inclusive (hexadecimal with 0x, or decimal), in order (unary ops)",
         true},
        {"binade32:E", B32, id(B::binade32), uint64_t{1} << 24,
         "the 2^24 values with exponent field E (0 to 255), both signs (unary ops)", true},
        {"random", B32, id(B::random), kUnboundedClass, "uniformly random 32-bit patterns", true},
        {"normal", B32, id(B::normal), kUnboundedClass,
         "normal operands: random sign and mantissa, exponent field uniform over 1..254", true},
        {"subnormal", B32, id(B::subnormal), kUnboundedClass,
         "a subnormal operand; for quotients index mod 3 = 0: subnormal dividend, 1: subnormal "
         "divisor, 2: normal operands with |x/y| in (2^-150, 2^-126)", true},
        {"specials", B32, id(B::specials), b32c::kSpecialCount32,
         "32 boundary values (signed zeros, subnormal extremes, least normal, 1 and neighbours, "
         "largest finite, infinities, NaNs with payloads, f2d domain edges); every pair for binary "
         "ops", true},
    };
    return classes;
}

bool class_applies(const ClassInfo& c, OpId op) {
    if (c.family != family_of(op)) return false;
    switch (c.family) {
        case ClassFamily::div64: return true;
        case ClassFamily::float_float: return ffc::applies(op, static_cast<ffc::InputClass>(c.id));
        case ClassFamily::binary32: return b32c::applies(op, static_cast<b32c::InputClass>(c.id));
    }
    return false;
}

std::vector<std::string> builtin_class_names(OpId op) {
    std::vector<std::string> names;
    for (const ClassInfo& c : builtin_classes()) {
        // "all" means the generated classes: exhaustive sweeps are asked for by name.
        if (class_applies(c, op) && c.size != 0 && c.name != "all32" && c.name != "binade32:E") {
            names.emplace_back(c.name);
        }
    }
    return names;
}

InputSet resolve_class(std::string_view spec, OpId op, uint64_t seed) {
    InputSet set;
    set.spec = std::string(spec);
    set.op = op;
    if (spec.starts_with(kTestFloatPrefix)) {
        const TestFloatFormat* format = testfloat_format_of(op);
        if (format == nullptr) {
            throw UsageError("class '" + std::string(spec) + "': op " + std::string(op_info(op).name) +
                             " has no TestFloat counterpart (TestFloat files are read for div64, div32, "
                             "sqrt32 and f2d: f64_div, f32_div, f32_sqrt, f32_to_f64)");
        }
        const std::string path(spec.substr(kTestFloatPrefix.size()));
        if (path.empty()) throw UsageError("class 'testfloat:' needs a file path after the colon");
        VectorFile file = read_testfloat(path, *format);
        set.class_id = op == OpId::div64 ? static_cast<uint32_t>(div64::InputClass::vectors)
                                         : static_cast<uint32_t>(b32c::InputClass::vectors);
        set.size = file.inputs.size();
        set.vectors = std::move(file.inputs);
        set.vector_results = std::move(file.expected);
        set.digest = std::move(file.digest);
        return set;
    }
    if (family_of(op) == ClassFamily::binary32 &&
        (spec.starts_with(kRangePrefix) || spec.starts_with(kBinadePrefix))) {
        const bool range = spec.starts_with(kRangePrefix);
        const std::string_view args = spec.substr(range ? kRangePrefix.size() : kBinadePrefix.size());
        if (signature_of(op) != Signature::f32) {
            throw UsageError("class '" + std::string(spec) + "' applies to ops of one binary32 operand");
        }
        set.exhaustive = true;
        set.key = class_key(seed, name_salt(spec));
        if (range) {
            const size_t dash = args.find('-');
            if (dash == std::string_view::npos) {
                throw UsageError("class '" + std::string(spec) + "': write range32:LO-HI");
            }
            const uint64_t lo = parse_number(args.substr(0, dash), spec);
            const uint64_t hi = parse_number(args.substr(dash + 1), spec);
            if (lo > hi || hi > 0xffffffffull) {
                throw UsageError("class '" + std::string(spec) + "': need LO <= HI <= 0xffffffff");
            }
            set.class_id = id(b32c::InputClass::range32);
            set.first = lo;
            set.size = hi - lo + 1;
        } else {
            const uint64_t e = parse_number(args, spec);
            if (e > 255) throw UsageError("class '" + std::string(spec) + "': E is an exponent field, 0 to 255");
            set.class_id = id(b32c::InputClass::binade32);
            set.first = e;
            set.size = uint64_t{1} << 24;
        }
        return set;
    }
    for (const ClassInfo& c : builtin_classes()) {
        if (c.name != spec || c.family != family_of(op) || c.size == 0) continue;
        if (!class_applies(c, op)) {
            throw UsageError("input class '" + std::string(spec) + "' does not apply to op " +
                             std::string(op_info(op).name));
        }
        set.class_id = c.id;
        set.size = c.size;
        set.exhaustive = c.family == ClassFamily::binary32 && c.id == id(b32c::InputClass::all32);
        if (c.family == ClassFamily::binary32 && c.id == id(b32c::InputClass::specials) &&
            signature_of(op) == Signature::f32_f32) {
            set.size = c.size * c.size;
        }
        set.key = class_key(seed, name_salt(c.name) ^ (static_cast<uint64_t>(op) << 56));
        return set;
    }
    std::string known;
    for (const std::string& name : builtin_class_names(op)) known += (known.empty() ? "" : ", ") + name;
    throw UsageError("unknown input class '" + std::string(spec) + "' for op " +
                     std::string(op_info(op).name) + " (known: " + known + ", all" +
                     (testfloat_format_of(op) != nullptr ? ", testfloat:PATH" : "") +
                     (family_of(op) == ClassFamily::binary32 && signature_of(op) == Signature::f32
                          ? ", all32, range32:LO-HI, binade32:E"
                          : "") +
                     ")");
}

}  // namespace fpv
