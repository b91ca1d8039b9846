// gemm64's input classes: one per way of drawing the matrices (ops/gemm64/matrices.h), each
// named with its shape, "uniform:k=1024:n=64": k, the inner dimension, is part of what a unit
// is, since errors grow with it; the m x n entries of one product make a batch (m is n unless
// given: "uniform:k=1024:m=8:n=4096"). `--classes all` runs each at its
// default shape.
#pragma once

#include <string>
#include <string_view>

#include "corpus/class_traits.h"
#include "corpus/generic_classes.h"
#include "ops/gemm64/matrices.h"

namespace fpv::gemm64 {

// "k=K:m=M:n=N:phi=P:e=E" (any order, each optional; colons, since commas separate classes): the
// shape word with the draw's defaults for what is left out. Throws UsageError naming the spec.
uint64_t parse_shape(Draw draw, std::string_view args, std::string_view spec);

// The one spelling of a shape, which names its unit and keys its matrices, so that every spelling
// of one shape ("uniform:k=0x100", "uniform:n=64:k=256") is one unit with one set of matrices:
// phi or e where not the draw's default, k, m where not n, n where not the draw's default, in
// decimal ("spread:phi=4:k=256", "uniform:k=1024:m=8:n=4096"). Every `all_spec` is its own.
std::string canonical_spec(std::string_view prefix, uint64_t shape_word);

// The input words of entry `index`: batch index / (m n), row-major within the batch.
FPV_HD inline Operands entry_input(const ClassParams& p, uint64_t index) {
    const Shape s = Shape::of(p.first);
    const uint64_t per_batch = uint64_t{s.m} * s.n;
    const uint64_t batch = index / per_batch, within = index % per_batch;
    const uint64_t entry = ((within / s.n) << 32) | (within % s.n);
    return {entry, batch_key(p.key, batch), p.first};
}

// What `list classes` says of a class, and the spec `--classes all` runs it as.
struct ClassWords {
    std::string_view name, prefix, all_spec, guarantee;
};

template <Draw kDraw, const ClassWords& kWords>
struct Entries : ClassDefaults {
    static constexpr std::string_view name = kWords.name, prefix = kWords.prefix, all_spec = kWords.all_spec;
    static constexpr std::string_view guarantee = kWords.guarantee;
    static constexpr uint64_t size = kUnbounded;
    static constexpr KeyRule key_rule = KeyRule::full_spec;
    static constexpr int version = 2;  // the shape word gained m (ops/gemm64/matrices.h)
    static generic::ClassArguments parse(std::string_view args, std::string_view spec) {
        const uint64_t shape = parse_shape(kDraw, args, spec);
        return {shape, kUnbounded, canonical_spec(prefix, shape)};
    }
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) { return entry_input(p, index); }
};

inline constexpr ClassWords kUniform{"uniform:k=K:m=M:n=N", "uniform:", "uniform:k=256",
                                     "A and B uniform in [0, 1), as NVIDIA's grading test"};
inline constexpr ClassWords kSigned{"signed:k=K:m=M:n=N", "signed:", "signed:k=256", "A and B uniform in (-1, 1)"};
inline constexpr ClassWords kSpread{
    "spread:phi=P:k=K:m=M:n=N", "spread:", "spread:phi=4:k=256",
    "(U - 1/2) * 2^round(phi log2(e) N(0,1)): Ozaki's exponent spread (phi 0 to 15.9375 in sixteenths; default 2)"};
inline constexpr ClassWords kSpan{"span:e=E:k=K:m=M:n=N", "span:", "span:e=400:k=256",
                                  "random sign and significand, exponent uniform in [-E, E] (E 0 to 1022; default 100)"};
inline constexpr ClassWords kCancellation{
    "cancellation:k=K:m=M:n=N", "cancellation:", "cancellation:k=257",
    "(k-1)/2 products that the next (k-1)/2 cancel exactly, and one or two of about 2^-80: every entry's exact "
    "value is that rest, tiny against sum |a b|"};
inline constexpr ClassWords kSubnormal{"subnormal:k=K:m=M:n=N", "subnormal:", "subnormal:k=64",
                                       "entries of exponent -560 to -501: every product below 2^-1000"};
inline constexpr ClassWords kOverflow{
    "overflow:k=K:m=M:n=N", "overflow:", "overflow:k=64",
    "entries of exponent 505 to 512: products of 2^1010 to 2^1026, sums past the largest double"};
inline constexpr ClassWords kSpecials{"specials:k=K:m=M:n=N", "specials:", "specials:k=64",
                                      "entries of (-1, 1), one in 64 a signed zero, an infinity or a NaN"};

inline constexpr ClassWords kMidpoint{
    "midpoint:k=K:m=M", "midpoint:", "midpoint:k=64",
    "entries of (-1, 1) whose last term (B's entry 1) puts each entry within 2^-53 ulp of a rounding midpoint, "
    "one column a product (n = 1; m rows, default 1): the hardest entries to round"};

using Classes = TypeList<Entries<Draw::uniform, kUniform>, Entries<Draw::signed_unit, kSigned>,
                         Entries<Draw::spread, kSpread>, Entries<Draw::span, kSpan>,
                         Entries<Draw::cancellation, kCancellation>, Entries<Draw::subnormal, kSubnormal>,
                         Entries<Draw::overflow, kOverflow>, Entries<Draw::specials, kSpecials>, Entries<Draw::midpoint, kMidpoint>>;

}  // namespace fpv::gemm64
