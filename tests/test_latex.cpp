// The LaTeX report: booktabs tables with every impl's row, names escaped, and a document that
// pdflatex compiles without an error (Debian's texlive-latex-base and texlive-latex-recommended,
// which `make test` installs), whose pages carry the rows as text and the tables' rules as
// pictures (poppler's pdftotext and pdftoppm).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// The horizontal rules of a page rendered as a binary PGM (P5, 8 bits): runs of rows in which
// one unbroken stretch of dark pixels spans a quarter of the page's width.
int ruled_lines(const std::string& pgm) {
    std::istringstream header(pgm);
    std::string magic;
    int width = 0, height = 0, maximum = 0;
    header >> magic >> width >> height >> maximum;
    if (magic != "P5" || width <= 0 || height <= 0 || maximum != 255) return -1;
    const size_t start = static_cast<size_t>(header.tellg()) + 1;  // one whitespace byte, then pixels
    if (pgm.size() < start + static_cast<size_t>(width) * height) return -1;
    int lines = 0;
    bool previous = false;
    for (int y = 0; y < height; ++y) {
        int run = 0, longest = 0;
        for (int x = 0; x < width; ++x) {
            const bool dark = static_cast<unsigned char>(pgm[start + static_cast<size_t>(y) * width + x]) < 128;
            run = dark ? run + 1 : 0;
            longest = std::max(longest, run);
        }
        const bool ruled = longest >= width / 4;
        lines += ruled && !previous;
        previous = ruled;
    }
    return lines;
}

TEST(Latex, BooktabsTablesWithEscapedNamesThatPdflatexCompiles) {
    TempDir dir;
    const std::string db = dir.path("c.db");
    ASSERT_LE(run_fpverify({"run", "--db", db, "--name", "paper_run & 50% {draft} #1 ~x^2", "--impl",
                            "div64.emu_halley,div64.emu_nr", "--classes", "normal,ties", "--count", "5000", "--backend",
                            "cpu", "--quiet", "--no-progress"})
                  .status,
              1);
    ASSERT_LE(run_fpverify({"run", "--db", db, "--impl", "ff_mul.dw_times_dw3,ff_add.accurate", "--classes", "all",
                            "--count", "5000", "--backend", "cpu", "--quiet", "--no-progress"})
                  .status,
              1);
    for (const std::string campaign : {"1", "2"}) {
        const std::string tex = dir.path("report" + campaign + ".tex");
        const CommandResult r =
            run_fpverify({"report", "--db", db, "--campaign", campaign, "--format", "latex", "--out", tex});
        ASSERT_EQ(r.status, 0) << r.err;
        const std::string text = testing::read_file(tex);
        for (const char* part : {"\\usepackage{booktabs}", "\\toprule", "\\midrule", "\\bottomrule"}) {
            EXPECT_TRUE(contains(text, part)) << part;
        }
        if (campaign == "1") {
            EXPECT_TRUE(contains(text, "paper\\_run \\& 50\\% \\{draft\\} \\#1 \\~{}x\\^{}2")) << text;
            EXPECT_TRUE(contains(text, "\\texttt{div64.emu\\_halley}")) << text;
            EXPECT_TRUE(contains(text, "$<$ ")) << "emu_nr's rate bound";
        } else {
            EXPECT_TRUE(contains(text, "\\texttt{ff\\_mul.dw\\_times\\_dw3}")) << text;
            EXPECT_TRUE(contains(text, "u^2") || contains(text, "u\\^{}2")) << "errors in u^2";
        }
    }
    // `make test` installs pdflatex and poppler's tools (TEST_PACKAGES in the Makefile): a missing
    // one is a failure, not a skip, so that CI compiles the document every time.
    for (const char* tool : {"pdflatex", "pdftoppm", "pdftotext"}) {
        ASSERT_EQ(std::system(("command -v " + std::string(tool) + " >/dev/null 2>&1").c_str()), 0)
            << tool << " is not installed: `make test` installs texlive-latex-base, texlive-latex-recommended "
                       "and poppler-utils (Debian)";
    }
    for (const std::string campaign : {"1", "2"}) {
        const std::string tex = dir.path("report" + campaign + ".tex");
        const std::string pdf = dir.path("report" + campaign + ".pdf");
        const CommandResult built = testing::run_command(
            "pdflatex", {"-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir.dir(), tex});
        ASSERT_EQ(built.status, 0) << built.out.substr(built.out.size() > 2000 ? built.out.size() - 2000 : 0);
        ASSERT_TRUE(testing::file_exists(pdf));
        // The words on the pages: the rows of the tables, the escaped name as typeset.
        const CommandResult text = testing::run_command("pdftotext", {"-layout", pdf, "-"});
        ASSERT_EQ(text.status, 0) << text.err;
        for (const char* row : campaign == "1" ? std::vector<const char*>{"div64.emu_halley", "div64.emu_nr", "paper_run & 50% {draft} #1"}
                                               : std::vector<const char*>{"ff_mul.dw_times_dw3", "ff_add.accurate"}) {
            EXPECT_TRUE(contains(text.out, row)) << row << " not on the pages:\n" << text.out;
        }
        // The pages as pictures: every booktabs table draws three rules across its width, rows of
        // dark pixels that no line of text makes.
        const std::string prefix = dir.path("page" + campaign);
        const CommandResult pictures = testing::run_command("pdftoppm", {"-r", "100", "-gray", pdf, prefix});
        ASSERT_EQ(pictures.status, 0) << pictures.err;
        int rules = 0;
        for (int page = 1; testing::file_exists(prefix + "-" + std::to_string(page) + ".pgm"); ++page) {
            rules += ruled_lines(testing::read_file(prefix + "-" + std::to_string(page) + ".pgm"));
        }
        const std::string source = testing::read_file(tex);
        size_t tables = 0;
        for (size_t at = source.find("\\toprule"); at != std::string::npos; at = source.find("\\toprule", at + 1)) ++tables;
        EXPECT_GE(tables, 1u);
        EXPECT_GE(rules, static_cast<int>(3 * tables)) << "campaign " << campaign << ": " << tables << " tables";
    }
}

}  // namespace
}  // namespace fpv
