// A command an op offers beyond the project's own, such as `fpverify prove-div64`: declared by
// the op (its trait `commands`, a TypeList of types with name, summary, options and run), put on
// the command line by cli/, which hands it the values of its options and a way to read a
// database's stored failures (the store is a layer above the ops).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/operands.h"

namespace fpv {

struct OpCommandOption {
    std::string_view name;           // "--impl"
    std::string_view help;
    std::string_view default_value;  // "" for none
};

// A failure a database holds: its id there and its operands.
struct StoredOperands {
    int64_t id = 0;
    Operands in;
};

struct OpCommandArgs {
    std::map<std::string, std::string, std::less<>> values;  // by option name, defaults filled in
    // The stored failures of `impl` in the fpverify database at `path`, in id order.
    std::function<std::vector<StoredOperands>(const std::string& path, const std::string& impl)> stored_failures;

    const std::string& value(std::string_view option) const { return values.find(option)->second; }
};

struct OpCommandInfo {
    std::string_view name, summary;
    std::span<const OpCommandOption> options;
    // The exit status: 0 when what the command checks holds, 1 when not; UsageError for bad values.
    int (*run)(const OpCommandArgs& args, std::ostream& out) = nullptr;
};

template <class List>
struct OpCommandTable;
template <template <class...> class L, class... Command>
struct OpCommandTable<L<Command...>> {
    static constexpr std::array<OpCommandInfo, sizeof...(Command)> value{
        OpCommandInfo{Command::name, Command::summary, Command::options, &Command::run}...};
};

}  // namespace fpv
