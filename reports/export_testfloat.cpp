#include "reports/export_testfloat.h"

#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "reference/ieee_flags.h"

namespace fpv {
namespace {

std::optional<FlaggedResult> host_ieee_answer(OpId op, const Operands& in, Rounding rounding) {
    return with_op(op, [&](auto tag) { return host_ieee_result<typename decltype(tag)::type>(in, rounding); });
}

std::string ops_with_testfloat() {
    std::string list;
    for (const OpInfo& op : all_ops()) {
        if (!op.testfloat.empty()) list += (list.empty() ? "" : ", ") + std::string(op.name);
    }
    return list;
}

}  // namespace

ExportSummary export_testfloat(Store& store, int64_t campaign_id, const std::string& impl) {
    ExportSummary summary;
    const TestFloatFormat* format = nullptr;
    std::optional<Rounding> mode;  // one file, one rounding mode
    std::set<std::tuple<uint64_t, uint64_t, uint64_t>> written;  // a failing input of several impls, once
    bool impl_seen = impl.empty();
    for (const UnitState& unit : store.units(campaign_id)) {
        if (!impl.empty() && unit.impl != impl) continue;
        impl_seen = true;
        if (unit.failures_stored == 0) continue;
        const OpId op = op_named(unit.op);
        const TestFloatFormat* f = testfloat_format_of(op);
        const std::vector<FailureRecord> failures = store.unit_failures(campaign_id, unit.ordinal, unit.failures_stored);
        if (f == nullptr) {
            summary.skipped += failures.size();
            continue;
        }
        if (format != nullptr && format != f) {
            throw UsageError("export: the campaign's failures belong to several TestFloat functions (" +
                             std::string(format->function) + ", " + std::string(f->function) +
                             "); choose one impl with --impl");
        }
        format = f;
        const ImplInfo* info = find_impl(unit.impl);
        const bool ftz = info != nullptr && info->spec.ftz;
        // The lines state the answer in the impl's own rounding mode (testfloat_gen -rminMag etc.).
        const Rounding rounding = info != nullptr ? info->spec.rounding : Rounding::rn;
        if (mode && *mode != rounding) {
            throw UsageError("export: the campaign's failures were judged in several rounding modes (" +
                             std::string(rounding_name(*mode)) + ", " + std::string(rounding_name(rounding)) +
                             "); a TestFloat file has one: choose one impl with --impl");
        }
        mode = rounding;
        for (const FailureRecord& r : failures) {
            if (!written.insert({r.input.a, r.input.b, r.input.c}).second) continue;
            const auto host = host_ieee_answer(op, r.input, rounding);
            if (!host) throw std::logic_error("export: op " + unit.op + " has a TestFloat name but no host answer");
            // The host's IEEE answer is the correctly rounded one; the stored reference (MPFR's)
            // must agree, except for FTZ builds, which were judged against the FTZ answer.
            if (!ftz && !same_answer(op_info(op).result, host->result, r.expected)) {
                throw std::runtime_error("export: for " + unit.impl + " input #" + std::to_string(r.index) +
                                         " the host's IEEE result differs from the stored reference");
            }
            summary.text += testfloat_line(*format, r.input, host->result, host->flags) + "\n";
            ++summary.cases;
        }
    }
    if (!impl_seen) throw UsageError("export: campaign " + std::to_string(campaign_id) + " has no impl '" + impl + "'");
    if (format == nullptr) {
        throw UsageError("export: no stored failure of an op with a TestFloat counterpart (" + ops_with_testfloat() +
                         ") in campaign " + std::to_string(campaign_id) +
                         (summary.skipped != 0 ? " (" + std::to_string(summary.skipped) + " other failures)" : ""));
    }
    summary.function = std::string(format->function);
    return summary;
}

}  // namespace fpv
