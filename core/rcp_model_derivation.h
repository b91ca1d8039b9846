// Deriving the compact host model of rcp.approx.ftz.f64 from a dump of the instruction's results
// for the 2^20 mantissas of [1, 2) (the table `fpverify mufu-dump` writes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fpv {

struct RcpModelDerivation {
    std::vector<uint64_t> correction;  // 2^20 bits, as kRcpSm90Correction
    uint32_t corrected = 0;            // mantissas whose correction bit is 1
    double max_relative_error = 0;     // of the dumped results against 1/1.m
    std::vector<std::string> problems; // entries the model's structure cannot express
};

// Reads a table of 2^20 little-endian uint32 high words. Throws UsageError.
std::vector<uint32_t> read_rcp_table(const std::string& path);

RcpModelDerivation derive_rcp_model(const std::vector<uint32_t>& table);

// The C++ source defining kRcpSm90Correction, with `provenance` in its header comment.
std::string rcp_model_source(const RcpModelDerivation& model, const std::string& provenance);

}  // namespace fpv
