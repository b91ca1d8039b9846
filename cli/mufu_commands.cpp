// `fpverify mufu-dump` and `fpverify mufu-model`: the GPU's rcp.approx.ftz.f64 and
// rsqrt.approx.ftz.f64 enumerated, and a host model derived from such a dump.
#include <cmath>
#include <cstdio>

#include "cli/command.h"
#include "cli/count_parse.h"
#include "core/mufu_model_derivation.h"
#include "reports/output_file.h"
#include "verifier/gpu/backend.h"

namespace fpv {
namespace {

class MufuDumpCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{
            "mufu-dump",
            "enumerate rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 on a GPU and compare them with their host models"};
        c.add("--out", &dir_, "directory for the table and the summary").show_default();
        c.add("--device", &device_, "GPU number").show_default();
        c.add("--random", &random_, "random full operands to compare").show_default();
        return c;
    }
    int run(const Invocation&) override { return mufu_dump(dir_, device_, parse_count(random_, "--random")); }

private:
    std::string dir_ = ".";
    int device_ = 0;
    std::string random_ = "2^30";
};

class MufuModelCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{
            "mufu-model", "derive the host model of rcp.approx.ftz.f64 or rsqrt.approx.ftz.f64 from a mufu-dump table"};
        c.add("--instruction", &instruction_, "rcp | rsqrt").show_default();
        c.add("--table", &table_, "<instruction>_mantissa_table.bin from mufu-dump").required();
        c.add("--out", &out_, "C++ source to write").required();
        c.add("--provenance", &provenance_, "where the dump came from (comment)");
        return c;
    }
    int run(const Invocation&) override {
        if (instruction_ != "rcp" && instruction_ != "rsqrt") {
            throw UsageError("--instruction: '" + instruction_ + "' is neither rcp nor rsqrt");
        }
        const MufuInstruction instruction = instruction_ == "rcp" ? MufuInstruction::rcp : MufuInstruction::rsqrt;
        const MufuModelDerivation model = derive_mufu_model(read_mufu_table(table_, instruction), instruction);
        std::fprintf(stderr, "%u of %zu entries corrected; maximum relative error 2^%.3f\n", model.corrected,
                     model.correction.size() * 64, std::log2(model.max_relative_error));
        if (!model.problems.empty()) {
            for (const std::string& p : model.problems) std::fprintf(stderr, "  %s\n", p.c_str());
            std::fprintf(stderr, "fpverify: this dump does not fit the model's structure; no model written\n");
            return kExitFailures;
        }
        write_output_file(out_, mufu_model_source(model, provenance_));
        return kExitClean;
    }

private:
    std::string instruction_ = "rcp", table_, out_, provenance_;
};

}  // namespace

std::unique_ptr<Command> make_mufu_dump_command() { return std::make_unique<MufuDumpCommand>(); }
std::unique_ptr<Command> make_mufu_model_command() { return std::make_unique<MufuModelCommand>(); }

}  // namespace fpv
