// `fpverify merge`: the shards of one campaign (run --shard K/N) combined into one campaign.
#include <cstdio>

#include "cli/command.h"
#include "cli/common_options.h"
#include "verifier/engine/merge_shards.h"

#ifndef FPV_VERSION
#define FPV_VERSION "unknown"
#endif

namespace fpv {
namespace {

class MergeCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"merge", "combine the shards of a campaign (run --shard K/N) into one"};
        c.add("--into", &request_.into, "database that receives the merged campaign (created if absent)")
            .required();
        c.add("shards", &request_.shards, "the shards' databases, PATH or PATH:CAMPAIGN").required();
        c.add("--partial", &request_.partial, "merge what is there: shards missing or unfinished");
        return c;
    }
    int run(const Invocation& invocation) override {
        request_.command_line = invocation.command_line;
        const int64_t id = merge_shards(request_, host_description(), FPV_VERSION);
        std::fprintf(stderr, "fpverify: merged %zu shards into campaign %lld of %s\n", request_.shards.size(),
                     static_cast<long long>(id), request_.into.c_str());
        return kExitClean;
    }

private:
    MergeRequest request_;
};

}  // namespace

std::unique_ptr<Command> make_merge_command() { return std::make_unique<MergeCommand>(); }

}  // namespace fpv
