// Every sub64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for:
// the checks shared with add64 (tests/shapes/sum_class_tests.h), run on a - b.
#include <mpfr.h>

#include "ops/sub64/classes.h"
#include "tests/shapes/sum_class_tests.h"

namespace fpv {
namespace {

const testing::sums::SumOp kSubtract{b64::kSign, mpfr_sub, "difference", "x - x"};

FPV_SUM_CLASS_TESTS(Sub64Classes, sub64, kSubtract)

}  // namespace
}  // namespace fpv
