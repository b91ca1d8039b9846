// `fpverify repro`: one stored failure run again, on this machine, and judged again.
#include <iostream>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/option_checks.h"
#include "verifier/cpu/repro.h"

namespace fpv {
namespace {

class ReproCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"repro", "re-run one stored failure"};
        database_.add_to(c, "");
        c.add("--failure", &failure_id_, "failure id (see query --preset failures)")
            .whole_number_in(kDatabaseIds)
            .required();
        return c;
    }
    int run(const Invocation&) override {
        Store store = database_.open(Store::Mode::read_only);
        return repro_failure(store, failure_id_, std::cout);
    }

private:
    DatabaseOptions database_;
    int64_t failure_id_ = 0;
};

}  // namespace

std::unique_ptr<Command> make_repro_command() { return std::make_unique<ReproCommand>(); }

}  // namespace fpv
