#include "store/status_view.h"

#include <cstdio>
#include <vector>

#include "store/sqlite_handle.h"
#include "model/text_format.h"

namespace fpv {
namespace {

// A unit's progress read from its row alone: the status view needs no tallies.
struct UnitProgress {
    std::string impl, input_class;
    uint64_t begin = 0, end = 0, next = 0, failed = 0;
    double seconds = 0;
};

std::vector<UnitProgress> unit_progress(Store& store, int64_t campaign_id) {
    std::vector<UnitProgress> list;
    Statement s(store.handle(), R"sql(
        SELECT impl, class, begin_index, planned, next_index, failed, seconds FROM units
        WHERE campaign_id = ? ORDER BY ordinal)sql");
    s.bind(1, campaign_id);
    while (s.step()) {
        list.push_back({s.text(0), s.text(1), static_cast<uint64_t>(s.int64(2)), static_cast<uint64_t>(s.int64(3)),
                        static_cast<uint64_t>(s.int64(4)), static_cast<uint64_t>(s.int64(5)), s.real(6)});
    }
    return list;
}

std::string owner_line(Store& store, const CampaignRecord& c) {
    const std::optional<LeaseOwner> owner = store.lease_of(c.id);
    const double now = unix_seconds_now();
    if (!owner) {
        if (c.status == "running") return "no owner: its process ended without releasing it; resume it";
        return "no owner";
    }
    char age[32];
    std::snprintf(age, sizeof age, "%.0f s", now - owner->heartbeat);
    std::string line = "owned by process " + std::to_string(owner->pid) + " on " + owner->host +
                       ", last heartbeat " + age + " ago";
    if (lease_abandoned(*owner, now)) line += " (gone: the next resume takes it over)";
    return line;
}

void print_campaign(Store& store, const CampaignRecord& c, std::ostream& out) {
    out << "campaign " << c.id << " (" << terminal_text(c.spec.name) << "): " << c.status;
    if (c.spec.shard_count > 1) out << ", shard " << c.spec.shard_index << "/" << c.spec.shard_count;
    out << ", " << human_duration(c.elapsed_seconds) << " so far; " << owner_line(store, c) << "\n";
    const std::vector<UnitProgress> units = unit_progress(store, c.id);
    std::vector<std::vector<std::string>> rows = {{"impl", "class", "judged", "of", "done", "rate/s", "left", "failed"}};
    double total_left = 0;
    bool eta_known = true;
    for (const UnitProgress& u : units) {
        const uint64_t judged = u.next - u.begin, size = u.end - u.begin;
        const double rate = u.seconds > 0 ? judged / u.seconds : 0;
        const uint64_t remaining = size - judged;
        std::string left = remaining == 0 ? "done" : "?";
        if (remaining != 0 && rate > 0) {
            left = human_duration(remaining / rate);
            total_left += remaining / rate;
        } else if (remaining != 0) {
            eta_known = false;
        }
        rows.push_back({u.impl, terminal_text(u.input_class), grouped(judged), grouped(size), percent_text(judged, size),
                        rate > 0 ? human_count(rate) : "-", left, grouped(u.failed)});
    }
    std::vector<size_t> width(rows.front().size(), 0);
    for (const auto& r : rows) {
        for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    }
    for (const auto& r : rows) {
        out << " ";
        for (size_t i = 0; i < r.size(); ++i) out << " " << r[i] << std::string(width[i] - r[i].size(), ' ');
        out << "\n";
    }
    if (c.status != "finished" && c.status != "partial") {
        // Units run one after another within a round, so the times left add up.
        out << "  time left at these rates: " << (eta_known ? human_duration(total_left) : std::string("unknown"))
            << "\n";
    }
}

}  // namespace

int print_status(Store& store, std::optional<int64_t> campaign, std::ostream& out) {
    std::vector<CampaignRecord> shown;
    if (campaign) {
        shown.push_back(store.campaign(*campaign));
    } else {
        for (CampaignRecord& c : store.campaigns()) {
            if (c.status == "running" || c.status == "paused") shown.push_back(std::move(c));
        }
    }
    if (shown.empty()) out << "no running or paused campaign in " << store.path() << "\n";
    for (const CampaignRecord& c : shown) print_campaign(store, c, out);
    return static_cast<int>(shown.size());
}

}  // namespace fpv
