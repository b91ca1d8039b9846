// The store's reads: campaigns, their units' tallies and their stored failures.
#include <cmath>
#include <limits>

#include "core/usage_error.h"
#include "model/error_bins.h"
#include "model/value_format.h"
#include "ops/catalogue.h"
#include "store/sqlite_handle.h"
#include "store/store.h"
#include "store/statistic_rows.h"
#include "store/store_rows.h"

namespace fpv {

std::vector<CampaignRecord> Store::campaigns() {
    std::vector<CampaignRecord> list;
    Statement s(db_, "SELECT id FROM campaigns ORDER BY id");
    while (s.step()) list.push_back(campaign(s.int64(0)));
    return list;
}

CampaignRecord Store::campaign(int64_t id) {
    Statement s(db_, R"sql(
        SELECT id, name, status, created_at, coalesce(finished_at, ''), seed, count_per_unit,
               backend, threads, batch_size, failures_kept, worst_kept, impls, classes,
               command_line, host, fpverify_version, elapsed_seconds, gpu_wait_seconds,
               host_wait_seconds, notes, reference, strict_nan, shard_index, shard_count, merged_from
        FROM campaigns WHERE id = ?)sql");
    s.bind(1, id);
    if (!s.step()) {
        throw UsageError("database '" + path_ + "' has no campaign " + std::to_string(id));
    }
    CampaignRecord r;
    r.id = s.int64(0);
    r.spec.name = s.text(1);
    r.status = s.text(2);
    r.created_at = s.text(3);
    r.finished_at = s.text(4);
    r.spec.seed = static_cast<uint64_t>(s.int64(5));
    r.spec.count = static_cast<uint64_t>(s.int64(6));
    r.spec.backend = s.text(7);
    r.spec.threads = static_cast<int>(s.int64(8));
    r.spec.batch = static_cast<uint64_t>(s.int64(9));
    r.spec.limits.failures_kept = static_cast<size_t>(s.int64(10));
    r.spec.limits.worst_kept = static_cast<size_t>(s.int64(11));
    r.spec.impls = parse_json_list(s.text(12), path_);
    r.spec.classes = parse_json_list(s.text(13), path_);
    r.spec.command_line = s.text(14);
    r.host = s.text(15);
    r.version = s.text(16);
    r.elapsed_seconds = s.real(17);
    r.gpu_wait_seconds = s.real(18);
    r.host_wait_seconds = s.real(19);
    r.notes = s.text(20);
    r.spec.reference = reference_mode_from_name(s.text(21)).value_or(ReferenceMode::mpfr);
    r.spec.strict_nan = s.int64(22) != 0;
    r.spec.shard_index = static_cast<int>(s.int64(23));
    r.spec.shard_count = static_cast<int>(s.int64(24));
    r.merged_from = s.text(25);
    return r;
}

int64_t Store::latest_campaign(bool unfinished_only) {
    Statement s(db_, unfinished_only
                         ? "SELECT max(id) FROM campaigns WHERE status IN ('running', 'paused')"
                         : "SELECT max(id) FROM campaigns");
    if (!s.step() || s.is_null(0)) {
        throw UsageError("database '" + path_ + "' has no " +
                         (unfinished_only ? "unfinished campaign" : "campaign"));
    }
    return s.int64(0);
}

int64_t Store::chosen_campaign(int64_t id, bool unfinished_only) {
    if (id == 0) return latest_campaign(unfinished_only);
    // A campaign that is not there is said to be missing, not found empty or failure-free.
    Statement s(db_, "SELECT 1 FROM campaigns WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) throw UsageError("database '" + path_ + "' has no campaign " + std::to_string(id));
    return id;
}

std::vector<UnitState> Store::units(int64_t campaign_id) {
    std::vector<UnitState> units;
    Statement s(db_, R"sql(
        SELECT ordinal, impl, class, planned, next_index, tested, failures_stored, seconds,
               source_digest, reference_disagreements, exhaustive,
               op, input_key, generator_version, begin_index, map_partial
        FROM units WHERE campaign_id = ? ORDER BY ordinal)sql");
    s.bind(1, campaign_id);
    while (s.step()) {
        UnitState u;
        u.ordinal = static_cast<int>(s.int64(0));
        u.impl = s.text(1);
        u.input_class = s.text(2);
        u.planned = static_cast<uint64_t>(s.int64(3));
        u.next_index = static_cast<uint64_t>(s.int64(4));
        u.tally.tested = static_cast<uint64_t>(s.int64(5));
        u.failures_stored = static_cast<uint64_t>(s.int64(6));
        u.seconds = s.real(7);
        u.digest = s.text(8);
        u.tally.reference_disagreements = static_cast<uint64_t>(s.int64(9));
        u.exhaustive = s.int64(10) != 0;
        u.op = s.text(11);
        u.input_key = s.text(12).empty() ? 0 : parse_hex64(s.text(12));
        u.generator_version = static_cast<int>(s.int64(13));
        u.begin_index = static_cast<uint64_t>(s.int64(14));
        u.map_partial = s.int64(15) != 0;
        units.push_back(std::move(u));
    }
    for (UnitState& u : units) {
        Statement cat(db_, "SELECT category, count FROM category_counts "
                           "WHERE campaign_id = ? AND ordinal = ?");
        cat.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (cat.step()) {
            const auto c = category_from_name(cat.text(0));
            if (!c) throw UsageError("database '" + path_ + "' has unknown category " + cat.text(0));
            u.tally.by_category[static_cast<size_t>(*c)] = static_cast<uint64_t>(cat.int64(1));
        }
        std::apply([&](auto&... stat) { (read_statistic(db_, path_, campaign_id, u.ordinal, stat), ...); },
                   u.tally.statistics());
        Statement hist(db_, "SELECT inside, bin, count FROM error_histogram "
                            "WHERE campaign_id = ? AND ordinal = ? ORDER BY bin");
        hist.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (hist.step()) {
            Histogram& h = hist.int64(0) != 0 ? u.tally.error_histogram : u.tally.outside_histogram;
            const int64_t bin = hist.int64(1);
            if (!is_error_bin(bin)) {
                throw UsageError("database '" + path_ + "' has a malformed error_histogram row (bin " +
                                 std::to_string(bin) + ")");
            }
            h.add(static_cast<int>(bin), static_cast<uint64_t>(hist.int64(2)));
        }
        Statement worst(db_, R"sql(
            SELECT inside, input_index, a, b, c, result, expected, error, category FROM worst_cases
            WHERE campaign_id = ? AND ordinal = ? ORDER BY inside, rank)sql");
        worst.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (worst.step()) {
            FailureRecord r;
            r.index = static_cast<uint64_t>(worst.int64(1));
            r.input = operands_of(worst, 2);
            r.result = parse_hex64(worst.text(5));
            r.expected = parse_hex64(worst.text(6));
            r.error = worst.real(7);
            r.category = category_from_name(worst.text(8)).value_or(Category::wrong_value);
            (worst.int64(0) != 0 ? u.tally.worst : u.tally.outside_worst).push_back(r);
        }
        Statement dis(db_, R"sql(
            SELECT input_index, a, b, c, vector_result, reference_result FROM disagreements
            WHERE campaign_id = ? AND ordinal = ? ORDER BY input_index)sql");
        dis.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (dis.step()) {
            FailureRecord r;
            r.index = static_cast<uint64_t>(dis.int64(0));
            r.input = operands_of(dis, 1);
            r.result = parse_hex64(dis.text(4));
            r.expected = parse_hex64(dis.text(5));
            u.tally.disagreements.push_back(r);
        }
    }
    return units;
}

std::vector<FailureRecord> Store::unit_failures(int64_t campaign_id, int ordinal, size_t limit) {
    std::vector<FailureRecord> list;
    Statement s(db_, R"sql(
        SELECT input_index, a, b, c, result, expected, error, category FROM failures
        WHERE campaign_id = ? AND ordinal = ? ORDER BY input_index LIMIT ?)sql");
    s.bind(1, campaign_id).bind(2, int64_t{ordinal}).bind(3, as_sql(limit));
    while (s.step()) {
        FailureRecord r;
        r.index = static_cast<uint64_t>(s.int64(0));
        r.input = operands_of(s, 1);
        r.result = parse_hex64(s.text(4));
        r.expected = parse_hex64(s.text(5));
        r.error = s.real(6);
        r.category = category_from_name(s.text(7)).value_or(Category::wrong_value);
        list.push_back(r);
    }
    return list;
}

StoredFailure Store::failure(int64_t id) {
    Statement s(db_, R"sql(
        SELECT f.id, f.campaign_id, f.ordinal, f.impl, f.class, f.input_index, f.a, f.b, f.c, f.result,
               f.expected, f.error, f.category, u.op
        FROM failures f JOIN units u ON u.campaign_id = f.campaign_id AND u.ordinal = f.ordinal
        WHERE f.id = ?)sql");
    s.bind(1, id);
    if (!s.step()) {
        throw UsageError("database '" + path_ + "' has no failure with id " + std::to_string(id));
    }
    StoredFailure f;
    f.id = s.int64(0);
    f.campaign_id = s.int64(1);
    f.ordinal = static_cast<int>(s.int64(2));
    f.impl = s.text(3);
    f.input_class = s.text(4);
    f.record.index = static_cast<uint64_t>(s.int64(5));
    f.record.input = operands_of(s, 6);
    f.record.result = parse_hex64(s.text(9));
    f.record.expected = parse_hex64(s.text(10));
    f.record.error = s.real(11);
    f.record.category = category_from_name(s.text(12)).value_or(Category::wrong_value);
    f.op = s.text(13);
    return f;
}

std::vector<StoredOperands> Store::failure_operands(const std::string& impl) {
    Statement s(db_, "SELECT id, a, b, c FROM failures WHERE impl = ?1 ORDER BY id");
    s.bind(1, impl);
    std::vector<StoredOperands> stored;
    while (s.step()) stored.push_back({s.int64(0), operands_of(s, 1)});
    return stored;
}

}  // namespace fpv
