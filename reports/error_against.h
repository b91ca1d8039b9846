// The report's plots of error against a numeric argument of the classes: units of one class
// whose specs differ in one `key=number` argument alone (gemm64's `uniform:k=64` and
// `uniform:k=1024`, `spread:phi=1:k=256` and `spread:phi=4:k=256`) are drawn as one plot per
// argument, a line an impl, each emulation beside the native product, with a table beside it
// for the formats without pictures and the data in the JSON report ("error_against").
#pragma once

#include "reports/campaign_report.h"
#include "reports/report_document.h"

namespace fpv {

void error_against_section(doc::Document& d, const CampaignReport& report);

}  // namespace fpv
