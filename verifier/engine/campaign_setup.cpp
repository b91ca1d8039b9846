#include "verifier/engine/campaign_setup.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/printable.h"
#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "model/text_format.h"
#include "model/value_format.h"

namespace fpv {
namespace {

// A vector-file class names its file as typed; stored that way, a resume from another directory
// would look for another file (or none). An existing file is named by its canonical absolute
// path instead; a missing one is left as typed, for the error that reading it gives.
std::string with_resolved_vector_path(const std::string& class_name) {
    for (const OpInfo& op : all_ops()) {
        for (const ClassInfo& c : classes_of(op.id)) {
            if (!c.vector_file || c.prefix.empty() || !class_name.starts_with(c.prefix)) continue;
            const std::string path = class_name.substr(c.prefix.size());
            std::error_code ec;
            const std::filesystem::path resolved = path.empty() ? std::filesystem::path() : std::filesystem::canonical(path, ec);
            return ec || path.empty() ? class_name : std::string(c.prefix) + resolved.string();
        }
    }
    return class_name;
}

// A class the user named twice is most likely a slip (a count or a file meant for one of them);
// a class named and also implied by "all" is not: "all,testfloat:..." is the usual way to add.
void require_distinct_classes(const std::vector<std::string>& typed, const std::vector<std::string>& resolved) {
    for (size_t i = 0; i < resolved.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (resolved[i] != resolved[j]) continue;
            throw UsageError("--classes: '" + typed[i] + "' is named twice" +
                             (typed[i] != typed[j] ? " (as '" + typed[j] + "' before)" : std::string()));
        }
    }
}

// The database keeps a campaign's classes as a JSON list, which holds UTF-8 text only, and a
// resume must find a vector file again by the very bytes of its path: a path that is not UTF-8
// can be neither stored nor replaced by one that is (U+FFFD would name another file). Checked
// here, before the database is opened, so that the refusal writes nothing.
void require_utf8_classes(const std::vector<std::string>& typed, const std::vector<std::string>& resolved) {
    for (size_t i = 0; i < resolved.size(); ++i) {
        if (is_valid_utf8(resolved[i])) continue;
        throw UsageError("--classes: '" + printable(typed[i]) + "' is not valid UTF-8" +
                         (typed[i] != resolved[i] ? " (its file's path: '" + printable(resolved[i]) + "')" : "") +
                         "; the database keeps classes and vector files' paths as UTF-8 text: rename the file, or "
                         "the folder holding it");
    }
}

}  // namespace

void check_impl_names(const std::vector<std::string>& impls) {
    for (const std::string& name : impls) impl_named(name);
}

void check_backend(const std::vector<std::string>& impls, const std::string& backend) {
    for (const std::string& name : impls) {
        const ImplInfo& impl = impl_named(name);
        if (backend == "cpu" && !impl.runs_on_cpu()) {
            throw UsageError("implementation '" + name + "' does not run on the CPU backend" +
                             std::string(impl.runs_on_gpu() ? " (it runs on a GPU only: --backend gpu, on a machine with one)"
                                                            : ""));
        }
        if (backend == "gpu" && !impl.runs_on_gpu()) {
            throw UsageError("implementation '" + name + "' does not run on the GPU backend" +
                             std::string(impl.runs_on_cpu()       ? " (it runs on the CPU)"
                                         : !impl.missing.empty() ? " (it " + std::string(impl.missing) + ")"
                                                                 : ""));
        }
    }
}

ShardRange shard_range(uint64_t size, int index, int count) {
    const auto at = [&](int k) {
        return static_cast<uint64_t>(static_cast<unsigned __int128>(size) * static_cast<unsigned>(k) /
                                     static_cast<unsigned>(count));
    };
    return {at(index), at(index + 1)};
}

PreparedCampaign prepare_campaign(CampaignSpec spec) {
    if (spec.impls.empty()) throw UsageError("--impl: name at least one implementation");
    if (spec.classes.empty()) throw UsageError("--classes: name at least one class, or all");
    if (spec.limits.worst_kept == 0) throw UsageError("--worst: keep at least one worst case");
    for (const std::string& name : spec.impls) {
        if (std::count(spec.impls.begin(), spec.impls.end(), name) > 1) {
            throw UsageError("--impl: '" + name + "' is named twice");
        }
        impl_named(name);
    }
    check_backend(spec.impls, spec.backend);
    const std::vector<std::string> typed = spec.classes;
    // One spelling for one input set: a file by its canonical path, a shape by its class's spelling.
    for (std::string& c : spec.classes) c = canonical_class_name(with_resolved_vector_path(c));
    require_utf8_classes(typed, spec.classes);
    require_distinct_classes(typed, spec.classes);

    // Expand "all" per op, keeping the order the user gave. A class that came from "all" is
    // skipped for the impls whose op it does not apply to; a class named explicitly must apply.
    std::vector<std::string> expanded;
    std::vector<bool> from_all;
    for (const std::string& c : spec.classes) {
        std::vector<std::string> names = {c};
        if (c == "all") {
            names.clear();
            for (const std::string& impl : spec.impls) {
                for (const std::string& n : all_class_names(impl_named(impl).op)) names.push_back(n);
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
        const ImplInfo& impl = impl_named(impl_name);
        const std::vector<std::string> own = all_class_names(impl.op);
        for (size_t k = 0; k < spec.classes.size(); ++k) {
            const std::string& c = spec.classes[k];
            if (from_all[k] && std::find(own.begin(), own.end(), c) == own.end()) continue;
            auto key = std::make_pair(impl.op, c);
            auto it = resolved.find(key);
            if (it == resolved.end()) it = resolved.emplace(key, resolve_class(c, impl.op, spec.seed)).first;
            const InputSet& set = it->second;
            UnitState unit;
            unit.ordinal = static_cast<int>(prepared.units.size());
            unit.impl = impl_name;
            unit.op = std::string(op_info(impl.op).name);
            unit.input_class = c;
            // Exhaustive classes sweep every pattern whatever --count says: a partial sweep
            // could not confirm a domain. range32 is the way to ask for less.
            unit.planned = set.exhaustive ? set.size : std::min(spec.count, set.size);
            unit.input_key = set.key;
            unit.generator_version = set.version;
            unit.digest = set.digest;
            unit.exhaustive = set.exhaustive;
            prepared.units.push_back(std::move(unit));
            prepared.inputs.push_back(set);
        }
    }
    // A shard judges part K of N of every unit's index range; the parts are disjoint, cover the
    // range, and depend on nothing but K, N and the unit's size.
    if (spec.shard_count > 1) {
        for (UnitState& unit : prepared.units) {
            const ShardRange r = shard_range(unit.planned, spec.shard_index, spec.shard_count);
            unit.begin_index = unit.next_index = r.begin;
            unit.planned = r.end;
        }
    }
    prepared.spec = std::move(spec);
    return prepared;
}

std::vector<InputSet> reload_inputs(const CampaignSpec& spec, const std::vector<UnitState>& units) {
    std::vector<InputSet> inputs;
    for (const UnitState& unit : units) {
        const std::string name = "unit " + std::to_string(unit.ordinal) + " (" + unit.impl + " x " + unit.input_class + ")";
        const ImplInfo& impl = impl_named(unit.impl);
        if (op_info(impl.op).name != unit.op) {
            throw UsageError(name + ": the campaign ran it as an impl of " + unit.op + ", this build's " + unit.impl +
                             " is an impl of " + std::string(op_info(impl.op).name));
        }
        InputSet set = resolve_class(unit.input_class, impl.op, spec.seed);
        // Resuming would mix two input sets: the inputs judged so far and those still to come
        // must be the same function of the index.
        if (set.digest != unit.digest) {
            throw UsageError(name + ": the vector file changed since the campaign started; resuming would mix two "
                             "input sets");
        }
        if (set.key != unit.input_key || set.version != unit.generator_version) {
            throw UsageError(name + ": its inputs would change (campaign: key " + hex64(unit.input_key) +
                             ", generator version " + std::to_string(unit.generator_version) + "; this build: key " +
                             hex64(set.key) + ", version " + std::to_string(set.version) +
                             "); resuming would mix two input sets. Run it anew with this fpverify, or resume it "
                             "with the fpverify that started it");
        }
        inputs.push_back(std::move(set));
    }
    return inputs;
}

}  // namespace fpv
