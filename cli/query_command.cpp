// `fpverify query`: one read-only SQL statement, or a named preset, over a database.
#include <iostream>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/duration_parse.h"
#include "store/query.h"

namespace fpv {
namespace {

class QueryCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"query", "run read-only SQL or a named preset"};
        database_.add_to(c, "bind ?1 to this campaign id");
        c.add("sql", &sql_, "one read-only SQL statement");
        c.add("--preset", &preset_, "a named query (fpverify list presets)");
        output_.add_to(c, "table | csv | json", "table", false);
        c.add("--timeout", &timeout_, "stop the statement after this long (90s, 5m, 1h; default 60s): exit 3");
        return c;
    }
    int run(const Invocation&) override {
        if (sql_.empty() == preset_.empty()) throw UsageError("query: give either an SQL statement or --preset NAME");
        output_.check({"table", "csv", "json"});
        const QueryFormat f = output_.format == "csv"    ? QueryFormat::csv
                              : output_.format == "json" ? QueryFormat::json
                                                         : QueryFormat::table;
        const std::string sql = statement();
        Store store = database_.open(Store::Mode::read_only);
        run_query(store, sql, database_.campaign_given(), f, std::cout,
                  timeout_.empty() ? kDefaultQueryTimeoutSeconds : parse_duration(timeout_, "--timeout"));
        return kExitClean;
    }

private:
    std::string statement() const {
        if (preset_.empty()) return sql_;
        const QueryPreset* p = find_preset(preset_);
        if (p == nullptr) {
            std::string known;
            for (const QueryPreset& q : query_presets()) known += (known.empty() ? "" : ", ") + std::string(q.name);
            throw UsageError("--preset: unknown preset '" + preset_ + "' (known: " + known + ")");
        }
        return std::string(p->sql);
    }

    DatabaseOptions database_;
    OutputOptions output_;
    std::string sql_, preset_, timeout_;
};

}  // namespace

std::unique_ptr<Command> make_query_command() { return std::make_unique<QueryCommand>(); }

}  // namespace fpv
