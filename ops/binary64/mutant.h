// What the mutants of every op share (ops/<op>/mutants.h): a mutant is a shipped impl's code
// with one bug planted, run on the CPU only, named and described by its own spec and held to
// its parent's claims (ops/catalogue.cpp). Each op keeps only what is its own: the bug, the
// call that plants it, and the spec that names it.
#pragma once

#include <cstdint>

#include "core/impl_traits.h"

namespace fpv::binary64_emulation {

// Parent's code with a planted bug: kRun, the op's emulation instantiated with the bug on.
// The spec is a reference because ImplSpec, holding string_views, cannot be a template value.
template <class Parent, const ImplSpec& kSpec, auto kRun>
struct Mutant : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kSpec;
    template <class... Word>
    FPV_HD static uint64_t run(Word... words) {
        return kRun(words...);
    }
};

}  // namespace fpv::binary64_emulation
