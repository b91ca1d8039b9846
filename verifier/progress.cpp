#include "verifier/progress.h"

#include <cmath>

namespace fpv {

std::string human_count(double n) {
    const char* suffix[] = {"", "K", "M", "G", "T", "P"};
    int i = 0;
    while (n >= 1000 && i < 5) {
        n /= 1000;
        ++i;
    }
    char out[32];
    std::snprintf(out, sizeof out, i == 0 ? "%.0f%s" : "%.2f%s", n, suffix[i]);
    return out;
}

std::string human_duration(double s) {
    if (!std::isfinite(s) || s < 0) return "?";
    const long total = std::lround(s);
    char out[32];
    if (total >= 3600) {
        std::snprintf(out, sizeof out, "%ldh%02ldm%02lds", total / 3600, total / 60 % 60, total % 60);
    } else if (total >= 60) {
        std::snprintf(out, sizeof out, "%ldm%02lds", total / 60, total % 60);
    } else {
        std::snprintf(out, sizeof out, "%lds", total);
    }
    return out;
}

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
