// The commands ops declare (core/op_command.h), each on the command line as its op describes it.
#include <iostream>

#include "cli/command.h"
#include "ops/catalogue.h"
#include "store/store.h"

namespace fpv {
namespace {

class OpCommand : public Command {
public:
    explicit OpCommand(const OpCommandInfo& info) : info_(info) {}

    OptionTable options() override {
        OptionTable c{std::string(info_.name), std::string(info_.summary)};
        for (const OpCommandOption& option : info_.options) {
            std::string& value = args_.values[std::string(option.name)];
            value = std::string(option.default_value);
            OptionSpec& added = c.add(std::string(option.name), &value, std::string(option.help));
            if (!option.default_value.empty()) added.show_default();
        }
        return c;
    }
    int run(const Invocation&) override {
        args_.stored_failures = [](const std::string& path, const std::string& impl) {
            return Store(path, Store::Mode::read_only).failure_operands(impl);
        };
        return info_.run(args_, std::cout);
    }

private:
    const OpCommandInfo& info_;
    OpCommandArgs args_;
};

}  // namespace

std::vector<std::unique_ptr<Command>> make_op_commands() {
    std::vector<std::unique_ptr<Command>> commands;
    for (const OpInfo& op : all_ops()) {
        for (const OpCommandInfo& info : op.commands) commands.push_back(std::make_unique<OpCommand>(info));
    }
    return commands;
}

}  // namespace fpv
