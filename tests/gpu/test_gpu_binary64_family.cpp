// The GPU's own binary64 arithmetic in every rounding mode: __dadd_r*, __dsub_r*, __dmul_r*,
// __ddiv_r*, __fma_r*, __dsqrt_r*, __drcp_r* correctly rounded on every class and their op's
// TestFloat files, a NaN result always one of the NaN operands quieted (or, for an invalid
// operation, a quiet NaN); CUDA's rsqrt within its 1 ulp.
#include "ops/catalogue.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

std::string vector_classes(std::string_view op, Rounding r) {
    const std::string v = "testfloat:" + testing::vectors_dir() + "/";
    const char* suffix[] = {".txt", ".rminMag.txt.gz", ".rmax.txt.gz", ".rmin.txt.gz"};
    const std::string s = suffix[static_cast<int>(r)];
    if (op == "div64") return "," + v + "f64_div.level1" + s;
    if (op == "sqrt64") return "," + v + "f64_sqrt.level1" + s;
    if (op == "add64") return "," + v + "f64_add.level1.txt.gz";
    if (op == "sub64") return "," + v + "f64_sub.level1.txt.gz";
    if (op == "mul64") return "," + v + "f64_mul.level1.txt.gz";
    if (op == "fma64") return "," + v + "f64_mulAdd.level1.first150k.txt.gz";
    return "";
}

TEST(GpuBinary64Family, EveryCudaNativeIsCorrectlyRoundedInItsModeAndReturnsANanOperandQuieted) {
    FPV_NEEDS_GPU();
    TempDir dir;
    const std::string db = dir.path("cuda.db");
    int campaigns = 0;
    for (const ImplInfo& impl : all_impls()) {
        const OpInfo& op = op_info(impl.op);
        if (impl.plugin || impl.runs_on_cpu() || op.result != Format::binary64 || !op.all_operands(Format::binary64) ||
            impl.spec.summary.find("baseline") == std::string_view::npos) {
            continue;
        }
        const CommandResult run =
            run_fpverify({"run", "--db", db, "--impl", impl.name, "--classes",
                          "all" + vector_classes(op.name, impl.spec.rounding), "--count", "4000000", "--backend", "gpu",
                          "--reference", "fast", "--strict-nan", "--no-progress", "--quiet"});
        EXPECT_EQ(run.status, 0) << impl.name << run.out << run.err;
        ++campaigns;
    }
    EXPECT_EQ(campaigns, 29);  // seven ops in four modes, and rsqrt
    const CommandResult q = run_fpverify({"query", "--db", db, "--format", "csv",
                                          "SELECT sum(failed), sum(reference_disagreements) FROM units"});
    EXPECT_TRUE(contains(q.out, "\n0,0\n")) << q.out;
}

}  // namespace
}  // namespace fpv
