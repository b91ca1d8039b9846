// Deriving the compact host models of the GPU's approximate reciprocal instructions from dumps
// of their results (the tables `fpverify mufu-dump` writes): rcp.approx.ftz.f64 from the 2^20
// mantissas of [1, 2), rsqrt.approx.ftz.f64 from those of [1, 2) and [1/2, 1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fpv {

enum class MufuInstruction { rcp, rsqrt };

struct MufuModelDerivation {
    MufuInstruction instruction = MufuInstruction::rcp;
    std::vector<uint64_t> correction;  // one bit per table entry, as the k*Sm90Correction arrays
    uint32_t corrected = 0;            // entries whose correction bit is 1
    double max_relative_error = 0;     // of the dumped results against the exact function
    std::vector<std::string> problems; // entries the model's structure cannot express
};

// The number of 32-bit high words in an instruction's table.
uint32_t mufu_table_entries(MufuInstruction instruction);

// Reads a table of little-endian uint32 high words of the instruction's size. Throws UsageError.
std::vector<uint32_t> read_mufu_table(const std::string& path, MufuInstruction instruction);

MufuModelDerivation derive_mufu_model(const std::vector<uint32_t>& table, MufuInstruction instruction);

// The C++ source defining the correction array, with `provenance` in its header comment.
std::string mufu_model_source(const MufuModelDerivation& model, const std::string& provenance);

}  // namespace fpv
