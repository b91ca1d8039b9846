// Behaviour kept across the change that made ops types (issue 10): every CPU impl of every op,
// mutants included, on every class of its op under both references (tests/golden/campaigns.sh),
// gives the tallies, field for field, and the stored failures, row for row, that the fpverify
// of commit 4ca242f gave (as remade since where a change was meant: tests/golden/campaigns.sh).
#include <gtest/gtest.h>

#include "tests/golden_support.h"

namespace fpv {
namespace {

TEST(Golden, EveryCpuCampaignGivesTheTalliesOfTheFpverifyBeforeOpsWereTypes) {
    EXPECT_EQ(testing::expect_golden_campaigns("cpu"), 6u);
}

}  // namespace
}  // namespace fpv
