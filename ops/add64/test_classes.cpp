// Every add64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for:
// the checks shared with sub64 (tests/shapes/sum_class_tests.h), run on a + b.
#include <mpfr.h>

#include "ops/add64/classes.h"
#include "tests/shapes/sum_class_tests.h"

namespace fpv {
namespace {

const testing::sums::SumOp kAdd{0, mpfr_add, "sum", "x + (-x)"};

FPV_SUM_CLASS_TESTS(Add64Classes, add64, kAdd)

}  // namespace
}  // namespace fpv
