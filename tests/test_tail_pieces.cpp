// The end of a GPU backend's range is shared equally among its GPUs (verifier/gpu/tail_pieces.h),
// checked by sending ranges batch by batch to GPUs in turn, as the backend does.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "verifier/gpu/tail_pieces.h"

namespace fpv {
namespace {

struct Sent {
    std::vector<uint64_t> per_device;
    uint64_t largest = 0, batches = 0, pieces = 0;
};

Sent send(uint64_t range, uint64_t batch, uint64_t devices) {
    Sent s;
    s.per_device.assign(devices, 0);
    uint64_t tail = 0;
    for (uint64_t next = 0; next < range; ++s.batches) {
        if (tail == 0) tail = tail_piece(s.batches, range - next, batch, devices);
        const uint64_t count = std::min(tail != 0 ? tail : batch, range - next);
        s.per_device[s.batches % devices] += count;
        s.largest = std::max(s.largest, count);
        s.pieces += tail != 0;
        next += count;
    }
    return s;
}

TEST(TailPieces, EveryGpuGetsTheSameShareWithinOnePieceAndNoPieceExceedsABatch) {
    for (uint64_t devices : {2, 3, 4, 8}) {
        for (uint64_t batch : {1, 7, 4096, 1 << 27}) {
            for (uint64_t range : {uint64_t{1}, uint64_t{5}, batch, 2 * batch + 1, 7 * batch - 3, 29 * batch + batch / 2,
                                   batch * devices * 5, uint64_t{1000003} * batch}) {
                const Sent s = send(range, batch, devices);
                const auto [low, high] = std::minmax_element(s.per_device.begin(), s.per_device.end());
                uint64_t total = 0;
                for (uint64_t n : s.per_device) total += n;
                const std::string where = std::to_string(range) + " inputs, batches of " + std::to_string(batch) +
                                          ", " + std::to_string(devices) + " GPUs";
                EXPECT_EQ(total, range) << where;
                EXPECT_LE(s.largest, batch) << where;
                // Whole batches would leave a GPU up to a batch behind. The cut leaves what its
                // rounding leaves: under a piece a GPU, within one piece where batches are tiny.
                EXPECT_LE(*high - *low, batch >= 4096 ? 2 * devices : batch) << where;
                EXPECT_LE(s.pieces, 2 * devices) << where;
            }
        }
    }
}

TEST(TailPieces, TheRangeOfTheTracedRunEndsEvenly) {
    // 29.5 batches on two GPUs: whole batches gave GPU 0 fifteen and GPU 1 fourteen and a half,
    // the fma campaign's measured 1.7 s of one GPU idle (BENCHMARKS.md, issue 26).
    const uint64_t batch = uint64_t{1} << 27;
    const Sent s = send(29 * batch + batch / 2, batch, 2);
    EXPECT_EQ(s.per_device[0], s.per_device[1]);
}

TEST(TailPieces, OneGpuOrAFullRangeAheadKeepsWholeBatches) {
    EXPECT_EQ(tail_piece(0, 100, 10, 1), 0u);
    EXPECT_EQ(tail_piece(0, 41, 10, 2), 0u);    // more than two batches a GPU left
    EXPECT_EQ(tail_piece(1, 30, 10, 2), 0u);    // GPU 1 is owed a batch first
    EXPECT_EQ(tail_piece(2, 30, 10, 2), 8u);    // two pieces a GPU: 8, 8, 8, 6
    EXPECT_EQ(tail_piece(4, 20, 10, 2), 10u);   // one piece a GPU
    EXPECT_EQ(tail_piece(4, 15, 10, 2), 8u);
}

}  // namespace
}  // namespace fpv
