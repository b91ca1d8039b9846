#include "verifier/mpi/job.h"

// The C API only: OpenMPI's deprecated C++ bindings would need libmpi_cxx.
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "model/tally_codec.h"

namespace fpv {
namespace {

// What rank 0 asks of every rank, broadcast before each chunk.
struct Request {
    int32_t kind = 0;  // kJudge or kEnd
    int32_t unit = 0;  // ordinal, or the exit status with kEnd
    uint64_t begin = 0, end = 0;
};
constexpr int32_t kJudge = 1, kEnd = 2;

void check(int code, const char* what) {
    if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// A rank's answer: a leading 0 and its tally, or a leading 1 and what went wrong.
std::vector<uint8_t> judge_part(Backend& local, const UnitWork& work, uint64_t begin, uint64_t end) {
    try {
        Tally part;
        if (begin < end) {
            local.run(work, begin, end, [&](uint64_t, uint64_t, Tally&& batch) {
                part.merge(batch, work.limits);
                return true;
            });
        }
        std::vector<uint8_t> bytes = encode_tally(part);
        bytes.insert(bytes.begin(), 0);
        return bytes;
    } catch (const std::exception& e) {
        const std::string what = e.what();
        std::vector<uint8_t> bytes(what.begin(), what.end());
        bytes.insert(bytes.begin(), 1);
        return bytes;
    }
}

// Gathers every rank's answer at rank 0, in rank order (empty elsewhere).
std::vector<std::vector<uint8_t>> gather(const MpiJob& job, const std::vector<uint8_t>& mine) {
    const int size = static_cast<int>(mine.size());
    std::vector<int> sizes(job.rank() == 0 ? job.size() : 0);
    check(MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD), "gathering sizes");
    std::vector<int> offsets(sizes.size(), 0);
    int total = 0;
    for (size_t r = 0; r < sizes.size(); ++r) {
        offsets[r] = total;
        total += sizes[r];
    }
    std::vector<uint8_t> all(static_cast<size_t>(total));
    check(MPI_Gatherv(mine.data(), size, MPI_BYTE, all.data(), sizes.data(), offsets.data(), MPI_BYTE, 0,
                      MPI_COMM_WORLD),
          "gathering tallies");
    std::vector<std::vector<uint8_t>> answers;
    for (size_t r = 0; r < sizes.size(); ++r) {
        answers.emplace_back(all.begin() + offsets[r], all.begin() + offsets[r] + sizes[r]);
    }
    return answers;
}

}  // namespace

MpiJob::MpiJob() {
    int provided = 0;
    // Only the main thread talks MPI; OpenMP threads and the lease's heartbeat do not.
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm here;
    check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &here), "MPI_Comm_split_type");
    MPI_Comm_size(here, &ranks_here_);
    MPI_Comm_free(&here);
}

MpiJob::~MpiJob() { MPI_Finalize(); }

void MpiJob::broadcast(std::string& text) {
    uint64_t length = text.size();
    check(MPI_Bcast(&length, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD), "broadcast");
    text.resize(length);
    check(MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, 0, MPI_COMM_WORLD), "broadcast");
}

void rank_part(uint64_t begin, uint64_t end, int rank, int ranks, uint64_t& part_begin, uint64_t& part_end) {
    const auto at = [&](int r) {
        return begin + static_cast<uint64_t>(static_cast<unsigned __int128>(end - begin) * static_cast<unsigned>(r) /
                                             static_cast<unsigned>(ranks));
    };
    part_begin = at(rank);
    part_end = at(rank + 1);
}

MpiBackend::MpiBackend(MpiJob& job, Backend& local)
    : job_(job), local_(local), chunk_((uint64_t{1} << 16) * static_cast<uint64_t>(job.size())) {}

std::string MpiBackend::describe() const {
    return "MPI, " + std::to_string(job_.size()) + " ranks; rank 0: " + local_.describe();
}

void MpiBackend::run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) {
    const uint64_t smallest = (uint64_t{1} << 14) * static_cast<uint64_t>(job_.size());
    for (uint64_t at = begin; at < end;) {
        Request request{kJudge, work.unit, at, at + std::min(chunk_, end - at)};
        check(MPI_Bcast(&request, sizeof request, MPI_BYTE, 0, MPI_COMM_WORLD), "broadcast");
        const auto started = std::chrono::steady_clock::now();
        uint64_t part_begin = 0, part_end = 0;
        rank_part(request.begin, request.end, 0, job_.size(), part_begin, part_end);
        const std::vector<std::vector<uint8_t>> answers = gather(job_, judge_part(local_, work, part_begin, part_end));
        // Parts in rank order are parts in index order: the merge keeps the lowest indices.
        Tally merged;
        for (size_t r = 0; r < answers.size(); ++r) {
            const std::vector<uint8_t>& a = answers[r];
            if (a.empty() || a.front() != 0) {
                throw std::runtime_error("rank " + std::to_string(r) + ": " +
                                         (a.empty() ? std::string("no answer") : std::string(a.begin() + 1, a.end())));
            }
            merged.merge(decode_tally(std::vector<uint8_t>(a.begin() + 1, a.end())), work.limits);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        // Chunks of one to four seconds: commits stay rare, and a stop or a time budget is
        // honoured within seconds.
        if (seconds < 1.0 && request.end - at == chunk_) chunk_ *= 2;
        if (seconds > 4.0 && chunk_ > smallest) chunk_ /= 2;
        const uint64_t stop = request.end;
        if (!done(at, stop, std::move(merged))) return;
        at = stop;
    }
}

void MpiBackend::end_work(int exit_status) {
    if (ended_) return;
    ended_ = true;
    Request request{kEnd, exit_status, 0, 0};
    check(MPI_Bcast(&request, sizeof request, MPI_BYTE, 0, MPI_COMM_WORLD), "broadcast");
}

int serve_mpi_rank(MpiJob& job, Backend& local, const std::vector<UnitWork>& works) {
    for (;;) {
        Request request;
        check(MPI_Bcast(&request, sizeof request, MPI_BYTE, 0, MPI_COMM_WORLD), "broadcast");
        if (request.kind == kEnd) return request.unit;
        if (request.unit < 0 || static_cast<size_t>(request.unit) >= works.size()) {
            throw std::runtime_error("rank 0 asked for unit " + std::to_string(request.unit) + ", which is not there");
        }
        uint64_t part_begin = 0, part_end = 0;
        rank_part(request.begin, request.end, job.rank(), job.size(), part_begin, part_end);
        gather(job, judge_part(local, works[static_cast<size_t>(request.unit)], part_begin, part_end));
    }
}

}  // namespace fpv
