// `fpverify status`: the running and paused campaigns of a database, read while a run writes.
#include <iostream>

#include "cli/command.h"
#include "cli/common_options.h"
#include "store/status_view.h"

namespace fpv {
namespace {

class StatusCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{
            "status", "the running and paused campaigns of a database: owner, progress, rate, time left, failures "
                      "(read-only, safe while a run writes)"};
        database_.add_to(c, "only this campaign, whatever its status");
        return c;
    }
    int run(const Invocation&) override {
        Store store = database_.open(Store::Mode::read_only);
        print_status(store, database_.campaign_given(), std::cout);
        return kExitClean;
    }

private:
    DatabaseOptions database_;
};

}  // namespace

std::unique_ptr<Command> make_status_command() { return std::make_unique<StatusCommand>(); }

}  // namespace fpv
