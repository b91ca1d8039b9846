// The host versions of CUDA's intrinsics against CUDA's documented semantics, worked by hand;
// `make gpu-test` compares them with the GPU's own.
#include <gtest/gtest.h>

#include "core/bit_intrinsics.h"

namespace fpv {
namespace {

TEST(Intrinsics, BytePermFollowsCudasDocumentedIndexing) {
    // Bytes 0..3 come from x (least significant first), 4..7 from y.
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x3210u), 0x11223344u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x7654u), 0x55667788u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x0123u), 0x44332211u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x7210u), 0x55223344u);  // the f2d selector
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x4444u), 0x88888888u);
    // Only bits 2:0 of each selector nibble count, and the upper 16 bits not at all.
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0xabcd8888u), 0x44444444u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0xfedcba98u), byte_perm(0x11223344u, 0x55667788u, 0x3210u));
}

TEST(Intrinsics, HiLoIntToDoubleConcatenatesTheWords) {
    EXPECT_EQ(hiloint2double(0x3ff00000u, 0u), 1.0);
    EXPECT_EQ(hiloint2double(0xc0000000u, 0u), -2.0);
    EXPECT_EQ(bits_of(hiloint2double(0x7ff80000u, 0xdeadbeefu)), 0x7ff80000deadbeefull);  // payload kept
    EXPECT_EQ(bits_of(hiloint2double(0x00000000u, 0x00000001u)), 1ull);  // the least subnormal
}

}  // namespace
}  // namespace fpv
