// The MPI half of a build without MPI: `--mpi` says what is missing.
#include "core/usage_error.h"
#include "verifier/mpi/job.h"

namespace fpv {

MpiJob::MpiJob() {
    throw UsageError("--mpi: this fpverify was built without MPI (no mpicxx on the build machine; "
                     "install Debian's libopenmpi-dev and rebuild)");
}
MpiJob::~MpiJob() = default;
void MpiJob::broadcast(std::string&) {}

MpiBackend::MpiBackend(MpiJob& job, Backend& local) : job_(job), local_(local), chunk_(0) {}
std::string MpiBackend::describe() const { return local_.describe(); }
void MpiBackend::run(const UnitWork&, uint64_t, uint64_t, const BatchDone&) {}
void MpiBackend::end_work(int) {}
int serve_mpi_rank(MpiJob&, Backend&, const std::vector<UnitWork>&) { return 0; }

void rank_part(uint64_t begin, uint64_t end, int rank, int ranks, uint64_t& part_begin, uint64_t& part_end) {
    part_begin = begin;
    part_end = rank == 0 || ranks <= 1 ? end : begin;
}

}  // namespace fpv
