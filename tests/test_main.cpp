// Test runner: GoogleTest with a closing "N passed, M failed" line for CI.
#include <gtest/gtest.h>

#include <cstdio>

namespace {

class SummaryLine : public testing::EmptyTestEventListener {
    void OnTestProgramEnd(const testing::UnitTest& unit) override {
        std::printf("%d passed, %d failed, %d skipped\n", unit.successful_test_count(),
                    unit.failed_test_count(), unit.skipped_test_count());
        std::fflush(stdout);
    }
};

}  // namespace

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    testing::UnitTest::GetInstance()->listeners().Append(new SummaryLine);
    return RUN_ALL_TESTS();
}
