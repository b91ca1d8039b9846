#include "verifier/cpu/mutation.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>
#include <vector>

#include "corpus/testfloat_file.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "model/text_format.h"
#include "core/usage_error.h"
#include "verifier/cpu/backend.h"

namespace fpv {
namespace {

// The TestFloat file shipped for an op in the mutant's rounding mode (a file's mode is in its
// name): level 1 where TestFloat has one here, else level 2; plain or gzip-compressed.
std::string testfloat_file_for(OpId op, Rounding rounding, const std::string& dir) {
    const TestFloatFormat* format = testfloat_format_of(op);
    if (format == nullptr || !std::filesystem::is_directory(dir)) return "";
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        const bool text = name.ends_with(".txt") || name.ends_with(".txt.gz");
        if (!text || !name.starts_with(std::string(format->function) + ".level")) continue;
        if (name.find(".rnear_maxMag") != std::string::npos || name.find(".rodd") != std::string::npos) continue;
        if (testfloat_rounding(name) == rounding) names.push_back(name);
    }
    if (names.empty()) return "";
    std::sort(names.begin(), names.end());  // level1 before level2
    return dir + "/" + names.front();
}

// The inputs of [begin, end) on which `impl` fails, in increasing order.
std::vector<uint64_t> failing_inputs(const ImplInfo& impl, const InputSet& set, uint64_t begin, uint64_t end) {
    const TallyLimits limits{.worst_kept = 1, .failures_kept = static_cast<size_t>(end - begin)};  // every failure kept
    const Tally t = judge_host_impl(UnitWork{impl, set, limits, ReferenceMode::fast}, begin, end);
    std::vector<uint64_t> indices;
    for (const FailureRecord& f : t.failures) indices.push_back(f.index);
    std::sort(indices.begin(), indices.end());
    return indices;
}

// The first index in [from, limit) of `set` where impls `a` and `b` give different results, or
// `limit`: slices of inputs across the host's threads, a round of them at a time, in order.
uint64_t first_difference(HostImplFn a, HostImplFn b, const InputSet& set, uint64_t from, uint64_t limit) {
    constexpr uint64_t kSlice = 4096;
    constexpr uint64_t kRound = kSlice * 64;
    for (uint64_t at = from; at < limit; at += kRound) {
        const uint64_t round_end = std::min(limit, at + kRound);
        const auto slices = static_cast<int64_t>((round_end - at + kSlice - 1) / kSlice);
        uint64_t first = round_end;
#pragma omp parallel for schedule(dynamic) reduction(min : first)
        for (int64_t s = 0; s < slices; ++s) {
            thread_local std::vector<Operands> in(kSlice);
            const uint64_t begin = at + static_cast<uint64_t>(s) * kSlice;
            const uint64_t end = std::min(round_end, begin + kSlice);
            set.inputs(begin, end, in.data());
            for (uint64_t i = begin; i < end && i < first; ++i) {
                const Operands& x = in[i - begin];
                if (a(x) != b(x)) first = i;
            }
        }
        if (first < round_end) return first;
    }
    return limit;
}

// Any failure of [0, limit), for a mutant whose parent does not run here: judged in growing
// chunks, which change nothing but when to stop.
std::optional<uint64_t> first_failure(const ImplInfo& mutant, const InputSet& set, uint64_t limit) {
    constexpr uint64_t kLargestChunk = uint64_t{1} << 16;  // every failure of a chunk is held
    uint64_t chunk = 4096;
    for (uint64_t at = 0; at < limit; at += chunk, chunk = std::min(2 * chunk, kLargestChunk)) {
        const std::vector<uint64_t> failed = failing_inputs(mutant, set, at, std::min(limit, at + chunk));
        if (!failed.empty()) return failed.front();
    }
    return std::nullopt;
}

// Which of `classes` catch the mutant within `limit_of(class)` inputs, and which needs the
// fewest, into `o`; with `stop_at_first`, the first in order that catches it only.
template <class Limit>
void try_classes(MutantOutcome& o, const ImplInfo& mutant, const ImplInfo* parent,
                 const std::vector<std::string>& classes, uint64_t seed, Limit limit_of, bool stop_at_first) {
    for (const std::string& name : classes) {
        const InputSet set = resolve_class(name, mutant.op, seed);
        const auto first = first_catch(mutant, parent, set, limit_of(set));
        if (!first) continue;
        o.catching_classes.push_back(name);
        if (!o.caught || *first + 1 < o.inputs_needed) {
            o.inputs_needed = *first + 1;
            o.first_class = name;
        }
        o.caught = true;
        if (stop_at_first) return;
    }
}

}  // namespace

// An input where the two results are equal is judged alike (a mutant holds its parent's claims),
// so only where they differ is judged, a chunk from there; without the parent here, any failure.
std::optional<uint64_t> first_catch(const ImplInfo& mutant, const ImplInfo* parent, const InputSet& set,
                                    uint64_t limit) {
    if (parent == nullptr || parent->host == nullptr || mutant.host == nullptr) return first_failure(mutant, set, limit);
    constexpr uint64_t kChunk = 4096;
    for (uint64_t at = 0; at < limit;) {
        const uint64_t differs = first_difference(mutant.host, parent->host, set, at, limit);
        if (differs == limit) return std::nullopt;
        const uint64_t end = std::min(limit, differs + kChunk);
        const std::vector<uint64_t> failed = failing_inputs(mutant, set, differs, end);
        if (!failed.empty()) {
            const std::vector<uint64_t> parent_failed = failing_inputs(*parent, set, differs, end);
            for (const uint64_t i : failed) {
                if (!std::binary_search(parent_failed.begin(), parent_failed.end(), i)) return i;
            }
        }
        at = end;
    }
    return std::nullopt;
}

std::vector<MutantOutcome> run_mutation(const MutationOptions& options) {
    // Without the folder every mutant would read as one whose op has no TestFloat counterpart.
    if (!std::filesystem::is_directory(options.vectors_dir)) {
        throw UsageError("--vectors: no directory '" + options.vectors_dir +
                         "' of TestFloat files (the repository's is corpus/vectors/testfloat)");
    }
    std::vector<OpId> chosen;
    for (const std::string& name : options.ops) chosen.push_back(op_named(name));  // throws for a name not built
    std::vector<MutantOutcome> outcomes;
    for (const ImplInfo& impl : all_impls()) {
        if (!impl.is_mutant()) continue;
        if (!chosen.empty() && std::find(chosen.begin(), chosen.end(), impl.op) == chosen.end()) continue;
        MutantOutcome o;
        o.mutant = impl.name;
        o.bug = std::string(impl.spec.summary);
        o.parent = impl.mutates;
        const ImplInfo* parent = find_impl(impl.mutates);
        if (parent != nullptr && !parent->runs_on_cpu()) parent = nullptr;
        o.parent_compared = parent != nullptr;
        const std::vector<std::string> all = all_class_names(impl.op);
        try_classes(o, impl, parent, all, options.seed,
                    [&](const InputSet& set) { return std::min(options.budget, set.size); }, false);
        if (!o.caught) {
            // A bug rarer than the budget: the op's exhaustive sweeps whole, as `run` sweeps them,
            // then every class at kEscalatedBudget inputs, until the first catch.
            o.escalated = true;
            std::vector<std::string> wider;
            for (const ClassInfo& c : classes_of(impl.op)) {
                if (c.exhaustive && c.prefix.empty()) wider.emplace_back(c.name);
            }
            wider.insert(wider.end(), all.begin(), all.end());
            try_classes(o, impl, parent, wider, options.seed,
                        [&](const InputSet& set) {
                            return set.exhaustive ? set.size : std::min(kEscalatedBudget, set.size);
                        },
                        true);
        }
        o.testfloat_file = testfloat_file_for(impl.op, impl.spec.rounding, options.vectors_dir);
        if (!o.testfloat_file.empty()) {
            const InputSet set = resolve_class("testfloat:" + o.testfloat_file, impl.op, options.seed);
            const UnitWork work{impl, set, TallyLimits{1, 1}, ReferenceMode::fast};
            const Tally t = judge_host_impl(work, 0, set.size);
            o.testfloat_cases = t.tested;
            o.testfloat_failures = t.failed();
        }
        outcomes.push_back(std::move(o));
    }
    return outcomes;
}

std::string mutation_table(const std::vector<MutantOutcome>& outcomes, const MutationOptions& options) {
    std::ostringstream o;
    size_t caught = 0, by_testfloat = 0, with_testfloat = 0;
    for (const MutantOutcome& m : outcomes) {
        caught += m.caught ? 1 : 0;
        with_testfloat += m.testfloat_file.empty() ? 0 : 1;
        by_testfloat += m.testfloat_failures != 0 ? 1 : 0;
    }
    o << "Mutation score: " << caught << " of " << outcomes.size() << " mutants caught by the default campaign "
      << "(classes all, seed " << options.seed << ", at most " << grouped(options.budget)
      << " inputs per class); " << by_testfloat << " of " << with_testfloat
      << " with a TestFloat counterpart caught by its TestFloat vectors. A class catches a mutant with an input "
         "the mutant fails and the impl it mutates passes. A mutant no class catches within that budget is tried "
         "further, until its first catch: the op's exhaustive sweep (all32) whole, then each class up to "
      << grouped(kEscalatedBudget) << " inputs (\"past the budget\").\n\n";
    o << "| mutant | planted bug (in) | caught | inputs needed | classes that caught it | TestFloat vectors |\n"
         "|---|---|---|---:|---|---|\n";
    for (const MutantOutcome& m : outcomes) {
        std::string classes;
        for (const std::string& c : m.catching_classes) classes += (classes.empty() ? "" : ", ") + c;
        std::string testfloat = "no TestFloat counterpart";
        if (!m.testfloat_file.empty()) {
            testfloat = std::string(m.testfloat_failures != 0 ? "caught: " : "missed: ") + grouped(m.testfloat_failures) +
                        " of " + grouped(m.testfloat_cases) + " cases fail (" +
                        std::filesystem::path(m.testfloat_file).filename().string() + ")";
        }
        const std::string verdict = !m.caught ? "**NO**" : m.parent_compared ? "yes" : "yes (its parent does not run here: any failure counted)";
        o << "| `" << m.mutant << "` | " << markdown_cell(m.bug) << " (`" << m.parent << "`) | " << verdict
          << " | "
          << (m.caught ? grouped(m.inputs_needed) + " (" + m.first_class + (m.escalated ? ", past the budget" : "") + ")"
                       : "-")
          << " | "
          << (classes.empty() ? "-" : classes) << " | " << testfloat << " |\n";
    }
    return o.str();
}

}  // namespace fpv
