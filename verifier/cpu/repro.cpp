#include "verifier/cpu/repro.h"

#include <cstdio>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "model/text_format.h"
#include "model/value_format.h"

namespace fpv {
namespace {

// A value with its exact hexadecimal form too, where the format has one.
std::string described(Format f, uint64_t word) {
    if (f != Format::binary64) return value_text(f, word);
    char hexfloat[48];
    std::snprintf(hexfloat, sizeof hexfloat, "%a", double_of(word));
    return value_text(f, word) + "  (" + hexfloat + ")";
}

}  // namespace

int repro_failure(Store& store, int64_t failure_id, std::ostream& out) {
    const StoredFailure f = store.failure(failure_id);
    const CampaignRecord campaign = store.campaign(f.campaign_id);
    const FailureRecord& r = f.record;
    const OpId op = op_named(f.op);
    const OpInfo& info = op_info(op);
    const std::string unit(info.error_unit());
    // Names read from the database are shown as `status` and the reports show them: control
    // characters and escape sequences as \xNN, so that a stored name cannot drive the terminal.
    const std::string impl_name = terminal_text(f.impl), class_name = terminal_text(f.input_class);
    out << "failure " << f.id << " of campaign " << f.campaign_id << ": " << impl_name << " x " << class_name
        << ", input #" << r.index << "\n";
    for (int i = 0; i < info.arity; ++i) {
        const Operand& operand = info.operands[static_cast<size_t>(i)];
        out << "  " << operand.name << std::string(9 - std::min<size_t>(8, operand.name.size()), ' ') << "= "
            << described(operand.format, r.input.word(i)) << "\n";
    }
    out << "  result   = " << described(info.result, r.result) << "  (stored)\n";
    out << "  expected = "
        << (info.metric == Metric::relative_u2 ? expected_text(op, r.expected) : described(info.result, r.expected))
        << "  (MPFR)\n";
    out << "  error    = " << error_text(r.error) << " " << unit << ", " << category_name(r.category) << "\n";

    const ImplInfo* impl = find_impl(f.impl);
    if (impl == nullptr) {
        out << "  this build has no implementation " << impl_name << "; nothing re-run\n";
        return 0;
    }
    try {
        const InputSet set = resolve_class(f.input_class, impl->op, campaign.spec.seed);
        std::string stored_digest;
        int stored_version = set.version;
        for (const UnitState& u : store.units(f.campaign_id)) {
            if (u.ordinal != f.ordinal) continue;
            stored_digest = u.digest;
            stored_version = u.generator_version;
        }
        if (set.is_vector_file() && set.digest != stored_digest) {
            // Line r.index of another file is another input: the file, not a generator, changed.
            out << "  the vector file is not the one the campaign read (its contents changed since: digest "
                << set.digest << ", then " << (stored_digest.empty() ? "none" : stored_digest)
                << "); its line " << r.index << " not compared\n";
        } else if (r.index < set.size) {
            const Operands regenerated = set.input(r.index);
            const char* differs = set.is_vector_file() ? "DIFFERENT (the vector file's line differs)"
                                                       : "DIFFERENT (generator changed?)";
            out << "  inputs " << (set.is_vector_file() ? "read again" : "regenerated") << " from (seed "
                << campaign.spec.seed << ", " << class_name << ", " << r.index
                << "): " << (regenerated == r.input ? "identical" : differs) << "\n";
        } else if (set.is_vector_file()) {
            out << "  the vector file now has " << set.size << " lines, none numbered " << r.index << "\n";
        }
        // Operand words that are no numbers (a matrix entry's shape word) are read by the layout
        // of the generator that made them: under another version they name other inputs.
        bool words = false;
        for (int i = 0; i < info.arity; ++i) {
            const Format format = info.operands[static_cast<size_t>(i)].format;
            words = words || format == Format::entry || format == Format::word;
        }
        if (words && stored_version != set.version) {
            out << "  its operand words were made by version " << stored_version << " of the class's generator and "
                << "this build reads version " << set.version << ": here they name other inputs; not re-run\n";
            return 0;
        }
    } catch (const UsageError& e) {
        out << "  inputs not regenerated: " << terminal_text(e.what()) << "\n";
    }
    if (!impl->runs_on_cpu()) {
        out << "  " << impl_name << " runs only on the GPU; not re-run here\n";
        return 0;
    }
    Judge judge(*impl);
    const uint64_t again = impl->host(r.input);
    const Verdict v = judge(r.input, again);
    out << "  re-run   = " << result_text(op, again) << "  (CPU, now): "
        << (again == r.result ? "same as stored" : "DIFFERS from stored") << "; "
        << (v.failed() ? std::string(category_name(v.category)) + ", error " + error_text(v.error) + " " + unit
                       : std::string(category_name(v.category)))
        << "\n";
    return again == r.result ? 0 : 1;
}

}  // namespace fpv
