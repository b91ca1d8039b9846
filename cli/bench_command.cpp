// `fpverify bench`: verified throughput, against the MPFR ceiling and the impls' raw speed.
#include <cmath>
#include <cstdio>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/option_checks.h"
#include "verifier/engine/bench.h"

namespace fpv {
namespace {

class BenchCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"bench", "verified throughput against the MPFR ceiling"};
        c.add("--impl", &options_.impl, "implementation").required();
        c.add("--class", &options_.input_class, "input class").show_default();
        c.add("--seconds", &options_.seconds, "length of the verified campaign (it stops within about a second after)")
            .show_default();
        c.add("--threads", &options_.threads,
                      "host threads (0: every core; at most " + std::to_string(kMaxThreads) + ")")
            .whole_number_in(kThreadCounts);
        c.add("--backend", &options_.backend, "cpu | gpu").show_default();
        c.add("--raw", &options_.raw,
                    "also time every impl of every op (plug-ins included) in dependent loops: on one CPU "
                    "core and, where there is a GPU, on GPU 0");
        c.add("--reference", &reference_, "mpfr | fast | exact: the reference of the verified campaign")
            .show_default();
        c.add("--sweep", &options_.sweep,
                    "time one exhaustive class (e.g. --class all32): GPU alone, then end to end "
                    "with each reference");
        return c;
    }
    int run(const Invocation&) override {
        // CLI11 reads "nan", "inf" and negative numbers as doubles; a campaign's length is none of them.
        if (!std::isfinite(options_.seconds) || options_.seconds <= 0) {
            char typed[32];
            std::snprintf(typed, sizeof typed, "%g", options_.seconds);
            throw UsageError(std::string("--seconds: '") + typed + "' is not a length of time: give a positive number of seconds");
        }
        options_.reference = parse_reference(reference_);
        return run_bench(options_);
    }

private:
    BenchOptions options_;
    std::string reference_ = "mpfr";
};

}  // namespace

std::unique_ptr<Command> make_bench_command() { return std::make_unique<BenchCommand>(); }

}  // namespace fpv
