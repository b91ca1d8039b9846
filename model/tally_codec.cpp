#include "model/tally_codec.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace fpv {
namespace {

using nlohmann::json;

json records(const std::vector<FailureRecord>& list) {
    json out = json::array();
    for (const FailureRecord& r : list) {
        out.push_back({r.index, r.input.a, r.input.b, r.input.c, r.result, r.expected, r.error,
                       static_cast<int>(r.category)});
    }
    return out;
}

std::vector<FailureRecord> records_of(const json& list) {
    std::vector<FailureRecord> out;
    for (const json& r : list) {
        FailureRecord f;
        f.index = r.at(0).get<uint64_t>();
        f.input = {r.at(1).get<uint64_t>(), r.at(2).get<uint64_t>(), r.at(3).get<uint64_t>()};
        f.result = r.at(4).get<uint64_t>();
        f.expected = r.at(5).get<uint64_t>();
        f.error = r.at(6).get<double>();
        f.category = static_cast<Category>(r.at(7).get<int>());
        out.push_back(f);
    }
    return out;
}

json bins(const Histogram& h) {
    json out = json::array();
    h.for_each([&](int bin, uint64_t count) { out.push_back({bin, count}); });
    return out;
}

Histogram bins_of(const json& list) {
    Histogram h;
    for (const json& b : list) h.add(b.at(0).get<int>(), b.at(1).get<uint64_t>());
    return h;
}

// Each statistic as its rows and its unit column's value (model/statistic.h), under its table.
json statistics_json(const Tally& t) {
    json out = json::object();
    std::apply([&](const auto&... s) {
        ((out[std::string(statistic_name(s))] = {{"rows", s.rows()}, {"unit", unit_value_of(s)}}), ...);
    }, t.statistics());
    return out;
}

void read_statistics(const json& j, Tally& t) {
    std::apply([&](auto&... s) {
        const auto read = [&j](auto& statistic) {
            const json& part = j.at(std::string(statistic_name(statistic)));
            for (const json& row : part.at("rows")) statistic.add_row(row.get<StatisticRow>());
            set_unit_value_of(statistic, part.at("unit").get<int64_t>());
        };
        (read(s), ...);
    }, t.statistics());
}

}  // namespace

std::vector<uint8_t> encode_tally(const Tally& t) {
    const json j = {{"tested", t.tested},
                    {"by_category", t.by_category},
                    {"error_histogram", bins(t.error_histogram)},
                    {"worst", records(t.worst)},
                    {"outside_histogram", bins(t.outside_histogram)},
                    {"outside_worst", records(t.outside_worst)},
                    {"failures", records(t.failures)},
                    {"reference_disagreements", t.reference_disagreements},
                    {"disagreements", records(t.disagreements)},
                    {"statistics", statistics_json(t)}};
    return json::to_msgpack(j);
}

Tally decode_tally(const std::vector<uint8_t>& bytes) {
    try {
        const json j = json::from_msgpack(bytes);
        Tally t;
        t.tested = j.at("tested").get<uint64_t>();
        t.by_category = j.at("by_category").get<decltype(t.by_category)>();
        t.error_histogram = bins_of(j.at("error_histogram"));
        t.worst = records_of(j.at("worst"));
        t.outside_histogram = bins_of(j.at("outside_histogram"));
        t.outside_worst = records_of(j.at("outside_worst"));
        t.failures = records_of(j.at("failures"));
        t.reference_disagreements = j.at("reference_disagreements").get<uint64_t>();
        t.disagreements = records_of(j.at("disagreements"));
        read_statistics(j.at("statistics"), t);
        return t;
    } catch (const json::exception& e) {
        throw std::runtime_error(std::string("malformed tally from another rank: ") + e.what());
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(std::string("malformed tally from another rank: ") + e.what());
    }
}

}  // namespace fpv
