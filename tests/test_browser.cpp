// The HTML reports in a real browser: headless Chromium (Debian's chromium-headless-shell, which
// the Makefile installs) parses each kind of report, its dumped DOM must hold every plot and
// table, and a screenshot of each goes to build/screenshots/ for people to look at. Without a
// browser the test is skipped with a note, unless FPV_REQUIRE_BROWSER is set.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

std::string browser() {
    std::vector<std::string> candidates;
    if (const char* chosen = std::getenv("FPV_BROWSER")) candidates.emplace_back(chosen);
    candidates.insert(candidates.end(), {"/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"});
    for (const std::string& c : candidates) {
        if (::access(c.c_str(), X_OK) == 0) return c;
    }
    return "";
}

// Runs the browser on a page with a profile and HOME of its own (parallel runs would otherwise
// fight over one profile's lock; it also writes under HOME).
CommandResult open_page(const std::string& chromium, const TempDir& dir, const std::string& page,
                        const std::vector<std::string>& what) {
    static int runs = 0;
    const std::string home = dir.path("home" + std::to_string(++runs));
    std::filesystem::create_directories(home);
    std::vector<std::string> args = {"HOME=" + home, chromium, "--no-sandbox", "--disable-gpu",
                                     "--disable-dev-shm-usage", "--user-data-dir=" + home + "/profile",
                                     "--hide-scrollbars"};
    args.insert(args.end(), what.begin(), what.end());
    args.push_back(std::filesystem::absolute(page).string());
    return run_command("env", args);
}

size_t count(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

struct Page {
    std::string name;                 // of the screenshot
    std::vector<std::string> run;     // the campaign, or empty for a comparison of the first two
    std::vector<std::string> plots;   // data-plot values the DOM must hold
    std::vector<std::string> tables;  // data-table values
    std::vector<std::string> texts;   // text the page must show
    int height = 4000;                // of the screenshot
};

TEST(Browser, EveryReportKindRendersWithItsPlotsAndTables) {
    const std::string chromium = browser();
    if (chromium.empty()) {
        if (std::getenv("FPV_REQUIRE_BROWSER") != nullptr) FAIL() << "no headless Chromium and FPV_REQUIRE_BROWSER is set";
        GTEST_SKIP() << "no headless Chromium (apt-get install chromium-headless-shell; `make test` installs it)";
    }
    TempDir dir;
    const std::vector<std::string> common = {"--count", "20000", "--backend", "cpu", "--threads", "2", "--quiet",
                                             "--no-progress"};
    const std::vector<Page> pages = {
        {"div64_halley",
         {"--impl", "div64.emu_halley", "--classes", "normal,ties,specials"},
         {"class-rates", "failure-map", "histogram"},
         {"verdict", "units", "categories", "failure-map-cells"},
         {"FAILS", "Failure map of", "y: leading fraction bits", "Worst inputs inside the domain"},
         7000},
        {"div64_halley_fixed",
         {"--impl", "div64.emu_halley_fixed", "--classes", "normal,ties,specials"},
         {"class-rates", "failure-map"},
         {"verdict", "units"},
         {"no failure in"},
         3000},
        {"float_float",
         {"--impl", "ff_add.accurate,ff_add.add22,ff_mul_f.dw_times_fp1", "--classes", "random,gap_wide,specials"},
         {"ff-bounds", "histogram", "failure-map", "class-rates"},
         {"verdict", "ff-bounds", "ff-outside", "units"},
         {"Float-float accuracy", "Outside the domains", "exponent gap hi - lo", "no proven bound", "bound 3"},
         9000},
        {"binary32_sweep",
         {"--impl", "f2d.shift_xor", "--classes", "range32:0xb7ff0000-0xb801ffff,range32:0x37ff0000-0x3801ffff"},
         {"binades", "failure-map", "class-rates"},
         {"verdict", "binary32", "units"},
         {"Exhaustive:", "bit patterns judged", "Wrong inputs by binade"},
         5000},
        {"comparison",
         {},
         {"compare-rates", "failure-map"},
         {"comparison"},
         {"better", "Failure maps:"},
         3500}};
    const std::filesystem::path shots = "build/screenshots";
    std::filesystem::create_directories(shots);
    std::vector<std::string> dbs;
    for (const Page& p : pages) {
        SCOPED_TRACE(p.name);
        const std::string html = dir.path(p.name + ".html");
        if (!p.run.empty()) {
            dbs.push_back(dir.path(p.name + ".db"));
            const CommandResult run = run_fpverify(testing::concat(testing::concat({"run", "--db", dbs.back()}, p.run), common));
            ASSERT_LE(run.status, 1) << run.err;
            ASSERT_EQ(run_fpverify({"report", "--db", dbs.back(), "--format", "html", "--out", html}).status, 0);
        } else {
            ASSERT_EQ(run_fpverify({"report", "--db", dbs[1], "--compare", dbs[0], "--format", "html", "--out", html})
                          .status,
                      0);
        }
        const std::string source = testing::read_file(html);
        const CommandResult dom = open_page(chromium, dir, html, {"--dump-dom"});
        ASSERT_EQ(dom.status, 0) << dom.err;
        ASSERT_TRUE(contains(dom.out, "</html>")) << dom.err;
        // What the browser parsed, not what fpverify wrote: every plot an SVG element with its
        // marks, every table with its rows.
        for (const std::string& plot : p.plots) {
            const std::string tag = "data-plot=\"" + plot + "\"";
            EXPECT_GE(count(dom.out, tag), 1u) << plot;
            const size_t at = dom.out.find(tag);
            if (at == std::string::npos) continue;
            const std::string svg = dom.out.substr(at, dom.out.find("</svg>", at) - at);
            EXPECT_TRUE(contains(svg, "<rect") || contains(svg, "<circle") || contains(svg, "<line")) << plot;
            EXPECT_TRUE(contains(svg, "<text")) << plot << ": labelled axes";
        }
        EXPECT_EQ(count(dom.out, "<svg"), count(source, "<svg")) << "every SVG parsed as an element";
        for (const std::string& table : p.tables) {
            const size_t at = dom.out.find("<table data-table=\"" + table + "\"");
            ASSERT_NE(at, std::string::npos) << table;
            EXPECT_GE(count(dom.out.substr(at, dom.out.find("</table>", at) - at), "<tr"), 2u) << table;
        }
        for (const std::string& text : p.texts) EXPECT_TRUE(contains(dom.out, text)) << text;
        EXPECT_FALSE(contains(dom.out, "<script")) << "reports run no script";
        EXPECT_FALSE(contains(source, "http://") && contains(source, "src=")) << "no external asset";
        const std::string png = (shots / (p.name + ".png")).string();
        std::filesystem::remove(png);
        const CommandResult shot = open_page(chromium, dir, html,
                                             {"--window-size=1280," + std::to_string(p.height), "--screenshot=" +
                                                                                                     std::filesystem::absolute(png).string()});
        EXPECT_EQ(shot.status, 0) << shot.err;
        ASSERT_TRUE(std::filesystem::exists(png)) << shot.err;
        EXPECT_GT(std::filesystem::file_size(png), 20000u) << "a page with content";
    }
}

}  // namespace
}  // namespace fpv
