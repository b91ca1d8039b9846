// `fpverify export --format testfloat`: a campaign's stored failures as TestFloat test cases
// (operands, the correctly rounded result, the IEEE exception flags), for other tools to replay.
#pragma once

#include <cstdint>
#include <string>

#include "store/store.h"

namespace fpv {

struct ExportSummary {
    std::string text;           // the TestFloat lines
    std::string function;       // f64_div, f32_div, f32_sqrt or f32_to_f64
    uint64_t cases = 0;         // distinct inputs written
    uint64_t skipped = 0;       // failures of ops without a TestFloat counterpart
};

// The failures of the campaign's units (only those of `impl` when not empty). They must all
// belong to one TestFloat function; throws UsageError otherwise, or when there is nothing.
ExportSummary export_testfloat(Store& store, int64_t campaign_id, const std::string& impl);

}  // namespace fpv
