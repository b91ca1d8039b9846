// The architecture's rules, checked on the source (docs/architecture.md): folders include only
// the folders above them, and an op's traits are complete or the build fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

// The layers from the bottom up: a folder may include its own and those before it.
const std::vector<std::string> kLayers = {"core", "corpus", "reference", "ops", "model", "store", "reports", "verifier", "cli"};

int layer_of(const std::string& folder) {
    for (size_t i = 0; i < kLayers.size(); ++i) {
        if (kLayers[i] == folder) return static_cast<int>(i);
    }
    return -1;
}

// The folder an `#include "folder/file"` line names; "" for any other line.
std::string included_folder(const std::string& line) {
    const size_t hash = line.find_first_not_of(" \t");
    if (hash == std::string::npos || line[hash] != '#') return "";
    const size_t word = line.find_first_not_of(" \t", hash + 1);
    if (word == std::string::npos || line.compare(word, 7, "include") != 0) return "";
    const size_t quote = line.find('"', word);
    const size_t slash = quote == std::string::npos ? quote : line.find('/', quote);
    return slash == std::string::npos ? "" : line.substr(quote + 1, slash - quote - 1);
}

TEST(Architecture, FoldersIncludeOnlyTheFoldersAboveThem) {
    EXPECT_EQ(included_folder("#include \"ops/ops.h\""), "ops");
    EXPECT_EQ(included_folder("  #  include \"core/formats.h\"  // why"), "core");
    EXPECT_EQ(included_folder("#include <vector>"), "");
    int files = 0;
    for (const std::string& folder : kLayers) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
            const std::string path = entry.path().string();
            const std::string name = entry.path().filename().string();
            if (!entry.is_regular_file() || name.starts_with("test_")) continue;  // ops' tests belong to tests/
            const std::string ext = entry.path().extension().string();
            if (ext != ".h" && ext != ".cpp" && ext != ".cu" && ext != ".cuh" && ext != ".inl") continue;
            ++files;
            std::ifstream in(path);
            int line_number = 0;
            for (std::string line; std::getline(in, line);) {
                ++line_number;
                const std::string included = included_folder(line);
                if (included.empty()) continue;
                const int target = layer_of(included);
                EXPECT_GE(target, 0) << path << ":" << line_number << " includes from outside the layers: " << line;
                EXPECT_LE(target, layer_of(folder)) << path << ":" << line_number << " includes a layer below it: " << line;
            }
        }
    }
    EXPECT_GT(files, 80);
}

// Every op of the list has every trait (the build would have failed otherwise), a salt of its
// own for its classes' keys, and a name of its own.
TEST(Architecture, EveryOpHasItsTraitsAndASaltOfItsOwn) {
    std::map<uint64_t, std::string> salts;
    std::map<std::string, int> names;
    for_each_type(AllOps{}, [&](auto op_type) {
        using Op = typename decltype(op_type)::type;
        static_assert(OpTraits<Op>);
        EXPECT_TRUE(salts.emplace(Op::key_salt, std::string(Op::name)).second) << Op::name << " shares a salt";
        ++names[std::string(Op::name)];
        EXPECT_FALSE(all_class_names(op_id<Op>()).empty()) << Op::name;
    });
    for (const auto& [name, count] : names) EXPECT_EQ(count, 1) << name;
}

// A missing trait is a compile error, never a silent fallback: an op without its metric does
// not build.
TEST(Architecture, AnOpWithoutATraitDoesNotCompile) {
    testing::TempDir dir;
    const std::string complete = R"(
#include "ops/div64/div64.h"
struct incomplete {
    static constexpr std::string_view name = "incomplete", summary = "", testfloat = "";
    static constexpr std::array<fpv::Operand, 1> operands{{{fpv::Format::binary64, "x"}}};
    static constexpr fpv::Format result = fpv::Format::binary64;
    METRIC
    static constexpr uint64_t key_salt = 99;
    using reference = fpv::op::div64::reference;
    using host_ieee = fpv::None;
    using host_error = fpv::None;
    using exact_check = fpv::None;
    using raw_chain = fpv::None;
    using products = fpv::None;
    using classes = fpv::TypeList<>;
    using natives = fpv::TypeList<>;
    using impls = fpv::TypeList<>;
    using mutants = fpv::TypeList<>;
    using commands = fpv::TypeList<>;
};
static_assert(fpv::OpTraits<incomplete>);
)";
    const auto compiles = [&](const std::string& metric) {
        std::string source = complete;
        source.replace(source.find("METRIC"), 6, metric);
        const std::string path = dir.path("op.cpp");
        std::ofstream(path) << source;
        return testing::run_command("g++", {"-std=c++20", "-I.", "-fsyntax-only", path}).status == 0;
    };
    EXPECT_TRUE(compiles("static constexpr fpv::Metric metric = fpv::Metric::correctly_rounded;"));
    EXPECT_FALSE(compiles(""));
}

}  // namespace
}  // namespace fpv
