// How the GPU backend cuts the end of a range among its GPUs. Batches go to the GPUs in turn
// and every range ends with a wait for all of them (a unit's round, a campaign's end), so the
// last batches decide how long the others sit idle: cut equally, they finish together.
#pragma once

#include <cstdint>

namespace fpv {

// The size of every batch from here to the range's end, or 0 to keep sending whole batches.
// Asked before each batch: `sent` batches of this range so far, `left` inputs to go, `batch`
// the size a whole batch would have, `devices` GPUs in turn. From a point where every GPU has
// had as many batches as the others (sent a multiple of devices) and at most two batches a GPU
// are left, the rest is cut into one or two equal pieces a GPU, none larger than a batch.
inline uint64_t tail_piece(uint64_t sent, uint64_t left, uint64_t batch, uint64_t devices) {
    if (devices < 2 || batch == 0 || left == 0 || sent % devices != 0 || left > 2 * devices * batch) return 0;
    const uint64_t round = devices * batch;
    const uint64_t pieces = devices * ((left + round - 1) / round);
    return (left + pieces - 1) / pieces;
}

}  // namespace fpv
