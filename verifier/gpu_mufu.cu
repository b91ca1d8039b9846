// Enumerating rcp.approx.ftz.f64 on the GPU and comparing it with the host model
// (core/rcp_approx.h), which the device evaluates from the same source.
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <vector>

#include "corpus/counter_rng.h"
#include "core/usage_error.h"
#include "core/rcp_approx.h"
#include "verifier/cuda_check.cuh"
#include "verifier/gpu_backend.h"

namespace fpv {
namespace {

__device__ __forceinline__ uint64_t instruction(uint64_t x) {
    double r;
    asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(double_of(x)));
    return bits_of(r);
}

constexpr unsigned kSamples = 64;

struct Mismatches {
    unsigned long long count;
    unsigned int kept;
    uint64_t operand[kSamples], instruction[kSamples], model[kSamples];
};

__device__ void note(Mismatches* m, uint64_t x, uint64_t got, uint64_t modelled) {
    atomicAdd(&m->count, 1ull);
    const unsigned i = atomicAdd(&m->kept, 1u);
    if (i < kSamples) {
        m->operand[i] = x;
        m->instruction[i] = got;
        m->model[i] = modelled;
    }
}

__global__ void mantissa_table(uint32_t* table, const uint64_t* correction, Mismatches* m) {
    const uint32_t mantissa = blockIdx.x * blockDim.x + threadIdx.x;
    if (mantissa >= (1u << 20)) return;
    const uint64_t x = static_cast<uint64_t>(0x3ff00000u | mantissa) << 32;
    const uint64_t got = instruction(x), modelled = rcp_approx_model(x, correction);
    if (table != nullptr) table[mantissa] = static_cast<uint32_t>(got >> 32);
    if (got != modelled) note(m, x, got, modelled);
}

// Every operand high word (low word zero), 2^28 per launch.
__global__ void high_words(uint32_t base, const uint64_t* correction, Mismatches* m) {
    const uint32_t high = base + blockIdx.x * blockDim.x + threadIdx.x;
    const uint64_t x = static_cast<uint64_t>(high) << 32;
    const uint64_t got = instruction(x), modelled = rcp_approx_model(x, correction);
    if (got != modelled) note(m, x, got, modelled);
}

// Random full operands: the low word must not matter either.
__global__ void random_operands(uint64_t key, uint64_t first, const uint64_t* correction, Mismatches* m) {
    const uint64_t i = first + static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    CounterRng rng(key, i);
    const uint64_t x = rng.next();
    const uint64_t got = instruction(x), modelled = rcp_approx_model(x, correction);
    if (got != modelled) note(m, x, got, modelled);
}

class DeviceModel {
public:
    explicit DeviceModel(int device) {
        FPV_CUDA(cudaSetDevice(device));
        FPV_CUDA(cudaMalloc(&correction_, sizeof kRcpSm90Correction));
        FPV_CUDA(cudaMemcpy(correction_, kRcpSm90Correction, sizeof kRcpSm90Correction,
                            cudaMemcpyHostToDevice));
        FPV_CUDA(cudaMalloc(&mismatches_, sizeof(Mismatches)));
        reset();
    }
    ~DeviceModel() {
        cudaFree(correction_);
        cudaFree(mismatches_);
    }
    DeviceModel(const DeviceModel&) = delete;
    DeviceModel& operator=(const DeviceModel&) = delete;

    void reset() { FPV_CUDA(cudaMemset(mismatches_, 0, sizeof(Mismatches))); }
    Mismatches read() {
        FPV_CUDA(cudaGetLastError());
        FPV_CUDA(cudaDeviceSynchronize());
        Mismatches m;
        FPV_CUDA(cudaMemcpy(&m, mismatches_, sizeof m, cudaMemcpyDeviceToHost));
        return m;
    }
    const uint64_t* correction() const { return correction_; }
    Mismatches* mismatches() { return mismatches_; }

private:
    uint64_t* correction_ = nullptr;
    Mismatches* mismatches_ = nullptr;
};

void report(std::FILE* out, const char* what, uint64_t checked, const Mismatches& m) {
    std::fprintf(out, "%s: %llu checked, %llu differ from the model\n", what,
                 static_cast<unsigned long long>(checked), m.count);
    for (unsigned i = 0; i < m.kept && i < 8; ++i) {
        std::fprintf(out, "  0x%016" PRIx64 ": instruction 0x%016" PRIx64 ", model 0x%016" PRIx64 "\n",
                     m.operand[i], m.instruction[i], m.model[i]);
    }
}

}  // namespace

uint64_t mufu_mantissa_mismatches(int device) {
    DeviceModel model(device);
    mantissa_table<<<(1u << 20) / 256, 256>>>(nullptr, model.correction(), model.mismatches());
    return model.read().count;
}

int mufu_dump(const std::string& out_dir, int device, uint64_t random_count) {
    std::string why;
    std::vector<std::string> names;
    if (!probe_gpus(why, names)) throw UsageError("mufu-dump: " + why);
    int count = 0;
    FPV_CUDA(cudaGetDeviceCount(&count));
    if (device < 0 || device >= count) throw UsageError("--device: there is no GPU " + std::to_string(device));
    cudaDeviceProp prop;
    FPV_CUDA(cudaGetDeviceProperties(&prop, device));
    int driver = 0, runtime = 0;
    FPV_CUDA(cudaDriverGetVersion(&driver));
    FPV_CUDA(cudaRuntimeGetVersion(&runtime));
    const std::string table_path = out_dir + "/rcp_mantissa_table.bin";
    const std::string summary_path = out_dir + "/rcp_summary.txt";
    std::FILE* summary = std::fopen(summary_path.c_str(), "w");
    if (summary == nullptr) throw UsageError("mufu-dump: cannot write '" + summary_path + "'");

    DeviceModel model(device);
    std::FILE* outs[2] = {stdout, summary};
    for (std::FILE* out : outs) {
        std::fprintf(out, "rcp.approx.ftz.f64 on GPU %d: %s (sm_%d%d), driver %d, runtime %d\n", device,
                     prop.name, prop.major, prop.minor, driver, runtime);
    }

    uint32_t* device_table = nullptr;
    FPV_CUDA(cudaMalloc(&device_table, (1u << 20) * sizeof(uint32_t)));
    mantissa_table<<<(1u << 20) / 256, 256>>>(device_table, model.correction(), model.mismatches());
    const Mismatches mantissas = model.read();
    std::vector<uint32_t> table(1u << 20);
    FPV_CUDA(cudaMemcpy(table.data(), device_table, table.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    FPV_CUDA(cudaFree(device_table));
    {
        std::ofstream out(table_path, std::ios::binary);
        for (uint32_t t : table) {
            const unsigned char bytes[4] = {static_cast<unsigned char>(t), static_cast<unsigned char>(t >> 8),
                                            static_cast<unsigned char>(t >> 16), static_cast<unsigned char>(t >> 24)};
            out.write(reinterpret_cast<const char*>(bytes), 4);
        }
        if (!out) throw UsageError("mufu-dump: cannot write '" + table_path + "'");
    }

    model.reset();
    for (uint64_t base = 0; base < (uint64_t{1} << 32); base += uint64_t{1} << 28) {
        high_words<<<(1u << 28) / 256, 256>>>(static_cast<uint32_t>(base), model.correction(), model.mismatches());
    }
    const Mismatches highs = model.read();

    model.reset();
    constexpr uint64_t kPerLaunch = uint64_t{1} << 28;
    for (uint64_t first = 0; first < random_count; first += kPerLaunch) {
        const uint64_t n = std::min(kPerLaunch, random_count - first);
        random_operands<<<static_cast<unsigned>((n + 255) / 256), 256>>>(0x5eed, first, model.correction(),
                                                                         model.mismatches());
    }
    const Mismatches randoms = model.read();

    for (std::FILE* out : outs) {
        report(out, "mantissas of [1, 2)", uint64_t{1} << 20, mantissas);
        report(out, "operand high words (low word 0)", uint64_t{1} << 32, highs);
        report(out, "random full operands", random_count, randoms);
    }
    const bool agree = mantissas.count == 0 && highs.count == 0 && randoms.count == 0;
    for (std::FILE* out : outs) {
        if (agree) {
            std::fprintf(out, "the instruction and the shipped sm_90 host model agree everywhere checked\n");
        } else {
            std::fprintf(out,
                         "MISMATCH: this GPU's rcp.approx.ftz.f64 differs from the shipped sm_90 host "
                         "model, so CPU runs of impls seeded by it will not reproduce its results. Derive a "
                         "model for it with: fpverify mufu-model --table %s --out FILE.cpp\n",
                         table_path.c_str());
        }
    }
    std::fclose(summary);
    std::printf("wrote %s and %s\n", table_path.c_str(), summary_path.c_str());
    return agree ? 0 : 1;
}

}  // namespace fpv
