// Fuzz target: a matrix-product class as `--classes` gives it ("uniform:k=1024:m=8:n=4096",
// "spread:phi=2.25:k=64"), read as a campaign reads it: its one spelling (model/input_set.h,
// canonical_class_name), then resolved for gemm64 (ops/gemm64/classes.h). A UsageError is the
// documented refusal; anything else thrown is a finding, as is a spelling whose own spelling is
// another (not idempotent), or whose shape, key or size differ from the spec as typed (two
// spellings of one unit drawing different matrices), or a shape outside its documented bounds.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/gemm64/matrices.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::string typed(bytes.substr(0, bytes.find('\0')));  // one argument: argv holds no NUL
    static const fpv::OpId gemm64 = fpv::op_named("gemm64");
    std::string canonical;
    try {
        canonical = fpv::canonical_class_name(typed);
    } catch (const fpv::UsageError&) {
        return 0;
    }
    try {
        const fpv::InputSet as_typed = fpv::resolve_class(typed, gemm64, 1, fpv::ClassLoad::identity_only);
        const fpv::InputSet as_named = fpv::resolve_class(canonical, gemm64, 1, fpv::ClassLoad::identity_only);
        if (fpv::canonical_class_name(canonical) != canonical) std::abort();
        if (as_named.first != as_typed.first || as_named.size != as_typed.size || as_named.version != as_typed.version ||
            as_named.class_index != as_typed.class_index) {
            std::abort();
        }
        // A spelling the class rewrites keys its matrices by the one spelling, which is what a
        // campaign stores; one it keeps is its own key.
        if (canonical == typed && as_named.key != as_typed.key) std::abort();
        const fpv::gemm64::Shape s = fpv::gemm64::Shape::of(as_named.first);
        if (s.k < 1 || s.k > fpv::gemm64::kMaxK || s.m < 1 || s.m > fpv::gemm64::kMaxM || s.n < 1 ||
            s.n > fpv::gemm64::kMaxN) {
            std::abort();
        }
    } catch (const fpv::UsageError&) {
        // A class of another op ("normal", "range32:..."): canonical_class_name leaves it as
        // typed, and gemm64 refuses it by name.
        if (canonical != typed) std::abort();
    }
    return 0;
}
