#include <gtest/gtest.h>

#include "core/usage_error.h"
#include "cli/count_parse.h"

namespace fpv {
namespace {

TEST(CountParse, AcceptsTheWaysPeopleWriteCounts) {
    EXPECT_EQ(parse_count("1000", "--count"), 1000u);
    EXPECT_EQ(parse_count("1e9", "--count"), 1000000000u);
    EXPECT_EQ(parse_count("1.5e6", "--count"), 1500000u);
    EXPECT_EQ(parse_count("2^32", "--count"), uint64_t{1} << 32);
    EXPECT_EQ(parse_count("100M", "--count"), 100000000u);
    EXPECT_EQ(parse_count("2.5K", "--count"), 2500u);
    EXPECT_EQ(parse_count("3G", "--count"), 3000000000u);
    EXPECT_EQ(parse_count("1T", "--count"), 1000000000000u);
    EXPECT_EQ(parse_count("1E+3", "--count"), 1000u);
}

TEST(CountParse, RejectsMalformedCountsNamingTheArgument) {
    for (const char* bad : {"", "abc", "-5", "0", "1.5", "1e-1", "2^63", "2^", "1e", "10x", "1.2.3",
                            "99999999999999999999", "1e19", "1.5e0", " 5"}) {
        try {
            parse_count(bad, "--count");
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const UsageError& e) {
            EXPECT_NE(std::string(e.what()).find("--count"), std::string::npos) << e.what();
        }
    }
}

// Issue 42, N18: a count written well but past the largest says so, and what the largest is.
TEST(CountParse, ACountPastTheLargestIsTooLargeNotMalformed) {
    for (const char* large : {"2^63", "2^64", "2^1000", "9223372036854775808", "99999999999999999999", "1e19",
                              "1e40", "1.5e40", "10000000T", "1e99999999999"}) {
        try {
            parse_count(large, "--count");
            ADD_FAILURE() << "accepted '" << large << "'";
        } catch (const UsageError& e) {
            EXPECT_NE(std::string(e.what()).find("is too large (the largest count is 2^63 - 1)"), std::string::npos)
                << e.what();
        }
    }
    EXPECT_EQ(parse_count("9223372036854775807", "--count"), (uint64_t{1} << 63) - 1);
    EXPECT_EQ(parse_count("2^62", "--count"), uint64_t{1} << 62);
    for (const char* malformed : {"2^x", "1e-40", "1.5e0", "1e", "abc", "0.5e40x"}) {
        try {
            parse_count(malformed, "--count");
            ADD_FAILURE() << "accepted '" << malformed << "'";
        } catch (const UsageError& e) {
            EXPECT_NE(std::string(e.what()).find("is not a count"), std::string::npos) << malformed << ": " << e.what();
        }
    }
    try {
        parse_count("0e40", "--count");
        ADD_FAILURE() << "accepted 0e40";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("at least 1"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace fpv
