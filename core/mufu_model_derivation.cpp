#include "core/mufu_model_derivation.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/rsqrt_approx.h"
#include "core/usage_error.h"

namespace fpv {
namespace {

double value_of_high_word(uint32_t t) {
    return std::ldexp(1.0 + (t & 0xfffffu) / 1048576.0, static_cast<int>((t >> 20) & 0x7ff) - 1023);
}

class Problems {
public:
    explicit Problems(std::vector<std::string>& out) : out_(out) {}
    void add(uint32_t entry, uint32_t word, const std::string& why) {
        if (out_.size() < 20) {
            char text[160];
            std::snprintf(text, sizeof text, "entry 0x%06x -> 0x%08x: %s", entry, word, why.c_str());
            out_.emplace_back(text);
        } else if (out_.size() == 20) {
            out_.emplace_back("...");
        }
    }

private:
    std::vector<std::string>& out_;
};

void set_bit(MufuModelDerivation& d, uint32_t entry) {
    d.correction[entry >> 6] |= uint64_t{1} << (entry & 63);
    ++d.corrected;
}

// Result mantissa = RD(2^41 / (2^20 + m)) - 2^20 + bit m.
void derive_rcp(const std::vector<uint32_t>& table, MufuModelDerivation& d) {
    Problems problems(d.problems);
    if (table[0] != 0x3ff00000u) problems.add(0, table[0], "1/1.0 is not 1.0");
    for (uint32_t m = 0; m < table.size(); ++m) {
        const uint32_t t = table[m];
        const double exact = 1048576.0 / (1048576.0 + m);
        d.max_relative_error = std::max(d.max_relative_error, std::fabs(value_of_high_word(t) - exact) / exact);
        if (m == 0) continue;
        if ((t >> 20) != 0x3fe) {
            problems.add(m, t, "exponent is not that of (1/2, 1)");
            continue;
        }
        const uint64_t rd = (uint64_t{1} << 41) / ((uint64_t{1} << 20) + m) - (uint64_t{1} << 20);
        const int64_t correction = static_cast<int64_t>(t & 0xfffffu) - static_cast<int64_t>(rd);
        if (correction == 1) {
            set_bit(d, m);
        } else if (correction != 0) {
            problems.add(m, t, "differs from RD(1/1.m) by " + std::to_string(correction) + " ulps");
        }
    }
}

// Entry parity * 2^20 + m: significand = RN(2^s / sqrt(x')) - bit, as core/rsqrt_approx.h.
void derive_rsqrt(const std::vector<uint32_t>& table, MufuModelDerivation& d) {
    Problems problems(d.problems);
    for (uint32_t entry = 0; entry < table.size(); ++entry) {
        const uint32_t parity = entry >> 20, m = entry & 0xfffffu, t = table[entry];
        const double x = (1.0 + m / 1048576.0) / (parity == 0 ? 1.0 : 2.0);
        const double exact = 1.0 / std::sqrt(x);
        d.max_relative_error = std::max(d.max_relative_error, std::fabs(value_of_high_word(t) - exact) / exact);
        if (parity == 0 && m == 0) {
            if (t != 0x3ff00000u) problems.add(entry, t, "1/sqrt(1) is not 1");
            continue;
        }
        const uint32_t field = parity == 0 ? 0x3fe : 0x3ff;
        if ((t >> 20) != field) {
            problems.add(entry, t, parity == 0 ? "exponent is not that of (1/2, 1)" : "exponent is not that of [1, 2)");
            continue;
        }
        const int64_t correction = static_cast<int64_t>(rsqrt_nearest_significand(parity, m)) -
                                   static_cast<int64_t>((t & 0xfffffu) | (1u << 20));
        if (correction == 1) {
            set_bit(d, entry);
        } else if (correction != 0) {
            problems.add(entry, t, "differs from RN(1/sqrt(x')) by " + std::to_string(-correction) + " ulps");
        }
    }
}

}  // namespace

uint32_t mufu_table_entries(MufuInstruction instruction) {
    return instruction == MufuInstruction::rcp ? 1u << 20 : 2u << 20;
}

std::vector<uint32_t> read_mufu_table(const std::string& path, MufuInstruction instruction) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot read table '" + path + "'");
    std::vector<uint32_t> table(mufu_table_entries(instruction));
    std::vector<unsigned char> bytes(table.size() * 4 + 1);
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (static_cast<size_t>(in.gcount()) != table.size() * 4) {
        throw UsageError("table '" + path + "' must hold exactly " + std::to_string(table.size()) +
                         " 32-bit words (" + (instruction == MufuInstruction::rcp ? "rcp" : "rsqrt") + ")");
    }
    for (size_t i = 0; i < table.size(); ++i) {
        table[i] = static_cast<uint32_t>(bytes[4 * i]) | static_cast<uint32_t>(bytes[4 * i + 1]) << 8 |
                   static_cast<uint32_t>(bytes[4 * i + 2]) << 16 | static_cast<uint32_t>(bytes[4 * i + 3]) << 24;
    }
    return table;
}

MufuModelDerivation derive_mufu_model(const std::vector<uint32_t>& table, MufuInstruction instruction) {
    MufuModelDerivation d;
    d.instruction = instruction;
    if (table.size() != mufu_table_entries(instruction)) {
        d.problems.emplace_back("the table has " + std::to_string(table.size()) + " entries, not " +
                                std::to_string(mufu_table_entries(instruction)));
        return d;
    }
    d.correction.assign(table.size() / 64, 0);
    if (instruction == MufuInstruction::rcp) {
        derive_rcp(table, d);
    } else {
        derive_rsqrt(table, d);
    }
    return d;
}

std::string mufu_model_source(const MufuModelDerivation& model, const std::string& provenance) {
    const bool rcp = model.instruction == MufuInstruction::rcp;
    std::ostringstream o;
    if (rcp) {
        o << "// Generated by `fpverify mufu-model`; do not edit. The correction bit of each mantissa m of\n"
             "// rcp.approx.ftz.f64 on sm_90 (see core/rcp_approx.h and docs/rcp_approx_model.md):\n"
             "// result mantissa = RD(2^41 / (2^20 + m)) - 2^20 + bit m.\n";
    } else {
        o << "// Generated by `fpverify mufu-model --instruction rsqrt`; do not edit. The correction bit of\n"
             "// each mantissa m and exponent parity p of rsqrt.approx.ftz.f64 on sm_90 (see\n"
             "// core/rsqrt_approx.h and docs/rsqrt_approx_model.md): result significand =\n"
             "// RN(2^s / sqrt(x')) - bit (p * 2^20 + m), x' = 1.m (p = 0) or 1.m / 2 (p = 1).\n";
    }
    std::istringstream lines(provenance);
    for (std::string line; std::getline(lines, line);) o << "// " << line << "\n";
    char stats[160];
    std::snprintf(stats, sizeof stats, "// %u of %zu entries corrected; maximum relative error 2^%.3f.\n",
                  model.corrected, model.correction.size() * 64, std::log2(model.max_relative_error));
    o << stats << (rcp ? "#include \"core/rcp_approx.h\"\n" : "#include \"core/rsqrt_approx.h\"\n")
      << "\nnamespace fpv {\n\n"
      << (rcp ? "const uint64_t kRcpSm90Correction[kRcpCorrectionWords] = {\n"
              : "const uint64_t kRsqrtSm90Correction[kRsqrtCorrectionWords] = {\n");
    for (size_t i = 0; i < model.correction.size(); ++i) {
        char word[24];
        std::snprintf(word, sizeof word, "0x%016llx,", static_cast<unsigned long long>(model.correction[i]));
        o << (i % 4 == 0 ? "    " : " ") << word << (i % 4 == 3 ? "\n" : "");
    }
    o << "};\n\n}  // namespace fpv\n";
    return o.str();
}

}  // namespace fpv
