#include "reference/judge.h"

#include "corpus/binary64.h"

namespace fpv {

bool Judge::same_answer(uint64_t a, uint64_t b) {
    return a == b || (b64::is_nan(a) && b64::is_nan(b));
}

}  // namespace fpv
