#include "verifier/campaign_setup.h"

#include <algorithm>
#include <map>

#include "corpus/usage_error.h"
#include "kernels/catalogue.h"

namespace fpv {
namespace {

const ImplInfo& known_impl(const std::string& name) {
    if (const ImplInfo* impl = find_impl(name)) return *impl;
    std::string known;
    for (const ImplInfo& i : all_impls()) known += (known.empty() ? "" : ", ") + std::string(i.name);
    throw UsageError("unknown implementation '" + name + "' (known: " + known + ")");
}

}  // namespace

void check_impl_names(const std::vector<std::string>& impls) {
    for (const std::string& name : impls) known_impl(name);
}

void check_backend(const std::vector<std::string>& impls, const std::string& backend) {
    for (const std::string& name : impls) {
        const ImplInfo& impl = known_impl(name);
        if (backend == "cpu" && !impl.runs_on_cpu()) {
            throw UsageError("implementation '" + name + "' does not run on the CPU backend");
        }
        if (backend == "gpu" && !impl.runs_on_gpu()) {
            throw UsageError("implementation '" + name + "' does not run on the GPU backend" +
                             std::string(impl.runs_on_cpu() ? " (it runs on the CPU)" : ""));
        }
    }
}

PreparedCampaign prepare_campaign(CampaignSpec spec) {
    if (spec.impls.empty()) throw UsageError("--impl: name at least one implementation");
    if (spec.classes.empty()) throw UsageError("--classes: name at least one class, or all");
    if (spec.limits.worst_kept == 0) throw UsageError("--worst: keep at least one worst case");
    for (const std::string& name : spec.impls) {
        if (std::count(spec.impls.begin(), spec.impls.end(), name) > 1) {
            throw UsageError("--impl: '" + name + "' is named twice");
        }
        known_impl(name);
    }
    check_backend(spec.impls, spec.backend);

    // Expand "all" per op, keeping the order the user gave. A class that came from "all" is
    // skipped for the impls whose op it does not apply to; a class named explicitly must apply.
    std::vector<std::string> expanded;
    std::vector<bool> from_all;
    for (const std::string& c : spec.classes) {
        std::vector<std::string> names = {c};
        if (c == "all") {
            names.clear();
            for (const std::string& impl : spec.impls) {
                for (const std::string& n : builtin_class_names(known_impl(impl).op)) names.push_back(n);
            }
        }
        for (const std::string& n : names) {
            if (std::find(expanded.begin(), expanded.end(), n) == expanded.end()) {
                expanded.push_back(n);
                from_all.push_back(c == "all");
            }
        }
    }
    spec.classes = expanded;

    PreparedCampaign prepared;
    std::map<std::pair<OpId, std::string>, InputSet> resolved;
    for (const std::string& impl_name : spec.impls) {
        const ImplInfo& impl = known_impl(impl_name);
        const std::vector<std::string> own = builtin_class_names(impl.op);
        for (size_t k = 0; k < spec.classes.size(); ++k) {
            const std::string& c = spec.classes[k];
            if (from_all[k] && std::find(own.begin(), own.end(), c) == own.end()) continue;
            auto key = std::make_pair(impl.op, c);
            auto it = resolved.find(key);
            if (it == resolved.end()) it = resolved.emplace(key, resolve_class(c, impl.op, spec.seed)).first;
            UnitState unit;
            unit.ordinal = static_cast<int>(prepared.units.size());
            unit.impl = impl_name;
            unit.input_class = c;
            // Exhaustive classes sweep every pattern whatever --count says: a partial sweep
            // could not confirm a domain. range32 is the way to ask for less.
            unit.planned = it->second.exhaustive ? it->second.size : std::min(spec.count, it->second.size);
            unit.digest = it->second.digest;
            unit.exhaustive = it->second.exhaustive;
            prepared.units.push_back(std::move(unit));
            prepared.inputs.push_back(it->second);
        }
    }
    prepared.spec = std::move(spec);
    return prepared;
}

std::vector<InputSet> reload_inputs(const CampaignSpec& spec, const std::vector<UnitState>& units) {
    std::vector<InputSet> inputs;
    for (const UnitState& unit : units) {
        InputSet set = resolve_class(unit.input_class, known_impl(unit.impl).op, spec.seed);
        if (set.digest != unit.digest) {
            throw UsageError("class '" + unit.input_class +
                             "': the vector file changed since the campaign started; resuming "
                             "would mix two inputs sets");
        }
        inputs.push_back(std::move(set));
    }
    return inputs;
}

}  // namespace fpv
