#include "verifier/repro.h"

#include <cstdio>

#include "corpus/class_catalogue.h"
#include "corpus/usage_error.h"
#include "kernels/catalogue.h"
#include "kernels/portability.h"
#include "reference/judge.h"
#include "reports/report_model.h"

namespace fpv {
namespace {

std::string describe_binary64(uint64_t bits) {
    char hexfloat[48];
    std::snprintf(hexfloat, sizeof hexfloat, "%a", double_of(bits));
    return hex64(bits) + "  " + decimal_of(bits) + "  (" + hexfloat + ")";
}

}  // namespace

int repro_failure(Store& store, int64_t failure_id, std::ostream& out) {
    const StoredFailure f = store.failure(failure_id);
    const CampaignRecord campaign = store.campaign(f.campaign_id);
    const FailureRecord& r = f.record;
    const OpId op = op_of_impl_name(f.impl);
    const std::string unit(op_info(op).error_unit);
    out << "failure " << f.id << " of campaign " << f.campaign_id << ": " << f.impl << " x "
        << f.input_class << ", input #" << r.index << "\n";
    if (op == OpId::div64) {
        out << "  x        = " << describe_binary64(r.input.a) << "\n";
        out << "  y        = " << describe_binary64(r.input.b) << "\n";
        out << "  result   = " << describe_binary64(r.result) << "  (stored)\n";
        out << "  expected = " << describe_binary64(r.expected) << "  (correctly rounded, MPFR)\n";
    } else {
        out << "  operands = " << operands_text(op, r.input) << "\n";
        out << "  result   = " << result_text(op, r.result) << "  (stored)\n";
        out << "  expected = " << expected_text(op, r.expected) << "  (MPFR)\n";
    }
    out << "  error    = " << error_text(r.error) << " " << unit << ", " << category_name(r.category) << "\n";

    const ImplInfo* impl = find_impl(f.impl);
    if (impl == nullptr) {
        out << "  this build has no implementation " << f.impl << "; nothing re-run\n";
        return 0;
    }
    try {
        const InputSet set = resolve_class(f.input_class, impl->op, campaign.spec.seed);
        if (r.index < set.size) {
            const Operands regenerated = set.input(r.index);
            out << "  inputs regenerated from (seed " << campaign.spec.seed << ", "
                << f.input_class << ", " << r.index << "): "
                << (regenerated == r.input ? "identical" : "DIFFERENT (generator changed?)") << "\n";
        }
    } catch (const UsageError& e) {
        out << "  inputs not regenerated: " << e.what() << "\n";
    }
    if (!impl->runs_on_cpu()) {
        out << "  " << f.impl << " runs only on the GPU; not re-run here\n";
        return 0;
    }
    Judge judge(*impl);
    const uint64_t again = impl->host(r.input.a, r.input.b);
    const Verdict v = judge(r.input, again);
    out << "  re-run   = " << result_text(op, again) << "  (CPU, now): "
        << (again == r.result ? "same as stored" : "DIFFERS from stored") << "; "
        << (v.failed() ? std::string(category_name(v.category)) + ", error " + error_text(v.error) + " " + unit
                       : std::string(category_name(v.category)))
        << "\n";
    return again == r.result ? 0 : 1;
}

}  // namespace fpv
