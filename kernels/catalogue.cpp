#include "kernels/catalogue.h"

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>

#include "kernels/accuracy_claims.h"
#include "kernels/impl_list.h"

// A plug-in (make EXTRA_IMPLS=...): its header last, after the CUDA names it may use.
#if defined(FPV_EXTRA_IMPLS_HEADER)
#include "kernels/cuda_compat.h"
#include FPV_EXTRA_IMPLS_HEADER
#endif

namespace fpv {
namespace {

// Portable impls run on the GPU only in builds that carry the CUDA backend.
#if defined(FPV_WITH_CUDA)
constexpr uint8_t kGpuIfBuilt = kRunsOnGpu;
#else
constexpr uint8_t kGpuIfBuilt = 0;
#endif

ImplInfo make_impl(std::string_view name, OpId op, uint8_t where, std::string_view summary,
                   std::string_view domain, std::string_view claim, HostImplFn host, bool ftz = false) {
    ImplInfo i{};
    i.name = name;
    i.op = op;
    i.where = where;
    i.summary = summary;
    i.domain = domain;
    i.claim = claim;
    i.host = host;
    i.ftz = ftz;
    return i;
}

// A mutant keeps its parent's domain and claims (copied below, once the parent has them).
ImplInfo make_mutant(std::string_view name, OpId op, std::string_view bug, std::string_view parent, HostImplFn host) {
    ImplInfo i = make_impl(name, op, kRunsOnCpu, bug, "", "", host);
    i.mutates = parent;
    return i;
}

#define FPV_CATALOGUE_PORTABLE(op, variant, fn, summary, domain, claim) \
    make_impl(#op "." #variant, OpId::op, static_cast<uint8_t>(kRunsOnCpu | kGpuIfBuilt), summary, domain, claim, &fn),
#define FPV_CATALOGUE_HOST(op, variant, fn, summary, domain, claim) \
    make_impl(#op "." #variant, OpId::op, kRunsOnCpu, summary, domain, claim, &fn),
#define FPV_CATALOGUE_MUTANT(op, variant, fn, bug, parent) \
    make_mutant(#op "." #variant, OpId::op, bug, parent, &fn),
#define FPV_CATALOGUE_DEVICE(op, variant, fn, summary, domain, claim) \
    make_impl(#op "." #variant, OpId::op, kGpuIfBuilt, summary, domain, claim, nullptr),
// Built with -ftz=true: judged against the flush-to-zero reference.
#define FPV_CATALOGUE_DEVICE_FTZ(op, variant, fn, summary, domain, claim) \
    make_impl(#op "." #variant, OpId::op, kGpuIfBuilt, summary, domain, claim, nullptr, true),

#if defined(FPV_EXTRA_IMPLS_HEADER)
// A plug-in's claim in words, kept for the catalogue's lifetime.
std::string_view plugin_claim(OpId op, double bound) {
    static std::deque<std::string> texts;
    const OpInfo& info = op_info(op);
    std::string text;
    char number[32];
    std::snprintf(number, sizeof number, "%g", bound);
    if (info.error_free) {
        text = "exact";
    } else if (info.metric == Metric::relative_u2) {
        text = bound < 0 ? "no relative bound" : std::string(number) + "u^2";
    } else {
        text = bound <= 0 ? "correctly rounded (claimed)" : std::string(number) + " ulp";
    }
    return texts.emplace_back(std::move(text));
}

ImplInfo make_plugin(std::string_view name, OpId op, uint8_t where, std::string_view summary, std::string_view domain,
                     double bound, HostImplFn host) {
    ImplInfo i = make_impl(name, op, where, summary, domain, plugin_claim(op, bound), host);
    i.plugin = true;
    if (op_info(op).metric == Metric::relative_u2) {
        i.accuracy.bound = op_info(op).error_free ? 0 : bound;
        i.accuracy.bound_source = "plug-in registration";
    } else {
        i.ulp_bound = bound < 0 ? 0 : bound;
        i.bound_source = "plug-in registration";
    }
    return i;
}

// X(op, variant, function, where, "domain", bound): where is cpu, gpu or cpu_gpu.
#define FPV_PLUGIN_WHERE_cpu kRunsOnCpu
#define FPV_PLUGIN_WHERE_gpu kGpuIfBuilt
#define FPV_PLUGIN_WHERE_cpu_gpu static_cast<uint8_t>(kRunsOnCpu | kGpuIfBuilt)
// An adapter, so that the plug-in's words may be uint64_t or unsigned long long.
#define FPV_PLUGIN_HOST_cpu(fn) \
    +[](uint64_t a, uint64_t b) -> uint64_t { return static_cast<uint64_t>(fn(a, b)); }
#define FPV_PLUGIN_HOST_gpu(fn) nullptr
#define FPV_PLUGIN_HOST_cpu_gpu(fn) FPV_PLUGIN_HOST_cpu(fn)
#define FPV_CATALOGUE_PLUGIN(op, variant, fn, where, domain, bound)                                     \
    make_plugin(#op "." #variant, OpId::op, FPV_PLUGIN_WHERE_##where, "plug-in: " #fn, domain, bound, \
                FPV_PLUGIN_HOST_##where(fn)),
#else
#define FPV_PLUGIN_IMPLS(X)
#endif

}  // namespace

const std::vector<OpInfo>& all_ops() {
    // In OpId order.
    static const std::vector<OpInfo> ops = {
        {OpId::div64, "div64", "IEEE-754 binary64 division x/y, round to nearest even",
         "x, y: binary64", "ulp", Metric::correctly_rounded, false, ResultFormat::binary64},
        {OpId::eft_add, "eft_add", "a + b exactly as a normalised pair (error-free sum)",
         "a, b: binary32", "u^2", Metric::relative_u2, true, ResultFormat::pair},
        {OpId::eft_mul, "eft_mul", "a * b exactly as a normalised pair (error-free product)",
         "a, b: binary32", "u^2", Metric::relative_u2, true, ResultFormat::pair},
        {OpId::eft_split, "eft_split", "a = hi + lo exactly, hi and lo of at most 12 bits each",
         "a: binary32", "u^2", Metric::relative_u2, true, ResultFormat::pair},
        {OpId::ff_add, "ff_add", "float-float + float-float", "x, y: float-float pairs", "u^2",
         Metric::relative_u2, false, ResultFormat::pair},
        {OpId::ff_add_f, "ff_add_f", "float-float + binary32", "x: pair, y: binary32", "u^2",
         Metric::relative_u2, false, ResultFormat::pair},
        {OpId::ff_mul, "ff_mul", "float-float * float-float", "x, y: float-float pairs", "u^2",
         Metric::relative_u2, false, ResultFormat::pair},
        {OpId::ff_mul_f, "ff_mul_f", "float-float * binary32", "x: pair, y: binary32", "u^2",
         Metric::relative_u2, false, ResultFormat::pair},
        {OpId::ff_div, "ff_div", "float-float / float-float", "x, y: float-float pairs", "u^2",
         Metric::relative_u2, false, ResultFormat::pair},
        {OpId::ff_div_f, "ff_div_f", "float-float / binary32", "x: pair, y: binary32", "u^2",
         Metric::relative_u2, false, ResultFormat::pair},
        {OpId::f2d, "f2d", "binary32 to binary64 conversion (exact)", "a: binary32", "ulp",
         Metric::correctly_rounded, false, ResultFormat::binary64},
        {OpId::rsqrt32, "rsqrt32", "1/sqrt(x) in binary32 (IEEE 754-2008 rSqrt: +-0 -> +-inf)",
         "x: binary32", "ulp", Metric::correctly_rounded, false, ResultFormat::binary32},
        {OpId::sqrt32, "sqrt32", "sqrt(x) in binary32", "x: binary32", "ulp",
         Metric::correctly_rounded, false, ResultFormat::binary32},
        {OpId::rcp32, "rcp32", "1/x in binary32", "x: binary32", "ulp", Metric::correctly_rounded,
         false, ResultFormat::binary32},
        {OpId::div32, "div32", "x/y in binary32", "x, y: binary32", "ulp", Metric::correctly_rounded,
         false, ResultFormat::binary32},
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
    static const std::vector<ImplInfo> impls = [] {
        std::vector<ImplInfo> list = {FPV_PORTABLE_IMPLS(FPV_CATALOGUE_PORTABLE)
                                          FPV_HOST_ONLY_IMPLS(FPV_CATALOGUE_HOST)
                                              FPV_DEVICE_ONLY_IMPLS(FPV_CATALOGUE_DEVICE)
                                                  FPV_CUDA_IEEE_IMPLS(FPV_CATALOGUE_DEVICE)
                                                      FPV_CUDA_APPROX_IMPLS(FPV_CATALOGUE_DEVICE)
                                                          FPV_FTZ_GPU_IMPLS(FPV_CATALOGUE_DEVICE_FTZ)
                                                              FPV_MUTANTS(FPV_CATALOGUE_MUTANT)
                                                                  FPV_PLUGIN_IMPLS(FPV_CATALOGUE_PLUGIN)};
        for (size_t i = 0; i < list.size(); ++i) {
            for (size_t j = 0; j < i; ++j) {
                if (list[i].name == list[j].name) {
                    std::fprintf(stderr, "fpverify: two impls are named %s (a plug-in must pick a name of its own)\n",
                                 std::string(list[i].name).c_str());
                    std::abort();
                }
            }
        }
        for (ImplInfo& impl : list) {
            for (const NamedClaim& c : accuracy_claims()) {
                if (c.impl != impl.name) continue;
                impl.accuracy = c.claim;
                impl.requires_ordered_operands = c.requires_ordered_operands;
            }
            for (const CorrectlyRoundedClaim& c : correctly_rounded_claims()) {
                if (c.impl != impl.name) continue;
                impl.ulp_bound = c.ulp_bound;
                impl.bound_source = c.source;
                impl.in_domain = c.in_domain;
            }
        }
        for (ImplInfo& mutant : list) {
            if (!mutant.is_mutant()) continue;
            for (const ImplInfo& parent : list) {
                if (parent.name != mutant.mutates) continue;
                mutant.domain = parent.domain;
                mutant.claim = parent.claim;
                mutant.accuracy = parent.accuracy;
                mutant.requires_ordered_operands = parent.requires_ordered_operands;
                mutant.ulp_bound = parent.ulp_bound;
                mutant.bound_source = parent.bound_source;
                mutant.in_domain = parent.in_domain;
            }
        }
        return list;
    }();
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
