#include "reference/judge.h"

#include "corpus/binary64.h"

namespace fpv {

bool Judge::same_answer(OpId op, uint64_t a, uint64_t b) {
    if (a == b) return true;
    if (op_info(op).result == ResultFormat::binary32) {
        const auto nan32 = [](uint64_t v) { return (v & 0x7fffffffu) > 0x7f800000u && (v >> 32) == 0; };
        return nan32(a) && nan32(b);
    }
    return b64::is_nan(a) && b64::is_nan(b);
}

}  // namespace fpv
