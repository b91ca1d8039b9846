// A campaign across the ranks of an MPI job (`mpirun -n R fpverify run --mpi ...`). Rank 0
// owns the database: it splits each batch's index range among the ranks, judges its own part,
// gathers the others' tallies, merges them in index order and commits. The other ranks judge
// what rank 0 asks until it says the work is over. Builds without MPI (no mpicxx on the build
// machine) link verifier/mpi/absent.cpp, whose MpiJob refuses with a clear message.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "verifier/engine/backend.h"

namespace fpv {

class MpiJob {
public:
    MpiJob();   // MPI_Init; throws UsageError when this fpverify was built without MPI
    ~MpiJob();  // MPI_Finalize
    MpiJob(const MpiJob&) = delete;
    MpiJob& operator=(const MpiJob&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }
    int ranks_on_this_host() const { return ranks_here_; }
    // Rank 0's text to every rank (rank 0 passes it, the others receive it).
    void broadcast(std::string& text);

private:
    int rank_ = 0, size_ = 1, ranks_here_ = 1;
};

// Rank 0's backend: every range it is asked to judge goes in chunks to all ranks, rank 0's
// part to `local`. end_work() tells the other ranks to return `exit_status`.
class MpiBackend : public Backend {
public:
    MpiBackend(MpiJob& job, Backend& local);
    std::string describe() const override;
    void run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) override;
    double gpu_wait_seconds() const override { return local_.gpu_wait_seconds(); }
    double host_wait_seconds() const override { return local_.host_wait_seconds(); }
    void end_work(int exit_status);

private:
    MpiJob& job_;
    Backend& local_;
    uint64_t chunk_;
    bool ended_ = false;
};

// The other ranks: judge the parts rank 0 asks for, of the units in `works` (by ordinal),
// with `local`, until rank 0 ends the work; returns the exit status it sends.
int serve_mpi_rank(MpiJob& job, Backend& local, const std::vector<UnitWork>& works);

// The part of [begin, end) that `rank` of `ranks` judges.
void rank_part(uint64_t begin, uint64_t end, int rank, int ranks, uint64_t& part_begin, uint64_t& part_end);

}  // namespace fpv
