// A Tally as bytes (MessagePack), for the ranks of an MPI job to send to rank 0. Decoding
// gives back a Tally equal to the encoded one, errors and all, bit for bit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/tally.h"

namespace fpv {

std::vector<uint8_t> encode_tally(const Tally& tally);
Tally decode_tally(const std::vector<uint8_t>& bytes);  // throws std::runtime_error if malformed

}  // namespace fpv
