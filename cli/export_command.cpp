// `fpverify export`: a campaign's stored failures as TestFloat test cases.
#include <cstdio>

#include "cli/command.h"
#include "cli/common_options.h"
#include "reports/export_testfloat.h"
#include "reports/output_file.h"

namespace fpv {
namespace {

class ExportCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"export", "write a campaign's stored failures as TestFloat test cases"};
        database_.add_to(c, "campaign id (default: the newest)");
        output_.add_to(c, "testfloat", "testfloat", true);
        c.add("--impl", &impl_, "only this impl's failures");
        return c;
    }
    int run(const Invocation&) override {
        output_.check({"testfloat"});
        refuse_output_over_databases(output_.out, {database_.db});
        Store store = database_.open(Store::Mode::read_only);
        const int64_t id = store.chosen_campaign(database_.campaign, false);
        const ExportSummary s = export_testfloat(store, id, impl_);
        output_.deliver(s.text);
        const std::string left_out =
            s.skipped != 0 ? " (" + std::to_string(s.skipped) + " failures of ops without a TestFloat counterpart left out)"
                           : "";
        std::fprintf(stderr, "fpverify: %llu %s test cases from campaign %lld%s\n",
                     static_cast<unsigned long long>(s.cases), s.function.c_str(), static_cast<long long>(id),
                     left_out.c_str());
        return kExitClean;
    }

private:
    DatabaseOptions database_;
    OutputOptions output_;
    std::string impl_;
};

}  // namespace

std::unique_ptr<Command> make_export_command() { return std::make_unique<ExportCommand>(); }

}  // namespace fpv
