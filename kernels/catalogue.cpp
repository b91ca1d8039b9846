#include "kernels/catalogue.h"

#include "kernels/impl_list.h"

namespace fpv {
namespace {

#define FPV_CATALOGUE_PORTABLE(op, variant, fn, summary, domain, claim) \
    ImplInfo{#op "." #variant, OpId::op, static_cast<uint8_t>(kRunsOnCpu | kGpuIfBuilt), summary, \
             domain, claim, &fn},
#define FPV_CATALOGUE_HOST(op, variant, fn, summary, domain, claim) \
    ImplInfo{#op "." #variant, OpId::op, kRunsOnCpu, summary, domain, claim, &fn},
#define FPV_CATALOGUE_DEVICE(op, variant, fn, summary, domain, claim) \
    ImplInfo{#op "." #variant, OpId::op, kGpuIfBuilt, summary, domain, claim, nullptr},

// Portable impls run on the GPU only in builds that carry the CUDA backend.
#if defined(FPV_WITH_CUDA)
constexpr uint8_t kGpuIfBuilt = kRunsOnGpu;
#else
constexpr uint8_t kGpuIfBuilt = 0;
#endif

}  // namespace

const std::vector<OpInfo>& all_ops() {
    static const std::vector<OpInfo> ops = {
        {OpId::div64, "div64", "IEEE-754 binary64 division x/y, round to nearest even",
         "x, y: binary64", "ulp"},
    };
    return ops;
}

const OpInfo& op_info(OpId id) { return all_ops()[static_cast<size_t>(id)]; }

const OpInfo* find_op(std::string_view name) {
    for (const OpInfo& op : all_ops()) {
        if (op.name == name) return &op;
    }
    return nullptr;
}

const std::vector<ImplInfo>& all_impls() {
    static const std::vector<ImplInfo> impls = {
        FPV_PORTABLE_IMPLS(FPV_CATALOGUE_PORTABLE) FPV_HOST_ONLY_IMPLS(FPV_CATALOGUE_HOST)
            FPV_DEVICE_ONLY_IMPLS(FPV_CATALOGUE_DEVICE)};
    return impls;
}

const ImplInfo* find_impl(std::string_view name) {
    for (const ImplInfo& impl : all_impls()) {
        if (impl.name == name) return &impl;
    }
    return nullptr;
}

std::string where_text(uint8_t where) {
    if (where == 0) return "gpu (needs a CUDA build)";
    std::string s;
    if (where & kRunsOnCpu) s = "cpu";
    if (where & kRunsOnGpu) s += s.empty() ? "gpu" : ", gpu";
    return s;
}

}  // namespace fpv
