// The LaTeX report: booktabs tables with every impl's row, names escaped, and a document that
// pdflatex compiles without an error where it is installed (Debian's texlive-latex-base and
// texlive-latex-recommended; skipped with a note elsewhere).
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

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
    if (std::system("command -v pdflatex >/dev/null 2>&1") != 0) {
        GTEST_SKIP() << "pdflatex not installed (Debian's texlive-latex-base and texlive-latex-recommended); the "
                        "tables were checked, not compiled";
    }
    for (const std::string campaign : {"1", "2"}) {
        const CommandResult pdf = testing::run_command(
            "pdflatex", {"-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir.dir(),
                         dir.path("report" + campaign + ".tex")});
        EXPECT_EQ(pdf.status, 0) << pdf.out.substr(pdf.out.size() > 2000 ? pdf.out.size() - 2000 : 0);
        EXPECT_TRUE(testing::file_exists(dir.path("report" + campaign + ".pdf")));
    }
}

}  // namespace
}  // namespace fpv
