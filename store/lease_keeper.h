// Holds a campaign's lease while a process works on it: a thread renews its heartbeat every
// kHeartbeatSeconds through a connection of its own (a batch may take longer than the lease's
// timeout), and the lease is released when the work ends.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "store/store.h"

namespace fpv {

class LeaseKeeper {
public:
    // `store` must hold the lease already (Store::acquire_lease or create_campaign).
    LeaseKeeper(Store& store, int64_t campaign_id);
    ~LeaseKeeper();  // stops the heartbeat and releases the lease
    LeaseKeeper(const LeaseKeeper&) = delete;
    LeaseKeeper& operator=(const LeaseKeeper&) = delete;

private:
    void beat();

    Store& store_;
    int64_t campaign_id_;
    std::string token_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace fpv
