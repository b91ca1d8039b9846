// JSON as every JSON document of fpverify writes it (the report, the comparison, query rows).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace fpv {

// A number; JSON has none for infinity, so a non-finite one is the string "inf" or "-inf" (NaN:
// null), the one spelling of every JSON output (docs/report-json.md).
nlohmann::json json_number(double value);

// The document as text, indented by two spaces, with a final newline. Text from users and files
// (campaign names, command lines, hosts, paths) that is not valid UTF-8 is written with U+FFFD
// for each invalid byte, so that the document stays valid JSON: any database may hold such bytes.
std::string json_text(const nlohmann::json& document);

}  // namespace fpv
