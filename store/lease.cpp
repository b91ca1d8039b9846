// Leases: one process works on a campaign at a time (docs/database.md, "Leases").
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>

#include "core/usage_error.h"
#include "store/sqlite_handle.h"
#include "store/store.h"

namespace fpv {
namespace {

std::string this_host() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "unknown";
    return name;
}

// A zombie (killed, not yet reaped: its parent died too, and PID 1 may never reap it) still
// answers kill(pid, 0); /proc says whether it runs.
bool process_exists(int64_t pid) {
    if (pid <= 0) return false;
    if (kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM) return false;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return true;  // no /proc: trust kill()
    const size_t name_end = line.rfind(')');
    if (name_end == std::string::npos || name_end + 2 >= line.size()) return true;
    const char state = line[name_end + 2];
    return state != 'Z' && state != 'X';
}

std::string owner_text(const LeaseOwner& o, double now) {
    char age[64];
    std::snprintf(age, sizeof age, "%.0f s ago", now - o.heartbeat);
    return "process " + std::to_string(o.pid) + " on " + o.host + " (since " + o.acquired_at + ", last heartbeat " +
           age + ")";
}

}  // namespace

double unix_seconds_now() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

LeaseOwner this_process_as_owner() {
    LeaseOwner me;
    me.host = this_host();
    me.pid = getpid();
    std::random_device entropy;
    char token[40];
    std::snprintf(token, sizeof token, "%08x%08x%08x%08x", entropy(), entropy(), entropy(), entropy());
    me.token = token;
    me.acquired_at = utc_now_iso8601();
    me.heartbeat = unix_seconds_now();
    return me;
}

namespace {

// Whether the owner's process is known to be gone: on this host, no process of its PID runs.
bool owner_gone(const LeaseOwner& owner) { return owner.host == this_host() && !process_exists(owner.pid); }

// Why an abandoned lease may be taken over, in words: its owner is gone, or was silent (it may
// still run, stopped or cut off; it then stops at its next commit, writing nothing).
std::string abandonment(const LeaseOwner& owner, double now) {
    if (owner_gone(owner)) return "which is gone";
    char silent[160];
    std::snprintf(silent, sizeof silent,
                  "which has been silent for %.0f s (a lease waits %.0f s); if it still runs, it stops at its next "
                  "commit without writing",
                  now - owner.heartbeat, kLeaseTimeoutSeconds);
    return silent;
}

}  // namespace

bool lease_abandoned(const LeaseOwner& owner, double now) {
    return owner_gone(owner) || now - owner.heartbeat > kLeaseTimeoutSeconds;
}

std::optional<LeaseOwner> Store::lease_of(int64_t campaign_id) {
    Statement s(db_, "SELECT host, pid, token, acquired_at, heartbeat FROM leases WHERE campaign_id = ?");
    s.bind(1, campaign_id);
    if (!s.step()) return std::nullopt;
    return LeaseOwner{s.text(0), s.int64(1), s.text(2), s.text(3), s.real(4)};
}

void Store::take_lease(int64_t campaign_id, const LeaseOwner& owner) {
    Statement s(db_, R"sql(
        INSERT INTO leases (campaign_id, host, pid, token, acquired_at, heartbeat) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (campaign_id) DO UPDATE SET host = excluded.host, pid = excluded.pid, token = excluded.token,
            acquired_at = excluded.acquired_at, heartbeat = excluded.heartbeat)sql");
    s.bind(1, campaign_id).bind(2, owner.host).bind(3, owner.pid).bind(4, owner.token);
    s.bind(5, owner.acquired_at).bind(6, owner.heartbeat).run();
    lease_token_ = owner.token;
}

void Store::acquire_lease(int64_t campaign_id, const LeaseOwner& owner) {
    check_file(campaign_id);
    Transaction t(db_);
    const double now = unix_seconds_now();
    if (const std::optional<LeaseOwner> holder = lease_of(campaign_id)) {
        if (!lease_abandoned(*holder, now)) {
            throw UsageError("campaign " + std::to_string(campaign_id) + " in '" + path_ + "' is being run by " +
                             owner_text(*holder, now) + "; one process works on a campaign at a time");
        }
        std::fprintf(stderr, "fpverify: taking campaign %lld over from %s, %s\n", static_cast<long long>(campaign_id),
                     owner_text(*holder, now).c_str(), abandonment(*holder, now).c_str());
    }
    take_lease(campaign_id, owner);
    Statement running(db_, "UPDATE campaigns SET status = 'running' WHERE id = ? AND status = 'paused'");
    running.bind(1, campaign_id).run();
    t.commit();
    remember_campaign(campaign_id);
    checkpoint_if_due(campaign_id);
}

void Store::check_lease(int64_t campaign_id) {
    if (lease_token_.empty()) return;
    const std::optional<LeaseOwner> holder = lease_of(campaign_id);
    if (!holder || holder->token != lease_token_) {
        const double now = unix_seconds_now();
        throw LeaseLost("campaign " + std::to_string(campaign_id) + " was taken over by " +
                        (holder ? owner_text(*holder, now) : std::string("another process")) +
                        " while this process was silent; nothing more was written by this one");
    }
}

void Store::release_lease(int64_t campaign_id) {
    if (lease_token_.empty() || lost_) return;
    check_file(campaign_id);
    Statement s(db_, "DELETE FROM leases WHERE campaign_id = ? AND token = ?");
    s.bind(1, campaign_id).bind(2, lease_token_).run();
    lease_token_.clear();
    checkpoint_if_due(campaign_id);
}

}  // namespace fpv
