// `fpverify prove-div64`: runs the per-cell proof of ops/div64/proof.h for one of the one-Halley
// divisions and, with a database, checks that every stored failure of that impl lies in a cell
// the proof lists (docs/div64_proof.md).
#pragma once

#include <ostream>
#include <string>

namespace fpv {

struct ProveDiv64Options {
    std::string impl = "div64.emu_halley_fixed";
    size_t shown = 10;       // failing cells printed
    std::string cells_out;   // where to write every failing cell, one a line ("" for nowhere)
    std::string check_db;    // an fpverify database whose stored failures to place ("" for none)
};

// Returns 0 when every cell is proved and every stored failure (if any) lies in a listed cell,
// 1 when cells fail or a stored failure lies outside them. Throws UsageError on a bad impl.
int prove_div64(const ProveDiv64Options& options, std::ostream& out);

}  // namespace fpv
