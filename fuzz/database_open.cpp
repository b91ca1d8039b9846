// Fuzz target: opening a database file as fpverify does (store/store.h, store/database_file.h),
// on damaged, truncated, foreign and future-schema files. The input is written as a database
// file, with nothing beside it, and opened twice: read-only, then each campaign loaded for its
// report as `fpverify report` does (reports/campaign_report.h); and for writing an existing
// database as `resume` does, which migrates an older schema in place.
//
// A UsageError (the file is not an intact fpverify database of a schema this build reads:
// exit status 2) or a DatabaseIoError (the system failed: exit status 3) is the documented
// answer; so, for the writer alone, is SQLite's own report of damage as a SqliteError (exit
// status 3: store/sqlite_handle.h, "a writer that meets damage stops as at any failure of the
// system"). Anything else thrown, a crash, undefined behaviour or a leak is a finding.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/usage_error.h"
#include "fuzz/fuzz_support.h"
#include "reports/campaign_report.h"
#include "store/sqlite_handle.h"
#include "store/store.h"

namespace {

// The input alone as a database file: the -wal, -shm or -journal of an earlier input removed first, since
// SQLite would read them with the file.
std::string write_database(std::string_view bytes) {
    const std::string path = fpv::fuzz::scratch_dir() + "/fuzz.db";
    for (const char* suffix : {"-wal", "-shm", "-journal"}) std::filesystem::remove(path + suffix);
    return fpv::fuzz::write_scratch_file("fuzz.db", bytes);
}

template <class F>
void clean_error_or(F&& f) {
    try {
        f();
    } catch (const fpv::UsageError&) {
    } catch (const fpv::DatabaseIoError&) {
    }
}

// SQLite's messages for SQLITE_CORRUPT and SQLITE_NOTADB, the damage a writer stops at.
bool damage_met_by_writer(const fpv::SqliteError& e) {
    const std::string what = e.what();
    return what.find("database disk image is malformed") != std::string::npos ||
           what.find("file is not a database") != std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    clean_error_or([&] {
        fpv::Store store(write_database(bytes), fpv::Store::Mode::read_only);
        for (const fpv::CampaignRecord& c : store.campaigns()) {
            const fpv::CampaignReport report = fpv::load_report(store, c.id);
            fpv::render_json(report);
        }
    });
    clean_error_or([&] {
        try {
            fpv::Store store(write_database(bytes), fpv::Store::Mode::write_existing);
            for (const fpv::CampaignRecord& c : store.campaigns()) store.units(c.id);
        } catch (const fpv::SqliteError& e) {
            if (!damage_met_by_writer(e)) throw;
        }
    });
    return 0;
}
