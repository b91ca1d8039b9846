#include "model/failure_map.h"

#include <stdexcept>

namespace fpv {

std::string axis_title(const MapAxis& axis, const OpInfo& op) {
    const std::string name(op.operands[static_cast<size_t>(axis.operand)].name);
    switch (axis.feature) {
        case MapFeature::leading_bits: return name + ": leading fraction bits";
        case MapFeature::hi_lo_gap: return name + ": exponent gap hi - lo";
        case MapFeature::exponent_range: return name + (axis.format == Format::pair32 ? " (hi)" : "") + ": binades";
        case MapFeature::entry_row: return "row modulo 32";
        case MapFeature::entry_column: return "column modulo 32";
    }
    return name;
}

std::string bucket_label(const MapAxis& axis, int bucket) {
    switch (axis.feature) {
        case MapFeature::leading_bits: {
            std::string bits = "1.";
            for (int i = 4; i >= 0; --i) bits += (bucket >> i & 1) ? '1' : '0';
            return bits;
        }
        case MapFeature::hi_lo_gap:
            if (bucket == 0) return "<=" + std::to_string(kGapBelow);
            if (bucket == kMapSide - 1) return "lo=0";
            if (bucket == kMapSide - 2) return ">=" + std::to_string(kGapBelow + kMapSide - 2);
            return std::to_string(kGapBelow + bucket);
        case MapFeature::exponent_range: {
            // Bucket k holds exponent fields [k * span, (k + 1) * span): field f is 2^(f - bias),
            // field 0 holds zero and the subnormals, the last field infinities and NaNs.
            const bool wide = axis.format == Format::binary64;
            const int span = wide ? 64 : 8, bias = wide ? 1023 : 127;
            const int first = bucket * span - bias, last = (bucket + 1) * span - 1 - bias;
            return "2^" + std::to_string(first) + "..2^" + std::to_string(last);
        }
        case MapFeature::entry_row:
        case MapFeature::entry_column: break;
    }
    return std::to_string(bucket);
}

void FailureMap::merge(const FailureMap& other) {
    if (other.empty()) return;
    if (empty()) {
        *this = other;
        return;
    }
    for (size_t i = 0; i < tested.size(); ++i) {
        tested[i] += other.tested[i];
        failed[i] += other.failed[i];
    }
}

uint64_t FailureMap::total_tested() const {
    uint64_t n = 0;
    for (uint64_t c : tested) n += c;
    return n;
}

uint64_t FailureMap::total_failed() const {
    uint64_t n = 0;
    for (uint64_t c : failed) n += c;
    return n;
}

std::vector<StatisticRow> FailureMap::rows() const {
    std::vector<StatisticRow> out;
    for (size_t cell = 0; cell < tested.size(); ++cell) {
        if (tested[cell] != 0) {
            out.push_back({static_cast<int64_t>(cell), static_cast<int64_t>(tested[cell]), static_cast<int64_t>(failed[cell])});
        }
    }
    return out;
}

void FailureMap::add_row(std::span<const int64_t> row) {
    if (row.size() != 3 || row[0] < 0 || row[0] >= kMapCells || row[1] < 0 || row[2] < 0 || row[2] > row[1]) {
        throw std::invalid_argument("malformed failure_map row");
    }
    add(static_cast<int>(row[0]), static_cast<uint64_t>(row[1]), static_cast<uint64_t>(row[2]));
}

bool FailureMap::operator==(const FailureMap& other) const {
    if (empty() || other.empty()) return total_tested() == 0 && other.total_tested() == 0;
    return tested == other.tested && failed == other.failed;
}

}  // namespace fpv
