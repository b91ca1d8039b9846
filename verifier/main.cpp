// The fpverify command line (the contract is in README.md and ../shared/DESIGN.md).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <functional>
#include <map>

#include "core/mufu_model_derivation.h"
#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "reports/comparison.h"
#include "reports/query.h"
#include "reports/report_model.h"
#include "reports/status_view.h"
#include "reports/store.h"
#include "verifier/backend_factory.h"
#include "verifier/bench.h"
#include "verifier/campaign_launch.h"
#include "verifier/campaign_setup.h"
#include "verifier/cli_checks.h"
#include "verifier/count_parse.h"
#include "verifier/database_ref.h"
#include "verifier/duration_parse.h"
#include "verifier/engine.h"
#include "verifier/merge_shards.h"
#include "verifier/gpu_backend.h"
#include "verifier/export_testfloat.h"
#include "verifier/mutation.h"
#include "verifier/output_file.h"
#include "verifier/prove_div64.h"
#include "verifier/repro.h"
#include "verifier/thread_start.h"

#ifndef FPV_VERSION
#define FPV_VERSION "unknown"
#endif

namespace fpv {
namespace {

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (!item.empty()) items.push_back(item);
    }
    return items;
}

std::string shell_quote(const std::string& arg) {
    if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789-_.,:/=^+") == std::string::npos) {
        return arg;
    }
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string host_description() {
    char name[256] = "unknown";
    gethostname(name, sizeof name - 1);
    return std::string(name) + " (" + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " cores)";
}

uint64_t parse_seed(const std::string& text) {
    uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        seed >= (uint64_t{1} << 63)) {
        throw UsageError("--seed: '" + text + "' is not a whole number below 2^63");
    }
    return seed;
}


void print_table(const std::vector<std::vector<std::string>>& rows) {
    std::vector<size_t> width;
    for (const auto& r : rows) {
        width.resize(std::max(width.size(), r.size()));
        for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    }
    for (const auto& r : rows) {
        for (size_t i = 0; i < r.size(); ++i) {
            std::cout << r[i];
            if (i + 1 < r.size()) std::cout << std::string(width[i] - r[i].size() + 2, ' ');
        }
        std::cout << "\n";
    }
}

ReferenceMode parse_reference(const std::string& name) {
    const auto mode = reference_mode_from_name(name);
    if (!mode) throw UsageError("--reference: '" + name + "' is not one of mpfr, fast, exact");
    return *mode;
}

std::string size_text(const ClassInfo& c) {
    if (c.vector_file) return "lines of PATH";
    if (!c.prefix.empty() && c.size == 0) return "from its arguments";
    return c.size == kUnbounded ? "unbounded" : std::to_string(c.size);
}

int list_command(const std::string& what) {
    if (what == "ops") {
        std::vector<std::vector<std::string>> rows = {
            {"op", "operands", "result", "error unit", "--reference fast", "--reference exact", "TestFloat", "what"}};
        for (const OpInfo& op : all_ops()) {
            const std::string fast = !op.has_fast_reference              ? "-"
                                     : op.metric == Metric::relative_u2 ? "exact sums"
                                                                        : "host IEEE";
            const std::string exact = op.has_exact_check               ? "integer check"
                                      : op.metric == Metric::relative_u2 ? "exact sums"
                                                                         : "-";
            rows.push_back({std::string(op.name), op.operand_text(), std::string(format_name(op.result)),
                            std::string(op.error_unit()), fast, exact, op.testfloat.empty() ? "-" : std::string(op.testfloat),
                            std::string(op.summary)});
        }
        print_table(rows);
    } else if (what == "impls") {
        std::vector<std::vector<std::string>> rows = {{"impl", "runs on", "claim", "what"}};
        for (const ImplInfo& i : all_impls()) {
            if (i.is_mutant()) continue;  // fpverify list mutants
            rows.push_back({i.name + (i.plugin ? " (plug-in)" : ""), where_text(i), std::string(i.spec.claim),
                            std::string(i.spec.summary)});
        }
        print_table(rows);
    } else if (what == "classes") {
        // A class that means the same for several ops is listed once, with all of them.
        std::vector<const ClassInfo*> order;
        std::map<const ClassInfo*, std::string> ops_of;
        for (const OpInfo& op : all_ops()) {
            for (const ClassInfo& c : classes_of(op.id)) {
                const ClassInfo* same = nullptr;
                for (const ClassInfo* seen : order) {
                    if (seen->name == c.name && seen->guarantee == c.guarantee && seen->size == c.size) same = seen;
                }
                if (same == nullptr) order.push_back(same = &c);
                ops_of[same] += (ops_of[same].empty() ? "" : ",") + std::string(op.name);
            }
        }
        std::vector<std::vector<std::string>> rows = {{"class", "ops", "size", "guarantee"}};
        for (const ClassInfo* c : order) {
            rows.push_back({std::string(c->name), ops_of[c], size_text(*c), std::string(c->guarantee)});
        }
        print_table(rows);
    } else if (what == "mutants") {
        std::vector<std::vector<std::string>> rows = {{"mutant", "mutates", "planted bug"}};
        for (const ImplInfo& i : all_impls()) {
            if (i.is_mutant()) rows.push_back({i.name, i.mutates, std::string(i.spec.summary)});
        }
        print_table(rows);
    } else if (what == "presets") {
        std::vector<std::vector<std::string>> rows = {{"preset", "what"}};
        for (const QueryPreset& p : query_presets()) {
            rows.push_back({std::string(p.name), std::string(p.description)});
        }
        print_table(rows);
    } else {
        throw UsageError("list: '" + what + "' is not one of ops, impls, classes, mutants, presets");
    }
    return kExitClean;
}

struct RunArgs {
    std::string impls, classes = "all", count = "1e6", seed = "1", db = "fpverify.db";
    std::string backend = "auto", name = "campaign", batch, failures_kept = "1000", devices;
    std::string reference;  // default: exact on the GPU backend, mpfr on the CPU
    std::string budget, shard;
    int threads = 0;
    size_t worst = 16;
    bool progress = false, no_progress = false, quiet = false, strict_nan = false, mpi = false;
};

bool want_progress(bool on, bool off) {
    if (off) return false;
    return on || isatty(STDERR_FILENO) != 0;
}

std::optional<double> parse_budget(const std::string& text) {
    if (text.empty()) return std::nullopt;
    return parse_duration(text, "--for");
}

int run_command(const RunArgs& a, const std::string& command_line) {
    CampaignSpec spec;
    spec.name = a.name;
    spec.impls = split_list(a.impls);
    spec.classes = split_list(a.classes);
    spec.count = parse_count(a.count, "--count");
    spec.seed = parse_seed(a.seed);
    if (a.threads < 0) throw UsageError("--threads: must be 0 (every core) or more");
    spec.threads = a.threads;
    spec.batch = a.batch.empty() ? 0 : parse_count(a.batch, "--batch");
    spec.limits.failures_kept = static_cast<size_t>(parse_count(a.failures_kept, "--failures-kept"));
    spec.limits.worst_kept = a.worst;
    spec.strict_nan = a.strict_nan;
    spec.command_line = command_line;
    if (!a.shard.empty()) {
        const ShardSpec shard = parse_shard(a.shard);
        spec.shard_index = shard.index;
        spec.shard_count = shard.count;
    }
    ExecuteOptions options{want_progress(a.progress, a.no_progress), a.quiet, parse_budget(a.budget)};
    const auto launch = [&](const MpiJob* job) -> Launched {
        // Validate everything (including the GPU's presence) before the database is touched.
        check_impl_names(spec.impls);  // before the backend, for the clearer message
        spec.backend = resolve_backend(a.backend, true);
        spec.reference =
            parse_reference(!a.reference.empty() ? a.reference : spec.backend == "gpu" ? "exact" : "mpfr");
        PreparedCampaign prepared = prepare_campaign(spec);
        Launched l;
        require_threads_startable(spec.threads);
        l.backend = make_backend(spec.backend, spec.threads, spec.batch, devices_for(spec.backend, a.devices, job));
        l.store = std::make_unique<Store>(a.db, Store::Mode::read_write);
        l.campaign.spec = prepared.spec;
        l.campaign.status = "running";
        l.campaign.notes = (job != nullptr ? "MPI, " + std::to_string(job->size()) + " ranks; rank 0: " : std::string()) +
                           l.backend->describe();
        const LeaseOwner me = this_process_as_owner();
        l.campaign.id = l.store->create_campaign(prepared.spec, prepared.units, host_description(), FPV_VERSION,
                                                 l.campaign.notes, &me);
        l.units = std::move(prepared.units);
        l.inputs = std::move(prepared.inputs);
        l.threads = spec.threads;
        if (!a.quiet) {
            std::fprintf(stderr, "fpverify: campaign %lld in %s: %zu units on %s\n",
                         static_cast<long long>(l.campaign.id), a.db.c_str(), l.units.size(),
                         l.campaign.spec.backend.c_str());
        }
        return l;
    };
    return launch_and_execute(a.mpi, launch, a.devices, options);
}

// What every command that reads a stored campaign asks for.
struct DatabaseOptions {
    std::string db;
    int64_t campaign = 0;  // 0: the command's default

    void add_to(CLI::App* command, const std::string& campaign_help) {
        command->add_option("--db", db, "SQLite database")->required();
        if (!campaign_help.empty()) command->add_option("--campaign", campaign, campaign_help)->check(database_id());
    }
    // The database, which must exist: a read never creates one.
    const std::string& existing() const {
        if (!std::filesystem::exists(db)) throw UsageError("--db: no database at '" + db + "'");
        return db;
    }
    Store open(Store::Mode mode) const { return Store(existing(), mode); }
};

// Where and in which format a command writes what it produces.
struct OutputOptions {
    std::string format, out;

    void add_to(CLI::App* command, const std::string& formats, const std::string& default_format, bool file) {
        format = default_format;
        command->add_option("--format", format, formats)->capture_default_str();
        if (file) command->add_option("--out", out, "output file (default: standard output)");
    }
    void check(const std::vector<std::string>& known) const {
        std::string list;
        for (const std::string& k : known) {
            if (k == format) return;
            list += (list.empty() ? "" : ", ") + k;
        }
        throw UsageError("--format: '" + format + "' is not one of " + list);
    }
};

struct ResumeArgs {
    DatabaseOptions database;
    std::string devices, budget;
    std::optional<int> threads;  // absent: as the campaign started
    bool progress = false, no_progress = false, quiet = false, mpi = false;
};

int resume_command(const ResumeArgs& a) {
    ExecuteOptions options{want_progress(a.progress, a.no_progress), a.quiet, parse_budget(a.budget)};
    const auto launch = [&](const MpiJob* job) -> Launched {
        Launched l;
        l.store = std::make_unique<Store>(a.database.existing(), Store::Mode::write_existing);
        Store& store = *l.store;
        const int64_t id = a.database.campaign != 0 ? a.database.campaign : store.latest_campaign(true);
        l.campaign = store.campaign(id);
        l.units = store.units(id);
        if (l.campaign.status == "partial") {
            throw UsageError("campaign " + std::to_string(id) + " is a partial merge of shards (" +
                             l.campaign.merged_from + "); resume the shards themselves and merge them again");
        }
        if (l.campaign.status == "finished") return l;
        l.inputs = reload_inputs(l.campaign.spec, l.units);
        check_backend(l.campaign.spec.impls, l.campaign.spec.backend);
        resolve_backend(l.campaign.spec.backend, false);
        l.threads = a.threads.value_or(l.campaign.spec.threads);
        if (!a.threads) require_stored_thread_count_allowed(l.threads);
        require_threads_startable(l.threads);
        l.backend = make_backend(l.campaign.spec.backend, l.threads, l.campaign.spec.batch,
                                 devices_for(l.campaign.spec.backend, a.devices, job));
        store.acquire_lease(id, this_process_as_owner());
        l.campaign.status = "running";
        if (!a.quiet) {
            std::fprintf(stderr, "fpverify: resuming campaign %lld in %s\n", static_cast<long long>(id),
                         a.database.db.c_str());
        }
        return l;
    };
    if (!a.mpi) {
        Launched l = launch(nullptr);
        if (l.campaign.status != "finished") return execute_launched(l, options, nullptr);
        std::fprintf(stderr, "fpverify: campaign %lld already finished\n", static_cast<long long>(l.campaign.id));
        if (!a.quiet) print_summary(l.campaign, l.units);
        bool failures = false;
        for (const UnitState& u : l.units) failures = failures || u.tally.has_failures();
        return failures ? kExitFailures : kExitClean;
    }
    const auto launch_unfinished = [&](const MpiJob* job) -> Launched {
        Launched l = launch(job);
        if (l.campaign.status == "finished") {
            throw UsageError("campaign " + std::to_string(l.campaign.id) + " already finished");
        }
        return l;
    };
    return launch_and_execute(true, launch_unfinished, a.devices, options);
}

// Writes `text` to the --out file, or to standard output.
void deliver(const OutputOptions& output, const std::string& text) {
    if (output.out.empty()) {
        std::cout << text;
    } else {
        write_output_file(output.out, text);
    }
}

// `report --compare OLD[:ID]`: the report's campaign against an earlier one; with
// --fail-on-regression, exit 1 when a unit got worse, and also when the comparison cannot show
// that none did: no unit pairs, or the new campaign judged nothing of a paired unit (a gate that
// passed on no evidence would pass a build whose campaign never ran).
int comparison_command(const CampaignReport& now, const OutputOptions& output, const std::string& against,
                       bool fail_on_regression) {
    const DatabaseRef ref = parse_database_ref(against, "--compare");
    Store old_store(ref.path, Store::Mode::read_only);
    const CampaignReport then =
        load_report(old_store, ref.campaign != 0 ? ref.campaign : old_store.latest_campaign(false));
    const CampaignComparison c = compare_campaigns(then, now);
    deliver(output, output.format == "json"   ? render_comparison_json(c)
                    : output.format == "html" ? render_comparison_html(c)
                                              : render_comparison_markdown(c));
    if (!fail_on_regression) return kExitClean;
    const std::string missing = c.missing_data();
    if (!missing.empty()) {
        std::fprintf(stderr, "fpverify: --fail-on-regression: %s; that nothing got worse is not shown\n",
                     terminal_text(missing).c_str());
        return kExitFailures;
    }
    return c.regressed() ? kExitFailures : kExitClean;
}

int report_command(const DatabaseOptions& database, const OutputOptions& output, const std::string& compare,
                   bool fail_on_regression) {
    output.check({"md", "html", "json", "latex"});
    if (!compare.empty() && output.format == "latex") throw UsageError("--compare: write md, html or json");
    if (fail_on_regression && compare.empty()) throw UsageError("--fail-on-regression needs --compare");
    std::vector<std::string> read = {database.db};
    if (!compare.empty()) read.push_back(parse_database_ref(compare, "--compare").path);
    refuse_output_over_databases(output.out, read);
    Store store = database.open(Store::Mode::read_only);
    const int64_t id = database.campaign != 0 ? database.campaign : store.latest_campaign(false);
    const CampaignReport report = load_report(store, id);
    if (!compare.empty()) return comparison_command(report, output, compare, fail_on_regression);
    deliver(output, output.format == "json"    ? render_json(report)
                    : output.format == "html"  ? render_html(report)
                    : output.format == "latex" ? render_latex(report)
                                               : render_markdown(report));
    return kExitClean;
}

int export_command(const DatabaseOptions& database, const OutputOptions& output, const std::string& impl) {
    output.check({"testfloat"});
    refuse_output_over_databases(output.out, {database.db});
    Store store = database.open(Store::Mode::read_only);
    const int64_t id = database.campaign != 0 ? database.campaign : store.latest_campaign(false);
    const ExportSummary s = export_testfloat(store, id, impl);
    deliver(output, s.text);
    std::fprintf(stderr, "fpverify: %llu %s test cases from campaign %lld%s\n",
                 static_cast<unsigned long long>(s.cases), s.function.c_str(), static_cast<long long>(id),
                 s.skipped != 0 ? (" (" + std::to_string(s.skipped) +
                                   " failures of ops without a TestFloat counterpart left out)").c_str()
                                : "");
    return kExitClean;
}

int query_command(const DatabaseOptions& database, const OutputOptions& output, const std::string& sql,
                  const std::string& preset, const std::string& timeout) {
    if (sql.empty() == preset.empty()) {
        throw UsageError("query: give either an SQL statement or --preset NAME");
    }
    output.check({"table", "csv", "json"});
    const QueryFormat f = output.format == "csv" ? QueryFormat::csv : output.format == "json" ? QueryFormat::json
                                                                                               : QueryFormat::table;
    std::string statement = sql;
    if (!preset.empty()) {
        const QueryPreset* p = find_preset(preset);
        if (p == nullptr) {
            std::string known;
            for (const QueryPreset& q : query_presets()) known += (known.empty() ? "" : ", ") + std::string(q.name);
            throw UsageError("--preset: unknown preset '" + preset + "' (known: " + known + ")");
        }
        statement = p->sql;
    }
    Store store = database.open(Store::Mode::read_only);
    run_query(store, statement,
              database.campaign != 0 ? std::optional<int64_t>(database.campaign) : std::nullopt, f, std::cout,
              timeout.empty() ? kDefaultQueryTimeoutSeconds : parse_duration(timeout, "--timeout"));
    return kExitClean;
}

int mufu_model_command(const std::string& instruction_name, const std::string& table_path,
                       const std::string& out_path, const std::string& provenance) {
    if (instruction_name != "rcp" && instruction_name != "rsqrt") {
        throw UsageError("--instruction: '" + instruction_name + "' is neither rcp nor rsqrt");
    }
    const MufuInstruction instruction = instruction_name == "rcp" ? MufuInstruction::rcp : MufuInstruction::rsqrt;
    const MufuModelDerivation model = derive_mufu_model(read_mufu_table(table_path, instruction), instruction);
    std::fprintf(stderr, "%u of %zu entries corrected; maximum relative error 2^%.3f\n", model.corrected,
                 model.correction.size() * 64, std::log2(model.max_relative_error));
    if (!model.problems.empty()) {
        for (const std::string& p : model.problems) std::fprintf(stderr, "  %s\n", p.c_str());
        std::fprintf(stderr, "fpverify: this dump does not fit the model's structure; no model written\n");
        return kExitFailures;
    }
    write_output_file(out_path, mufu_model_source(model, provenance));
    return kExitClean;
}

}  // namespace
}  // namespace fpv

int main(int argc, char** argv) {
    using namespace fpv;
    keep_standard_output_errors();
    std::string command_line = "fpverify";
    for (int i = 1; i < argc; ++i) command_line += " " + shell_quote(argv[i]);

    CLI::App app{"fpverify: exhaustive and randomized verification of emulated floating-point "
                 "arithmetic"};
    app.set_version_flag("--version", FPV_VERSION);
    app.require_subcommand(1);

    std::string list_what = "impls";
    auto* list = app.add_subcommand("list", "list ops, impls, classes or query presets");
    list->add_option("what", list_what, "ops | impls | classes | mutants | presets")->capture_default_str();

    RunArgs run;
    auto* run_cmd = app.add_subcommand("run", "run a campaign and store its results");
    run_cmd->add_option("--impl", run.impls, "implementations, comma-separated")->required();
    run_cmd->add_option("--classes", run.classes, "input classes, comma-separated, or all")
        ->capture_default_str();
    run_cmd->add_option("--count", run.count, "inputs per (impl, class): 1000, 1e9, 2^32, 100M")
        ->capture_default_str();
    run_cmd->add_option("--seed", run.seed, "seed of the generated inputs")->capture_default_str();
    run_cmd->add_option("--db", run.db, "SQLite database (created if absent)")->capture_default_str();
    run_cmd->add_option("--backend", run.backend, "cpu | gpu | auto")->capture_default_str();
    run_cmd->add_option("--threads", run.threads,
                        "host threads (0: every core, or OMP_NUM_THREADS where set; at most " +
                            std::to_string(kMaxThreads) + ")")
        ->check(thread_count())
        ->capture_default_str();
    run_cmd->add_option("--devices", run.devices, "GPUs for the GPU backend, e.g. 0,1 (default: all)");
    run_cmd->add_option("--name", run.name, "a name for the campaign")->capture_default_str();
    run_cmd->add_option("--batch", run.batch,
                        "inputs per batch, each committed with its checkpoint in one transaction (default: "
                        "adaptive, about half a second of work each); a stop cuts the batch in flight short, and "
                        "batches so small that their commits dominate (under 50 ms each) are warned about");
    run_cmd->add_option("--failures-kept", run.failures_kept,
                        "failures stored per (impl, class), lowest indices first")
        ->capture_default_str();
    run_cmd->add_option("--worst", run.worst, "worst cases kept per (impl, class)")
        ->check(whole_number_in(0, std::numeric_limits<int64_t>::max()))
        ->capture_default_str();
    run_cmd->add_option("--reference", run.reference,
                        "mpfr: MPFR judges every result | exact: results an op's exact check certifies by "
                        "integer arithmetic count as exact (on the GPU, without leaving it), MPFR judges the "
                        "rest and re-judges 1 certified input in 4096 | fast: the host's IEEE 754 answers "
                        "where an op has them (exact sums for float-float ops), MPFR recomputing 1 input in "
                        "1024. `fpverify list ops` says which op has which. Default: exact on the GPU "
                        "backend, mpfr on the CPU");
    run_cmd->add_flag("--strict-nan", run.strict_nan,
                      "hold NaN results to the NaN rule each impl declares (quiet; the first NaN operand "
                      "quieted, or one canonical NaN), as TestFloat's -checkNaNs; by default any NaN "
                      "matches any NaN");
    run_cmd->add_option("--for", run.budget,
                        "time budget (90s, 30m, 8h, 1h30m): pause within about a second after it, keeping what was "
                        "judged, resumable (exit 3); units advance in rounds, so each gets a comparable share");
    run_cmd->add_option("--shard", run.shard,
                        "K/N: judge part K (0 to N-1) of every unit's inputs; `fpverify merge` combines the N shards");
    run_cmd->add_flag("--mpi", run.mpi,
                      "run across the ranks of an MPI job (mpirun -n R fpverify run --mpi ...); rank 0 writes the "
                      "database, rank r uses GPU r modulo the GPUs it sees");
    run_cmd->add_flag("--progress", run.progress, "draw a progress line even off a terminal");
    run_cmd->add_flag("--no-progress", run.no_progress, "no progress line");
    run_cmd->add_flag("--quiet", run.quiet, "no summary");

    ResumeArgs resume;
    auto* resume_cmd = app.add_subcommand("resume", "continue a stopped or killed campaign");
    resume.database.add_to(resume_cmd, "campaign id (default: newest unfinished)");
    resume_cmd->add_option("--threads", resume.threads, "host threads (0: every core; at most " + std::to_string(kMaxThreads) + "; default: as started)")
        ->check(thread_count());
    resume_cmd->add_option("--devices", resume.devices, "GPUs for the GPU backend (default: all)");
    resume_cmd->add_option("--for", resume.budget, "time budget for this session (as run --for)");
    resume_cmd->add_flag("--mpi", resume.mpi, "continue across the ranks of an MPI job (as run --mpi)");
    resume_cmd->add_flag("--progress", resume.progress, "draw a progress line even off a terminal");
    resume_cmd->add_flag("--no-progress", resume.no_progress, "no progress line");
    resume_cmd->add_flag("--quiet", resume.quiet, "no summary");

    DatabaseOptions status_database;
    auto* status_cmd = app.add_subcommand(
        "status", "the running and paused campaigns of a database: owner, progress, rate, time left, failures "
                  "(read-only, safe while a run writes)");
    status_database.add_to(status_cmd, "only this campaign, whatever its status");

    MergeRequest merge;
    auto* merge_cmd = app.add_subcommand("merge", "combine the shards of a campaign (run --shard K/N) into one");
    merge_cmd->add_option("--into", merge.into, "database that receives the merged campaign (created if absent)")
        ->required();
    merge_cmd->add_option("shards", merge.shards, "the shards' databases, PATH or PATH:CAMPAIGN")->required();
    merge_cmd->add_flag("--partial", merge.partial, "merge what is there: shards missing or unfinished");

    DatabaseOptions report_database;
    OutputOptions report_output;
    auto* report = app.add_subcommand("report", "write a campaign's report");
    report_database.add_to(report, "campaign id (default: newest)");
    report_output.add_to(report, "md | html | json | latex (booktabs tables, a document pdflatex compiles)", "md", true);
    std::string report_compare;
    bool report_fail_on_regression = false;
    report->add_option("--compare", report_compare,
                       "OLD.db or OLD.db:ID: compare with that campaign, unit by unit (rates, a test at 5 %, "
                       "categories, worst cases)");
    report->add_flag("--fail-on-regression", report_fail_on_regression,
                     "with --compare: exit 1 when any unit got worse");

    DatabaseOptions query_database;
    OutputOptions query_output;
    std::string query_sql, query_preset;
    auto* query = app.add_subcommand("query", "run read-only SQL or a named preset");
    query_database.add_to(query, "bind ?1 to this campaign id");
    query->add_option("sql", query_sql, "one read-only SQL statement");
    query->add_option("--preset", query_preset, "a named query (fpverify list presets)");
    query_output.add_to(query, "table | csv | json", "table", false);
    std::string query_timeout;
    query->add_option("--timeout", query_timeout,
                      "stop the statement after this long (90s, 5m, 1h; default 60s): exit 3");

    MutationOptions mutation;
    std::string mutation_budget = "1e6";
    auto* mutation_cmd = app.add_subcommand(
        "mutation", "run the default campaign against every planted-bug mutant, and their TestFloat vectors");
    mutation_cmd->add_option("--count", mutation_budget, "inputs per class (the default campaign's)")
        ->capture_default_str();
    mutation_cmd->add_option("--seed", mutation.seed, "seed")->capture_default_str();
    mutation_cmd->add_option("--vectors", mutation.vectors_dir, "directory of the TestFloat files")
        ->capture_default_str();

    DatabaseOptions export_database;
    OutputOptions export_output;
    std::string export_impl;
    auto* export_cmd = app.add_subcommand("export", "write a campaign's stored failures as TestFloat test cases");
    export_database.add_to(export_cmd, "campaign id (default: the newest)");
    export_output.add_to(export_cmd, "testfloat", "testfloat", true);
    export_cmd->add_option("--impl", export_impl, "only this impl's failures");

    DatabaseOptions repro_database;
    int64_t repro_failure_id = 0;
    auto* repro = app.add_subcommand("repro", "re-run one stored failure");
    repro_database.add_to(repro, "");
    repro->add_option("--failure", repro_failure_id, "failure id (see query --preset failures)")
        ->check(database_id())
        ->required();

    ProveDiv64Options prove;
    auto* prove_cmd = app.add_subcommand(
        "prove-div64", "prove, seed cell by seed cell, that a one-Halley emulated division rounds correctly");
    prove_cmd->add_option("--impl", prove.impl, "div64.emu_halley_fixed | div64.emu_halley")->capture_default_str();
    prove_cmd->add_option("--show", prove.shown, "failing cells to print")->capture_default_str();
    prove_cmd->add_option("--cells-out", prove.cells_out, "write every failing cell to this file");
    prove_cmd->add_option("--check-db", prove.check_db, "check that the impl's stored failures lie in failing cells");

    BenchOptions bench;
    auto* bench_cmd = app.add_subcommand("bench", "verified throughput against the MPFR ceiling");
    bench_cmd->add_option("--impl", bench.impl, "implementation")->capture_default_str();
    bench_cmd->add_option("--class", bench.input_class, "input class")->capture_default_str();
    bench_cmd->add_option("--seconds", bench.seconds, "length of the verified campaign")
        ->capture_default_str();
    bench_cmd->add_option("--threads", bench.threads, "host threads (0: every core; at most " + std::to_string(kMaxThreads) + ")")->check(thread_count());
    bench_cmd->add_option("--backend", bench.backend, "cpu | gpu")->capture_default_str();
    bench_cmd->add_flag("--raw", bench.raw,
                        "also time every impl of every op (plug-ins included) in dependent loops: on one CPU "
                        "core and, where there is a GPU, on GPU 0");
    std::string bench_reference = "mpfr";
    bench_cmd->add_option("--reference", bench_reference, "mpfr | fast | exact: the reference of the verified campaign")
        ->capture_default_str();
    bench_cmd->add_flag("--sweep", bench.sweep,
                        "time one exhaustive class (e.g. --class all32): GPU alone, then end to end "
                        "with each reference");

    std::string dump_dir = ".";
    int dump_device = 0;
    std::string dump_random = "2^30";
    auto* mufu_dump_cmd = app.add_subcommand(
        "mufu-dump",
        "enumerate rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 on a GPU and compare them with their host models");
    mufu_dump_cmd->add_option("--out", dump_dir, "directory for the table and the summary")->capture_default_str();
    mufu_dump_cmd->add_option("--device", dump_device, "GPU number")->capture_default_str();
    mufu_dump_cmd->add_option("--random", dump_random, "random full operands to compare")->capture_default_str();

    std::string model_instruction = "rcp", model_table, model_out, model_provenance;
    auto* mufu_model = app.add_subcommand(
        "mufu-model", "derive the host model of rcp.approx.ftz.f64 or rsqrt.approx.ftz.f64 from a mufu-dump table");
    mufu_model->add_option("--instruction", model_instruction, "rcp | rsqrt")->capture_default_str();
    mufu_model->add_option("--table", model_table, "<instruction>_mantissa_table.bin from mufu-dump")->required();
    mufu_model->add_option("--out", model_out, "C++ source to write")->required();
    mufu_model->add_option("--provenance", model_provenance, "where the dump came from (comment)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }

    const auto dispatch = [&]() -> int {
        for (const CLI::App* command : app.get_subcommands()) refuse_empty_values(*command);
        if (list->parsed()) return list_command(list_what);
        if (run_cmd->parsed()) return run_command(run, command_line);
        if (resume_cmd->parsed()) return resume_command(resume);
        if (report->parsed()) {
            return report_command(report_database, report_output, report_compare, report_fail_on_regression);
        }
        if (status_cmd->parsed()) {
            Store store = status_database.open(Store::Mode::read_only);
            print_status(store, status_database.campaign != 0 ? std::optional<int64_t>(status_database.campaign)
                                                              : std::nullopt,
                         std::cout);
            return kExitClean;
        }
        if (merge_cmd->parsed()) {
            merge.command_line = command_line;
            const int64_t id = merge_shards(merge, host_description(), FPV_VERSION);
            std::fprintf(stderr, "fpverify: merged %zu shards into campaign %lld of %s\n", merge.shards.size(),
                         static_cast<long long>(id), merge.into.c_str());
            return kExitClean;
        }
        if (query->parsed()) return query_command(query_database, query_output, query_sql, query_preset, query_timeout);
        if (mutation_cmd->parsed()) {
            mutation.budget = parse_count(mutation_budget, "--count");
            const std::vector<MutantOutcome> outcomes = run_mutation(mutation);
            std::cout << mutation_table(outcomes, mutation);
            const bool all = std::all_of(outcomes.begin(), outcomes.end(), [](const MutantOutcome& m) { return m.caught; });
            return all ? kExitClean : kExitFailures;
        }
        if (export_cmd->parsed()) return export_command(export_database, export_output, export_impl);
        if (repro->parsed()) {
            Store store = repro_database.open(Store::Mode::read_only);
            return repro_failure(store, repro_failure_id, std::cout);
        }
        if (prove_cmd->parsed()) return prove_div64(prove, std::cout);
        if (bench_cmd->parsed()) {
            bench.reference = parse_reference(bench_reference);
            return run_bench(bench);
        }
        if (mufu_model->parsed()) return mufu_model_command(model_instruction, model_table, model_out, model_provenance);
        if (mufu_dump_cmd->parsed()) {
            return mufu_dump(dump_dir, dump_device, parse_count(dump_random, "--random"));
        }
        return kExitUsage;
    };
    try {
        const int status = dispatch();
        // What a command printed counts only if it arrived: a full disk or /dev/full is exit 3.
        std::string why;
        if (!standard_output_intact(why)) {
            std::fprintf(stderr, "fpverify: cannot write standard output: %s\n", why.c_str());
            return kExitRuntime;
        }
        return status;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "fpverify: %s\n", e.what());
        return kExitUsage;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fpverify: error: %s\n", e.what());
        return kExitRuntime;
    }
    return kExitUsage;
}
