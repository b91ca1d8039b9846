// The progress line on a terminal: inputs judged, rate and time left.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace fpv {

class ProgressLine {
public:
    ProgressLine(bool enabled, uint64_t total_inputs, uint64_t already_done);
    void update(uint64_t done_inputs, const std::string& label);
    void finish();

private:
    bool enabled_;
    uint64_t total_, start_done_;
    std::chrono::steady_clock::time_point start_, last_draw_;
    bool drawn_ = false;
};

}  // namespace fpv
