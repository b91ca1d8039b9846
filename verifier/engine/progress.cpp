#include "verifier/engine/progress.h"

#include <cmath>

#include "model/text_format.h"

namespace fpv {

ProgressLine::ProgressLine(bool enabled, uint64_t total_inputs, uint64_t already_done)
    : enabled_(enabled),
      total_(total_inputs),
      start_done_(already_done),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void ProgressLine::update(uint64_t done_inputs, const std::string& label) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (drawn_ && now - last_draw_ < std::chrono::milliseconds(200)) return;
    last_draw_ = now;
    drawn_ = true;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? (done_inputs - start_done_) / seconds : 0;
    const double left = rate > 0 ? (total_ - done_inputs) / rate : NAN;
    const double percent = total_ > 0 ? 100.0 * done_inputs / total_ : 100.0;
    std::fprintf(stderr, "\r\033[K%s  %s/%s (%.1f%%)  %s/s  ETA %s", label.c_str(),
                 human_count(done_inputs).c_str(), human_count(total_).c_str(), percent,
                 human_count(rate).c_str(), human_duration(left).c_str());
    std::fflush(stderr);
}

void ProgressLine::finish() {
    if (enabled_ && drawn_) std::fprintf(stderr, "\r\033[K");
    drawn_ = false;
}

}  // namespace fpv
