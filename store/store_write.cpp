// The store's writes: campaigns created and merged, each batch's tally with its checkpoint in one
// transaction, status changes.
#include <cmath>
#include <limits>

#include "core/usage_error.h"
#include "model/value_format.h"
#include "store/sqlite_handle.h"
#include "store/store.h"
#include "store/statistic_rows.h"
#include "store/store_rows.h"

namespace fpv {

int64_t Store::create_campaign(const CampaignSpec& spec, const std::vector<UnitState>& units,
                               const std::string& host, const std::string& version,
                               const std::string& notes, const LeaseOwner* owner) {
    check_file();
    Transaction t(db_);
    Statement c(db_, R"sql(
        INSERT INTO campaigns (name, status, created_at, seed, count_per_unit, backend, threads,
            batch_size, failures_kept, worst_kept, impls, classes, command_line, host,
            fpverify_version, notes, reference, strict_nan, shard_index, shard_count)
        VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    c.bind(1, spec.name).bind(2, utc_now_iso8601()).bind(3, as_sql(spec.seed));
    c.bind(4, as_sql(spec.count)).bind(5, spec.backend).bind(6, int64_t{spec.threads});
    c.bind(7, as_sql(spec.batch)).bind(8, as_sql(spec.limits.failures_kept));
    c.bind(9, as_sql(spec.limits.worst_kept)).bind(10, json_list(spec.impls));
    c.bind(11, json_list(spec.classes)).bind(12, spec.command_line).bind(13, host);
    c.bind(14, version).bind(15, notes).bind(16, std::string(reference_mode_name(spec.reference)));
    c.bind(17, int64_t{spec.strict_nan ? 1 : 0}).bind(18, int64_t{spec.shard_index});
    c.bind(19, int64_t{spec.shard_count}).run();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement u(db_, R"sql(
        INSERT INTO units (campaign_id, ordinal, impl, op, class, planned, next_index, tested,
            passed, failed, source_digest, exhaustive, input_key, generator_version, begin_index)
        VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?))sql");
    for (const UnitState& unit : units) {
        u.reset();
        u.bind(1, id).bind(2, int64_t{unit.ordinal}).bind(3, unit.impl).bind(4, unit.op);
        u.bind(5, unit.input_class).bind(6, as_sql(unit.planned)).bind(7, as_sql(unit.begin_index));
        u.bind(8, unit.digest).bind(9, int64_t{unit.exhaustive ? 1 : 0}).bind(10, hex64(unit.input_key));
        u.bind(11, int64_t{unit.generator_version}).bind(12, as_sql(unit.begin_index)).run();
    }
    if (owner != nullptr) take_lease(id, *owner);
    t.commit();
    remember_campaign(id);
    checkpoint_if_due(id);
    return id;
}

void Store::commit_batch(int64_t campaign_id, const UnitState& unit,
                         std::span<const FailureRecord> new_failures, double elapsed_seconds,
                         double gpu_wait_seconds, double host_wait_seconds) {
    check_file(campaign_id);
    Transaction t(db_);
    check_lease(campaign_id);
    if (!lease_token_.empty()) {
        Statement beat(db_, "UPDATE leases SET heartbeat = ? WHERE campaign_id = ?");
        beat.bind(1, unix_seconds_now()).bind(2, campaign_id).run();
    }
    write_unit_state(campaign_id, unit, new_failures);
    Statement c(db_, R"sql(
        UPDATE campaigns SET elapsed_seconds = ?, gpu_wait_seconds = ?, host_wait_seconds = ?
        WHERE id = ?)sql");
    c.bind(1, elapsed_seconds).bind(2, gpu_wait_seconds).bind(3, host_wait_seconds);
    c.bind(4, campaign_id).run();
    t.commit();
    checkpoint_if_due(campaign_id);
}

void Store::write_unit_state(int64_t campaign_id, const UnitState& unit, std::span<const FailureRecord> new_failures) {
    const Tally& tally = unit.tally;
    // The statistics' unit columns are set here too: one UPDATE a unit a commit.
    static const std::string update = [] {
        std::string sql = "UPDATE units SET next_index = ?, tested = ?, passed = ?, failed = ?, max_error = ?, "
                          "reference_disagreements = ?, failures_stored = ?, seconds = ?, outside = ?, map_partial = ?";
        std::apply([&](const auto&... s) { ((sql += unit_column_assignment(s)), ...); }, Tally{}.statistics());
        return sql + " WHERE campaign_id = ? AND ordinal = ?";
    }();
    Statement u(db_, update);
    u.bind(1, as_sql(unit.next_index)).bind(2, as_sql(tally.tested)).bind(3, as_sql(tally.passed()));
    u.bind(4, as_sql(tally.failed()));
    u.bind_optional(5, tally.worst.empty() ? std::nullopt : std::optional<double>(tally.max_error()));
    u.bind(6, as_sql(tally.reference_disagreements)).bind(7, as_sql(unit.failures_stored));
    u.bind(8, unit.seconds).bind(9, as_sql(tally.outside())).bind(10, int64_t{unit.map_partial ? 1 : 0});
    int at = 11;
    std::apply([&](const auto&... s) { (bind_unit_column(u, at, s), ...); }, tally.statistics());
    u.bind(at, campaign_id).bind(at + 1, int64_t{unit.ordinal}).run();
    std::apply([&](const auto&... s) { (write_statistic(db_, campaign_id, unit.ordinal, s), ...); }, tally.statistics());
    Statement cat(db_, R"sql(
        INSERT INTO category_counts (campaign_id, ordinal, category, count) VALUES (?, ?, ?, ?)
        ON CONFLICT (campaign_id, ordinal, category) DO UPDATE SET count = excluded.count)sql");
    for (int i = 0; i < kCategoryCount; ++i) {
        if (tally.by_category[i] == 0) continue;
        cat.reset();
        cat.bind(1, campaign_id).bind(2, int64_t{unit.ordinal});
        cat.bind(3, category_name(static_cast<Category>(i))).bind(4, as_sql(tally.by_category[i]));
        cat.run();
    }
    Statement hist(db_, R"sql(
        INSERT INTO error_histogram (campaign_id, ordinal, inside, bin, count) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (campaign_id, ordinal, inside, bin) DO UPDATE SET count = excluded.count)sql");
    Statement clear(db_, "DELETE FROM worst_cases WHERE campaign_id = ? AND ordinal = ?");
    clear.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).run();
    Statement worst(db_, R"sql(
        INSERT INTO worst_cases (campaign_id, ordinal, inside, rank, impl, class, input_index, a,
            b, c, result, expected, error, category) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const int inside : {1, 0}) {
        (inside ? tally.error_histogram : tally.outside_histogram).for_each([&](int bin, uint64_t count) {
            hist.reset();
            hist.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, int64_t{inside});
            hist.bind(4, int64_t{bin}).bind(5, as_sql(count)).run();
        });
        const std::vector<FailureRecord>& list = inside ? tally.worst : tally.outside_worst;
        for (size_t rank = 0; rank < list.size(); ++rank) {
            const FailureRecord& r = list[rank];
            worst.reset();
            worst.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, int64_t{inside});
            worst.bind(4, as_sql(rank)).bind(5, unit.impl).bind(6, unit.input_class);
            worst.bind(7, as_sql(r.index)).bind(8, hex64(r.input.a)).bind(9, hex64(r.input.b));
            worst.bind(10, hex64(r.input.c)).bind(11, hex64(r.result)).bind(12, hex64(r.expected));
            worst.bind(13, r.error).bind(14, category_name(r.category)).run();
        }
    }
    Statement fail(db_, R"sql(
        INSERT INTO failures (campaign_id, ordinal, impl, class, input_index, a, b, c, result,
            expected, error, category) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const FailureRecord& r : new_failures) {
        fail.reset();
        fail.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, unit.impl);
        fail.bind(4, unit.input_class).bind(5, as_sql(r.index)).bind(6, hex64(r.input.a));
        fail.bind(7, hex64(r.input.b)).bind(8, hex64(r.input.c)).bind(9, hex64(r.result));
        fail.bind(10, hex64(r.expected)).bind(11, r.error).bind(12, category_name(r.category)).run();
    }
    Statement dis(db_, R"sql(
        INSERT OR IGNORE INTO disagreements (campaign_id, ordinal, input_index, a, b, c,
            vector_result, reference_result) VALUES (?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const FailureRecord& r : tally.disagreements) {
        dis.reset();
        dis.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, as_sql(r.index));
        dis.bind(4, hex64(r.input.a)).bind(5, hex64(r.input.b)).bind(6, hex64(r.input.c));
        dis.bind(7, hex64(r.result)).bind(8, hex64(r.expected)).run();
    }
}

void Store::finish_campaign(int64_t campaign_id, double elapsed_seconds) {
    check_file(campaign_id);
    Transaction t(db_);
    check_lease(campaign_id);
    Statement c(db_, "UPDATE campaigns SET status = 'finished', finished_at = ?, "
                     "elapsed_seconds = ? WHERE id = ?");
    c.bind(1, utc_now_iso8601()).bind(2, elapsed_seconds).bind(3, campaign_id).run();
    t.commit();
    checkpoint_if_due(campaign_id);
}

void Store::set_status(int64_t campaign_id, const std::string& status) {
    check_file(campaign_id);
    Transaction t(db_);
    check_lease(campaign_id);
    Statement c(db_, "UPDATE campaigns SET status = ? WHERE id = ?");
    c.bind(1, status).bind(2, campaign_id).run();
    t.commit();
    checkpoint_if_due(campaign_id);
}

int64_t Store::insert_merged_campaign(const CampaignRecord& merged, const std::vector<UnitState>& units,
                                      const std::vector<std::vector<FailureRecord>>& failures) {
    check_file();
    Transaction t(db_);
    const CampaignSpec& spec = merged.spec;
    Statement c(db_, R"sql(
        INSERT INTO campaigns (name, status, created_at, finished_at, seed, count_per_unit, backend,
            threads, batch_size, failures_kept, worst_kept, impls, classes, command_line, host,
            fpverify_version, notes, reference, strict_nan, elapsed_seconds, merged_from)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    c.bind(1, spec.name).bind(2, merged.status).bind(3, utc_now_iso8601()).bind(4, utc_now_iso8601());
    c.bind(5, as_sql(spec.seed)).bind(6, as_sql(spec.count)).bind(7, spec.backend);
    c.bind(8, int64_t{spec.threads}).bind(9, as_sql(spec.batch)).bind(10, as_sql(spec.limits.failures_kept));
    c.bind(11, as_sql(spec.limits.worst_kept)).bind(12, json_list(spec.impls)).bind(13, json_list(spec.classes));
    c.bind(14, spec.command_line).bind(15, merged.host).bind(16, merged.version).bind(17, merged.notes);
    c.bind(18, std::string(reference_mode_name(spec.reference))).bind(19, int64_t{spec.strict_nan ? 1 : 0});
    c.bind(20, merged.elapsed_seconds).bind(21, merged.merged_from).run();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement u(db_, R"sql(
        INSERT INTO units (campaign_id, ordinal, impl, op, class, planned, next_index, tested,
            passed, failed, source_digest, exhaustive, input_key, generator_version, begin_index)
        VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?, ?, ?, ?, 0))sql");
    for (size_t i = 0; i < units.size(); ++i) {
        const UnitState& unit = units[i];
        u.reset();
        u.bind(1, id).bind(2, int64_t{unit.ordinal}).bind(3, unit.impl).bind(4, unit.op);
        u.bind(5, unit.input_class).bind(6, as_sql(unit.planned)).bind(7, unit.digest);
        u.bind(8, int64_t{unit.exhaustive ? 1 : 0}).bind(9, hex64(unit.input_key));
        u.bind(10, int64_t{unit.generator_version}).run();
        write_unit_state(id, unit, failures[i]);
    }
    t.commit();
    remember_campaign(id);
    checkpoint_if_due(id);
    return id;
}

}  // namespace fpv
