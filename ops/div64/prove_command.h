// `fpverify prove-div64`, a command div64 offers (core/op_command.h): runs the per-cell proof of
// ops/div64/proof.h for one of the one-Halley divisions and, with a database, checks that every
// stored failure of that impl lies in a cell the proof lists (docs/div64_proof.md).
#pragma once

#include <array>
#include <ostream>
#include <string_view>

#include "core/op_command.h"

namespace fpv::div64 {

struct ProveCommand {
    static constexpr std::string_view name = "prove-div64";
    static constexpr std::string_view summary =
        "prove, seed cell by seed cell, that a one-Halley emulated division rounds correctly";
    static constexpr std::array<OpCommandOption, 4> options{{
        {"--impl", "div64.emu_halley_fixed | div64.emu_halley", "div64.emu_halley_fixed"},
        {"--show", "failing cells to print", "10"},
        {"--cells-out", "write every failing cell to this file", ""},
        {"--check-db", "check that the impl's stored failures lie in failing cells", ""},
    }};
    // 0 when every cell is proved and every stored failure (if any) lies in a listed cell, 1 when
    // cells fail or a stored failure lies outside them. Throws UsageError on a bad impl.
    static int run(const OpCommandArgs& args, std::ostream& out);
};

}  // namespace fpv::div64
