#include "ops/div64/prove_command.h"

#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <unordered_map>

#include "core/usage_error.h"
#include "ops/div64/proof.h"

namespace fpv::div64 {
namespace {

struct ProveDiv64Options {
    std::string impl;
    size_t shown = 0;        // failing cells printed
    std::string cells_out;   // where to write every failing cell, one a line ("" for nowhere)
    std::string check_db;    // an fpverify database whose stored failures to place ("" for none)
};

using proof::CellBound;
using proof::ProofSummary;

std::string hex(uint64_t v) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%014" PRIx64, v);
    return text;
}

// As the database stores an operand.
std::string stored_hex(uint64_t v) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016" PRIx64, v);
    return text;
}

std::string why_failing(const CellBound& b) {
    if (b.residual_wraps) return "residual 2^63 - floor(y r0) wraps from significand " + hex(b.wrap_from);
    if (b.reciprocal_overflows) return "refined reciprocal reaches 2^63";
    if (b.residual_out_of_range) return "seed residual outside (-1/2, 1)";
    char text[64];
    std::snprintf(text, sizeof text, "|A - Q| bound %.6f ulp, not below 1/2", b.quotient_error_ulps);
    return text;
}

std::string describe(const CellBound& b) {
    return "cell " + std::to_string(b.cell) + " (significands " + hex(b.sy_first) + ".." + hex(b.sy_last) +
           ", r0 = " + hex(b.seed) + "): eps in [" + proof::log2_text(b.residual_low) + ", " +
           proof::log2_text(b.residual_high) + "], " + why_failing(b);
}

void print_proved(const ProofSummary& s, const proof::ProvableVariant& v, std::ostream& out) {
    const CellBound w = proof::bound_cell(s.worst_cell, v.seed(uint64_t{s.worst_cell} << 32));
    char text[512];
    std::snprintf(text, sizeof text,
                  "proved: every cell (%u of %u): the residual never wraps, r1 < 2^63, and |A - Q| <= %.6f ulp "
                  "< 1/2, so the q / q+1 remainder rounding returns the correctly rounded quotient for every "
                  "dividend, normal or subnormal result\n"
                  "worst cell %u: eps1 in [%s, %s], margin %.6f ulp\n",
                  s.proved, s.cells, s.worst_error_ulps, s.worst_cell, proof::log2_text(w.refined_low).c_str(),
                  proof::log2_text(w.refined_high).c_str(), 0.5 - s.worst_error_ulps);
    out << text;
}

void print_failing(const ProofSummary& s, const ProveDiv64Options& options, std::ostream& out) {
    const auto count = [&](auto pred) { return std::count_if(s.failing.begin(), s.failing.end(), pred); };
    out << "not proved: " << s.failing.size() << " of " << s.cells << " cells fail (residual wraps: "
        << count([](const CellBound& b) { return b.residual_wraps; })
        << ", r1 reaches 2^63: " << count([](const CellBound& b) { return b.reciprocal_overflows; })
        << ", |A - Q| bound not below 1/2: " << count([](const CellBound& b) { return !b.rounding_proved; })
        << "); " << s.proved << " cells proved\n";
    char share[128];
    std::snprintf(share, sizeof share, "divisor significands whose residual wraps: %" PRIu64 " of 2^52 (%.4f %%)\n",
                  s.wrapping_significands, 100.0 * std::ldexp(static_cast<double>(s.wrapping_significands), -52));
    out << share;
    const size_t shown = std::min(options.shown, s.failing.size());
    if (shown > 0) out << "first " << shown << ":\n";
    for (size_t i = 0; i < shown; ++i) out << "  " << describe(s.failing[i]) << "\n";
    if (!options.cells_out.empty()) {
        std::ofstream file(options.cells_out);
        if (!file) throw UsageError("cannot write " + options.cells_out);
        for (const CellBound& b : s.failing) file << describe(b) << "\n";
        out << "all " << s.failing.size() << " failing cells written to " << options.cells_out << "\n";
    }
}

// Places each stored failure of the impl by its divisor's seed cell. A divisor at or above its
// cell's wrap threshold is one the proof says goes wrong through the wrapped residual.
bool check_stored_failures(const ProofSummary& s, const ProveDiv64Options& options, const OpCommandArgs& args,
                           std::ostream& out) {
    std::unordered_map<uint32_t, const CellBound*> listed;
    for (const CellBound& b : s.failing) listed.emplace(b.cell, &b);
    size_t stored = 0, in_listed = 0, past_wrap = 0, outside_shown = 0;
    std::set<uint32_t> cells_seen;
    for (const StoredOperands& failure : args.stored_failures(options.check_db, options.impl)) {
        ++stored;
        const uint64_t y = failure.in.b;
        const bool finite_nonzero = (y & 0x7fffffffffffffffull) != 0 && ((y >> 52) & 0x7ff) != 0x7ff;
        const auto it = finite_nonzero ? listed.find(proof::seed_cell_of_divisor(y)) : listed.end();
        if (it == listed.end()) {
            if (++outside_shown <= 10) {
                out << "  outside every listed cell: failure " << failure.id << ", " << stored_hex(failure.in.a) << " / "
                    << stored_hex(failure.in.b) << "\n";
            }
            continue;
        }
        ++in_listed;
        cells_seen.insert(it->first);
        if (it->second->residual_wraps && proof::divisor_significand(y) >= it->second->wrap_from) ++past_wrap;
    }
    out << in_listed << " of " << stored << " stored failures of " << options.impl << " in " << options.check_db
        << " lie in listed cells (" << cells_seen.size() << " distinct cells; " << past_wrap
        << " with the divisor at or above its cell's wrap threshold)\n";
    return in_listed == stored;
}

size_t parse_shown(const std::string& text) {
    size_t shown = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), shown);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        throw UsageError("--show: '" + text + "' is not a whole number");
    }
    return shown;
}

}  // namespace

int ProveCommand::run(const OpCommandArgs& args, std::ostream& out) {
    const ProveDiv64Options given{args.value("--impl"), parse_shown(args.value("--show")), args.value("--cells-out"),
                                    args.value("--check-db")};
    const auto variants = proof::provable_variants();
    const auto v = std::find_if(variants.begin(), variants.end(),
                                [&](const auto& candidate) { return candidate.impl == given.impl; });
    if (v == variants.end()) {
        std::string names;
        for (const auto& candidate : variants) names += (names.empty() ? "" : ", ") + candidate.impl;
        throw UsageError("prove-div64 proves the one-Halley divisions: " + names + " (not " + given.impl + ")");
    }
    const ProofSummary s = proof::prove(v->seed);
    out << given.impl << ": " << s.cells << " seed cells of 2^32 divisor significands each\n";
    if (s.failing.empty()) {
        print_proved(s, *v, out);
    } else {
        print_failing(s, given, out);
    }
    const bool placed = given.check_db.empty() || check_stored_failures(s, given, args, out);
    return s.failing.empty() && placed ? 0 : 1;
}

}  // namespace fpv::div64
