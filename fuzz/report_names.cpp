// Fuzz target: the report writers (reports/campaign_report.h) given names of any bytes. A stored
// campaign is loaded once, as `fpverify report` loads it, from the seed database of the
// database_open corpus; each input then renames what a report shows from users and files, the
// campaign's name, host, notes and command line, and every impl and class (an impl this build
// lacks, as a database written by a build with a plug-in holds), and the report is rendered in
// Markdown, HTML, JSON and LaTeX.
//
// Beyond a crash, undefined behaviour or a leak, a finding is: JSON that does not parse, or a
// valid UTF-8 campaign name that does not come back from it unchanged (json_text.h: invalid
// UTF-8 becomes U+FFFD); HTML that holds an element the page never writes itself (<script>,
// <img>, <iframe>: a name escaped too little).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_support.h"
#include "model/text_format.h"
#include "reports/campaign_report.h"
#include "store/store.h"

namespace {

// The campaign every input renames, loaded once: from the seed database, or the one
// FPV_FUZZ_REPORT_DB names.
const fpv::CampaignReport* loaded = nullptr;

bool has_element(const std::string& html, const std::string& tag) {
    std::string lower(html.size(), '\0');
    std::transform(html.begin(), html.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.find("<" + tag) != std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const char* given = std::getenv("FPV_FUZZ_REPORT_DB");
    const std::string path = given != nullptr ? given : "fuzz/corpus/database_open/campaign_v9";
    try {
        // A copy is opened: a reader of a WAL database leaves its -wal and -shm beside it, which
        // must not land among the seeds.
        std::ifstream seed(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(seed)), std::istreambuf_iterator<char>());
        if (!seed) throw std::runtime_error("cannot read it");
        fpv::Store store(fpv::fuzz::write_scratch_file("report.db", bytes), fpv::Store::Mode::read_only);
        loaded = new fpv::CampaignReport(fpv::load_report(store, store.latest_campaign(false)));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "report_names: cannot load the campaign of %s (run from the repository root): %s\n",
                     path.c_str(), e.what());
        std::exit(1);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzedDataProvider input(data, size);
    fpv::CampaignReport report = *loaded;
    fpv::CampaignSpec& spec = report.campaign.spec;
    spec.name = input.ConsumeRandomLengthString();
    report.campaign.host = input.ConsumeRandomLengthString();
    report.campaign.notes = input.ConsumeRandomLengthString();
    spec.command_line = input.ConsumeRandomLengthString();
    for (fpv::ImplSummary& s : report.impls) {
        const std::string old = s.impl;
        s.impl = input.ConsumeRandomLengthString();
        s.info = nullptr;
        std::replace(spec.impls.begin(), spec.impls.end(), old, s.impl);
        for (fpv::UnitState& u : report.units) {
            if (u.impl == old) u.impl = s.impl;
        }
    }
    for (std::string& c : spec.classes) {
        const std::string old = c;
        c = input.ConsumeRandomLengthString();
        for (fpv::UnitState& u : report.units) {
            if (u.input_class == old) u.input_class = c;
        }
        for (fpv::ImplSummary& s : report.impls) {
            if (s.worst_class == old) s.worst_class = c;
            if (s.outside_worst_class == old) s.outside_worst_class = c;
        }
    }

    const std::string json = fpv::render_json(report);
    const nlohmann::json parsed = nlohmann::json::parse(json);  // throws, and so fails, on invalid JSON
    if (fpv::is_valid_utf8(spec.name) && parsed.at("campaign").at("name").get<std::string>() != spec.name) {
        std::abort();
    }
    const std::string html = fpv::render_html(report);
    if (has_element(html, "script") || has_element(html, "img") || has_element(html, "iframe")) std::abort();
    fpv::render_markdown(report);
    fpv::render_latex(report);
    return 0;
}
