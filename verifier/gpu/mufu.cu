// Enumerating the GPU's approximate reciprocals, rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64, and
// comparing each with its host model (core/rcp_approx.h, core/rsqrt_approx.h), which the device
// evaluates from the same source.
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <vector>

#include "corpus/counter_rng.h"
#include "core/usage_error.h"
#include "core/rcp_approx.h"
#include "core/rsqrt_approx.h"
#include "verifier/gpu/cuda_check.cuh"
#include "verifier/gpu/backend.h"

namespace fpv {
namespace {

// What differs between the two instructions: the PTX, the host model and its table, and which
// operands the table covers (entry i of the table is the result for table_operand(i)).
struct Rcp {
    static constexpr const char* name = "rcp.approx.ftz.f64";
    static constexpr const char* file = "rcp";
    static constexpr uint32_t entries = 1u << 20;
    static constexpr const char* covers = "mantissas of [1, 2)";
    static const uint64_t* host_correction() { return kRcpSm90Correction; }
    static constexpr size_t correction_bytes = sizeof kRcpSm90Correction;
    __device__ static uint64_t instruction(uint64_t x) {
        double r;
        asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(double_of(x)));
        return bits_of(r);
    }
    __device__ static uint64_t model(uint64_t x, const uint64_t* correction) { return rcp_approx_model(x, correction); }
    __device__ static uint64_t table_operand(uint32_t i) { return static_cast<uint64_t>(0x3ff00000u | i) << 32; }
};

struct Rsqrt {
    static constexpr const char* name = "rsqrt.approx.ftz.f64";
    static constexpr const char* file = "rsqrt";
    static constexpr uint32_t entries = 2u << 20;
    static constexpr const char* covers = "mantissas of [1, 2) and [1/2, 1)";
    static const uint64_t* host_correction() { return kRsqrtSm90Correction; }
    static constexpr size_t correction_bytes = sizeof kRsqrtSm90Correction;
    __device__ static uint64_t instruction(uint64_t x) {
        double r;
        asm volatile("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(double_of(x)));
        return bits_of(r);
    }
    __device__ static uint64_t model(uint64_t x, const uint64_t* correction) {
        return rsqrt_approx_model(x, correction);
    }
    // Entries 0 .. 2^20 - 1: [1, 2); 2^20 .. 2^21 - 1: [1/2, 1).
    __device__ static uint64_t table_operand(uint32_t i) {
        const uint32_t field = i < (1u << 20) ? 0x3ff : 0x3fe;
        return static_cast<uint64_t>((field << 20) | (i & 0xfffffu)) << 32;
    }
};

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

template <class I>
__device__ void compare(uint64_t x, const uint64_t* correction, Mismatches* m) {
    const uint64_t got = I::instruction(x), modelled = I::model(x, correction);
    if (got != modelled) note(m, x, got, modelled);
}

template <class I>
__global__ void mantissa_table(uint32_t* table, const uint64_t* correction, Mismatches* m) {
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= I::entries) return;
    const uint64_t x = I::table_operand(i);
    if (table != nullptr) table[i] = static_cast<uint32_t>(I::instruction(x) >> 32);
    compare<I>(x, correction, m);
}

// Every operand high word (low word zero), 2^28 per launch.
template <class I>
__global__ void high_words(uint32_t base, const uint64_t* correction, Mismatches* m) {
    const uint32_t high = base + blockIdx.x * blockDim.x + threadIdx.x;
    compare<I>(static_cast<uint64_t>(high) << 32, correction, m);
}

// Random full operands: the low word must not matter either.
template <class I>
__global__ void random_operands(uint64_t key, uint64_t first, const uint64_t* correction, Mismatches* m) {
    const uint64_t i = first + static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    CounterRng rng(key, i);
    compare<I>(rng.next(), correction, m);
}

template <class I>
class DeviceModel {
public:
    explicit DeviceModel(int device) {
        FPV_CUDA(cudaSetDevice(device));
        FPV_CUDA(cudaMalloc(&correction_, I::correction_bytes));
        FPV_CUDA(cudaMemcpy(correction_, I::host_correction(), I::correction_bytes, cudaMemcpyHostToDevice));
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

template <class I>
uint64_t mantissa_mismatches(int device) {
    DeviceModel<I> model(device);
    mantissa_table<I><<<(I::entries + 255) / 256, 256>>>(nullptr, model.correction(), model.mismatches());
    return model.read().count;
}

void write_table(const std::string& path, const std::vector<uint32_t>& table) {
    std::ofstream out(path, std::ios::binary);
    for (uint32_t t : table) {
        const unsigned char bytes[4] = {static_cast<unsigned char>(t), static_cast<unsigned char>(t >> 8),
                                        static_cast<unsigned char>(t >> 16), static_cast<unsigned char>(t >> 24)};
        out.write(reinterpret_cast<const char*>(bytes), 4);
    }
    if (!out) throw UsageError("mufu-dump: cannot write '" + path + "'");
}

// One instruction: its table into out_dir/<file>_mantissa_table.bin, the comparison with its
// model into out_dir/<file>_summary.txt and stdout. Returns whether they agree everywhere.
template <class I>
bool dump_one(const std::string& out_dir, int device, uint64_t random_count, const std::string& gpu) {
    const std::string table_path = out_dir + "/" + I::file + "_mantissa_table.bin";
    const std::string summary_path = out_dir + "/" + I::file + "_summary.txt";
    std::FILE* summary = std::fopen(summary_path.c_str(), "w");
    if (summary == nullptr) throw UsageError("mufu-dump: cannot write '" + summary_path + "'");
    std::FILE* outs[2] = {stdout, summary};
    for (std::FILE* out : outs) std::fprintf(out, "%s on %s\n", I::name, gpu.c_str());

    DeviceModel<I> model(device);
    uint32_t* device_table = nullptr;
    FPV_CUDA(cudaMalloc(&device_table, I::entries * sizeof(uint32_t)));
    mantissa_table<I><<<(I::entries + 255) / 256, 256>>>(device_table, model.correction(), model.mismatches());
    const Mismatches mantissas = model.read();
    std::vector<uint32_t> table(I::entries);
    FPV_CUDA(cudaMemcpy(table.data(), device_table, table.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    FPV_CUDA(cudaFree(device_table));
    write_table(table_path, table);

    model.reset();
    for (uint64_t base = 0; base < (uint64_t{1} << 32); base += uint64_t{1} << 28) {
        high_words<I><<<(1u << 28) / 256, 256>>>(static_cast<uint32_t>(base), model.correction(), model.mismatches());
    }
    const Mismatches highs = model.read();

    model.reset();
    constexpr uint64_t kPerLaunch = uint64_t{1} << 28;
    for (uint64_t first = 0; first < random_count; first += kPerLaunch) {
        const uint64_t n = std::min(kPerLaunch, random_count - first);
        random_operands<I><<<static_cast<unsigned>((n + 255) / 256), 256>>>(0x5eed, first, model.correction(),
                                                                            model.mismatches());
    }
    const Mismatches randoms = model.read();

    const bool agree = mantissas.count == 0 && highs.count == 0 && randoms.count == 0;
    for (std::FILE* out : outs) {
        report(out, I::covers, I::entries, mantissas);
        report(out, "operand high words (low word 0)", uint64_t{1} << 32, highs);
        report(out, "random full operands", random_count, randoms);
        if (agree) {
            std::fprintf(out, "the instruction and the shipped sm_90 host model agree everywhere checked\n");
        } else {
            std::fprintf(out,
                         "MISMATCH: this GPU's %s differs from the shipped sm_90 host model, so CPU runs "
                         "of impls seeded by it will not reproduce its results. Derive a model for it with: "
                         "fpverify mufu-model --instruction %s --table %s --out FILE.cpp\n",
                         I::name, I::file, table_path.c_str());
        }
    }
    std::fclose(summary);
    std::printf("wrote %s and %s\n", table_path.c_str(), summary_path.c_str());
    return agree;
}

}  // namespace

MufuMismatches mufu_mantissa_mismatches(int device) {
    return {mantissa_mismatches<Rcp>(device), mantissa_mismatches<Rsqrt>(device)};
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
    const std::string gpu = "GPU " + std::to_string(device) + ": " + prop.name + " (sm_" +
                            std::to_string(prop.major) + std::to_string(prop.minor) + "), driver " +
                            std::to_string(driver) + ", runtime " + std::to_string(runtime);
    const bool rcp = dump_one<Rcp>(out_dir, device, random_count, gpu);
    const bool rsqrt = dump_one<Rsqrt>(out_dir, device, random_count, gpu);
    return rcp && rsqrt ? 0 : 1;
}

}  // namespace fpv
