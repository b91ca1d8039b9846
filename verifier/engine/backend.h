// Where implementations are evaluated. A backend judges a range of a unit's inputs in batches
// and hands each finished batch's tally to the engine, in index order, so the engine can
// commit it with the new checkpoint.
#pragma once

#include <functional>
#include <string>

#include "core/impl_traits.h"
#include "model/input_set.h"
#include "model/tally.h"
#include "reference/reference_mode.h"

namespace fpv {

struct UnitWork {
    const ImplInfo& impl;
    const InputSet& inputs;
    TallyLimits limits;
    ReferenceMode reference = ReferenceMode::mpfr;
    bool strict_nan = false;
    int unit = -1;                  // the unit's ordinal in its campaign
    const Tally* so_far = nullptr;  // what the unit judged before: a GPU starts from its worst lists
};

// A result the GPU hands the host to judge, with the index of its input.
struct IndexedResult {
    uint64_t index = 0, result = 0;
};

// Receives the tally of inputs [begin, end) once they are all judged. Returning false asks the
// backend to stop after this batch.
using BatchDone = std::function<bool(uint64_t begin, uint64_t end, Tally&& batch)>;

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string describe() const = 0;
    virtual void run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) = 0;
    // Throws UsageError where this backend cannot judge `impl` on `inputs` at all (a product
    // larger than a GPU holds, a library the impl needs too old or overridden), so that a
    // campaign is refused before it is written or resumed. By default every unit can run.
    virtual void check_runnable(const ImplInfo& impl, const InputSet& inputs) const {
        (void)impl;
        (void)inputs;
    }
    // Seconds the GPU and the host each spent waiting for the other (zero on the CPU).
    virtual double gpu_wait_seconds() const { return 0; }
    virtual double host_wait_seconds() const { return 0; }

    // `stop` (empty: none) is asked while a batch longer than about a second is judged; once it
    // says true, the backend hands over the inputs judged so far as a shorter batch (a batch's
    // tally does not depend on where batches end), so that a stop is honoured within about a
    // second however large --batch is. A backend whose batches are short anyway may ignore it.
    void stop_early_when(std::function<bool()> stop) { stop_early_ = std::move(stop); }

protected:
    bool asked_to_stop_early() const { return stop_early_ && stop_early_(); }

private:
    std::function<bool()> stop_early_;
};

}  // namespace fpv
