// The campaign engine: results independent of threads and batch size, and a stopped campaign
// resumed to the same final tallies as an uninterrupted one.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>

#include "core/portability.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "store/store.h"
#include "tests/test_support.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/cpu/backend.h"
#include "verifier/engine/engine.h"

namespace fpv {
namespace {

using testing::TempDir;

CampaignSpec small_spec() {
    CampaignSpec spec;
    spec.name = "engine-test";
    spec.impls = {"div64.emu_halley", "div64.emu_nr"};
    spec.classes = {"midpoint", "subnormal", "specials",
                    "testfloat:" + testing::vectors_dir() + "/f64_div.level1.txt"};
    spec.count = 30000;
    spec.seed = 42;
    spec.limits = {5, 50};
    return spec;
}

// Stops the campaign (as SIGINT would) after a number of batches.
class StoppingBackend : public Backend {
public:
    StoppingBackend(Backend& inner, int batches) : inner_(inner), left_(batches) {}
    std::string describe() const override { return inner_.describe(); }
    void run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) override {
        inner_.run(work, begin, end, [&](uint64_t b, uint64_t e, Tally&& t) {
            if (--left_ <= 0) g_stop_requested.store(true);
            return done(b, e, std::move(t));
        });
    }

private:
    Backend& inner_;
    int left_;
};

struct Outcome {
    int status = -1;
    std::vector<UnitState> units;
    std::vector<std::vector<FailureRecord>> failures;
};

Outcome collect(Store& store, int64_t id, int status) {
    Outcome o;
    o.status = status;
    o.units = store.units(id);
    for (const UnitState& u : o.units) o.failures.push_back(store.unit_failures(id, u.ordinal, 100000));
    return o;
}

// A campaign of `spec` in a new database, run to its end on the CPU.
Outcome run_campaign(const std::string& db, const CampaignSpec& spec, int threads, uint64_t batch) {
    PreparedCampaign p = prepare_campaign(spec);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c;
    c.spec = p.spec;
    c.id = store.create_campaign(p.spec, p.units, "test", "test");
    CpuBackend backend(threads, batch);
    const int status = execute_campaign(store, c, p.units, p.inputs, backend, {false, true, std::nullopt});
    return collect(store, c.id, status);
}

Outcome run_whole(const std::string& db, int threads, uint64_t batch) {
    return run_campaign(db, small_spec(), threads, batch);
}

// A campaign of `spec` in a new database, stopped after `batches` committed batches of 3000
// inputs, as a Ctrl-C would stop it; returns its id.
int64_t run_until_stopped(const std::string& db, const CampaignSpec& spec, int batches) {
    PreparedCampaign p = prepare_campaign(spec);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c;
    c.spec = p.spec;
    c.id = store.create_campaign(p.spec, p.units, "test", "test");
    CpuBackend cpu(2, 3000);
    StoppingBackend stopping(cpu, batches);
    EXPECT_EQ(execute_campaign(store, c, p.units, p.inputs, stopping, {false, true, std::nullopt}), kExitRuntime);
    g_stop_requested.store(false);
    return c.id;
}

void expect_same(const Outcome& a, const Outcome& b) {
    ASSERT_EQ(a.units.size(), b.units.size());
    for (size_t i = 0; i < a.units.size(); ++i) {
        EXPECT_EQ(a.units[i].tally, b.units[i].tally) << a.units[i].impl << " x " << a.units[i].input_class;
        EXPECT_EQ(a.units[i].next_index, b.units[i].next_index);
        EXPECT_EQ(a.units[i].failures_stored, b.units[i].failures_stored);
        EXPECT_EQ(a.failures[i], b.failures[i]) << a.units[i].impl << " x " << a.units[i].input_class;
    }
}

TEST(Engine, ResultsDoNotDependOnThreadsOrBatchSize) {
    TempDir dir;
    const int saved = omp_get_max_threads();
    const Outcome one = run_whole(dir.path("a.db"), 1, 1000);
    const Outcome two = run_whole(dir.path("b.db"), 2, 7777);
    const Outcome four = run_whole(dir.path("c.db"), 4, 0);
    omp_set_num_threads(saved);
    EXPECT_EQ(one.status, kExitFailures);  // emu_halley fails
    expect_same(one, two);
    expect_same(one, four);
    // The failing impl really failed, the other did not.
    uint64_t halley = 0, nr = 0;
    for (const UnitState& u : one.units) (u.impl == "div64.emu_halley" ? halley : nr) += u.tally.failed();
    EXPECT_GT(halley, 0u);
    EXPECT_EQ(nr, 0u);
}

TEST(Engine, StoppedCampaignResumesToTheSameFinalTallies) {
    TempDir dir;
    const Outcome whole = run_whole(dir.path("whole.db"), 2, 3000);

    const std::string db = dir.path("stopped.db");
    const int64_t id = run_until_stopped(db, small_spec(), 9);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c = store.campaign(id);
    EXPECT_EQ(c.status, "paused");  // stopped cleanly
    std::vector<UnitState> units = store.units(id);
    uint64_t done = 0;
    for (const UnitState& u : units) done += u.next_index;
    EXPECT_EQ(done, 9u * 3000u);  // exactly the committed batches
    const std::vector<InputSet> inputs = reload_inputs(c.spec, units);
    CpuBackend cpu(1, 5000);
    const int status = execute_campaign(store, c, units, inputs, cpu, {false, true, std::nullopt});
    const Outcome resumed = collect(store, id, status);
    EXPECT_EQ(resumed.status, whole.status);
    expect_same(whole, resumed);
    EXPECT_EQ(store.campaign(id).status, "finished");
}

TEST(Engine, FailureSampleKeepsTheLowestIndicesAcrossBatches) {
    TempDir dir;
    const Outcome o = run_whole(dir.path("s.db"), 2, 1000);
    for (size_t i = 0; i < o.units.size(); ++i) {
        const UnitState& u = o.units[i];
        EXPECT_EQ(o.failures[i].size(), std::min<uint64_t>(u.tally.failed(), 50));
        EXPECT_TRUE(std::is_sorted(o.failures[i].begin(), o.failures[i].end(),
                                   [](const FailureRecord& a, const FailureRecord& b) { return a.index < b.index; }));
        EXPECT_LE(u.tally.worst.size(), 5u);
    }
}

// ---- exhaustive sweeps ----------------------------------------------------------------------

CampaignSpec sweep_spec() {
    CampaignSpec spec;
    spec.name = "sweep-test";
    spec.impls = {"f2d.shift_xor", "f2d.byte_perm", "f2d.native"};
    // Across the lower edge of shift_xor's domain and the upper edge of byte_perm's, negatives
    // included; --count does not cut exhaustive classes short.
    spec.classes = {"range32:0x37ff8000-0x38007fff", "range32:0xc0ff8000-0xc1007fff", "specials"};
    spec.count = 100;
    spec.seed = 5;
    spec.limits = {5, 50};
    return spec;
}

Outcome run_sweep(const std::string& db, int threads, uint64_t batch, ReferenceMode reference) {
    CampaignSpec spec = sweep_spec();
    spec.reference = reference;
    return run_campaign(db, spec, threads, batch);
}

// The wrong set worked out directly: maximal runs where the impl differs from the conversion.
std::vector<WrongRun> wrong_runs_of(const char* impl, uint32_t first, uint32_t last) {
    const HostImplFn fn = impl_named(impl).host;
    std::vector<WrongRun> runs;
    for (uint64_t bits = first; bits <= last; ++bits) {
        const uint64_t r = fn({bits, 0, 0});
        const uint64_t want = bits_of(static_cast<double>(float_of(static_cast<uint32_t>(bits))));
        if (r == want || (std::isnan(double_of(r)) && std::isnan(double_of(want)))) continue;
        if (!runs.empty() && runs.back().last + 1 == bits) {
            runs.back().last = static_cast<uint32_t>(bits);
        } else {
            runs.push_back({static_cast<uint32_t>(bits), static_cast<uint32_t>(bits)});
        }
    }
    return runs;
}

TEST(Engine, ExhaustiveSweepsJudgeEveryPatternOnceAndFindTheExactWrongSet) {
    TempDir dir;
    const int saved = omp_get_max_threads();
    const Outcome one = run_sweep(dir.path("a.db"), 1, 1000, ReferenceMode::mpfr);
    const Outcome two = run_sweep(dir.path("b.db"), 2, 7777, ReferenceMode::mpfr);
    const Outcome fast = run_sweep(dir.path("c.db"), 3, 0, ReferenceMode::fast);
    omp_set_num_threads(saved);
    expect_same(one, two);
    expect_same(one, fast);  // the fast reference changes nothing but the time
    EXPECT_EQ(one.status, kExitClean);  // every wrong input lies outside the documented domains
    for (const UnitState& u : one.units) {
        if (u.input_class == "specials") continue;
        EXPECT_TRUE(u.exhaustive);
        EXPECT_EQ(u.planned, 65536u) << u.input_class;
        EXPECT_EQ(u.tally.tested, 65536u) << u.input_class;
        const InputSet set = resolve_class(u.input_class, op_id<op::f2d>(), 5);
        const uint32_t first = static_cast<uint32_t>(set.first), last = static_cast<uint32_t>(set.first + set.size - 1);
        const std::vector<WrongRun> expected = wrong_runs_of(u.impl.c_str(), first, last);
        EXPECT_EQ(u.tally.wrong_runs.runs, expected) << u.impl << " x " << u.input_class;
        uint64_t wrong = 0;
        for (const WrongRun& r : expected) wrong += uint64_t{r.last} - r.first + 1;
        EXPECT_EQ(u.tally.outside(), u.impl == "f2d.native" ? 0u : wrong) << u.impl << " x " << u.input_class;
    }
    // The edges themselves: shift_xor is wrong below 2^-15 and right from it on.
    const auto& shift_lower = one.units[0].tally.wrong_runs.runs;
    ASSERT_EQ(shift_lower.size(), 1u);
    EXPECT_EQ(shift_lower[0].first, 0x37ff8000u);
    EXPECT_EQ(shift_lower[0].last, 0x37ffffffu);
}

TEST(Engine, StoppedExhaustiveSweepResumesToTheSameRuns) {
    TempDir dir;
    const Outcome whole = run_sweep(dir.path("whole.db"), 2, 3000, ReferenceMode::mpfr);
    const std::string db = dir.path("stopped.db");
    const int64_t id = run_until_stopped(db, sweep_spec(), 30);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c = store.campaign(id);
    std::vector<UnitState> units = store.units(id);
    const std::vector<InputSet> inputs = reload_inputs(c.spec, units);
    CpuBackend cpu(1, 5000);
    const Outcome resumed = collect(store, id, execute_campaign(store, c, units, inputs, cpu, {false, true, std::nullopt}));
    expect_same(whole, resumed);
}

}  // namespace
}  // namespace fpv
