#include "ops/catalogue.h"

#include <cstdio>
#include <cstdlib>
#include <deque>

#include "core/matrix_product.h"
#include "core/usage_error.h"
#include "ops/dispatch.h"

// A plug-in (make EXTRA_IMPLS=...): its header last, after the CUDA names it may use.
#if defined(FPV_EXTRA_IMPLS_HEADER)
#include "core/cuda_host_intrinsics.h"
#include FPV_EXTRA_IMPLS_HEADER
#if !defined(FPV_PLUGIN_IMPLS) && !defined(FPV_PLUGIN_GEMMS)
#error "the EXTRA_IMPLS header registers nothing: it defines neither FPV_PLUGIN_IMPLS(X) nor FPV_PLUGIN_GEMMS(X)"
#endif
#endif

namespace fpv {
namespace {

// Portable and device impls run on the GPU only in builds that carry the CUDA backend.
#if defined(FPV_WITH_CUDA)
constexpr bool kGpuBuilt = true;
#else
constexpr bool kGpuBuilt = false;
#endif

template <class Op, class Impl>
uint64_t run_on_host(const Operands& in) {
    return run_impl<Op, Impl>(in);
}

template <class Op>
std::string impl_name(const ImplSpec& spec) {
    return std::string(Op::name) + "." + std::string(spec.variant);
}

template <class Op, class Impl>
ImplInfo make_impl() {
    ImplInfo info;
    info.op = op_id<Op>();
    info.spec = Impl::spec;
    info.name = impl_name<Op>(Impl::spec);
    info.cpu = Impl::where != Where::device;
    info.gpu = Impl::where != Where::host && kGpuBuilt;
    if constexpr (Impl::where != Where::device) info.host = &run_on_host<Op, Impl>;
    info.operand_domain = HasOperandDomain<Impl>;
    if constexpr (HasInputClaim<Impl>) info.spec.claim_at = &Impl::claim_at;
    info.whole_products = MultipliesWholeProducts<Impl>;
#if defined(FPV_WITH_CUDA)
    // Only a CUDA build links the translation unit that knows.
    if constexpr (NeedsALibrary<Impl>) {
        if (!Impl::built()) {
            info.gpu = false;
            info.missing = Impl::missing;
        }
    }
    if constexpr (ChecksItCanRun<Impl>) info.check_runnable = &Impl::check_runnable;
#endif
    if constexpr (IsMutant<Impl>) {
        // A mutant is held to its parent's domain and claims.
        using Parent = typename Impl::parent;
        info.mutates = impl_name<Op>(Parent::spec);
        info.spec = Parent::spec;
        info.spec.variant = Impl::spec.variant;
        info.spec.summary = Impl::spec.summary;
        info.operand_domain = HasOperandDomain<Parent>;
        if constexpr (HasInputClaim<Parent>) info.spec.claim_at = &Parent::claim_at;
    }
    return info;
}

#if defined(FPV_EXTRA_IMPLS_HEADER)
// Text made at run time for a plug-in's spec, kept for the catalogue's lifetime.
std::string_view kept(std::string text) {
    static std::deque<std::string> texts;
    return texts.emplace_back(std::move(text));
}

// A plug-in's claim in words.
[[maybe_unused]] std::string_view plugin_claim(const OpInfo& op, double bound, Rounding rounding) {
    char number[32];
    std::snprintf(number, sizeof number, "%g", bound);
    std::string text;
    if (op.error_free) {
        text = "exact";
    } else if (op.metric == Metric::relative_u2) {
        text = bound < 0 ? "no relative bound" : std::string(number) + "u^2";
    } else if (op.metric == Metric::componentwise) {
        text = bound <= 0 ? std::string("correctly rounded (claimed)") : std::string(number) + " eps|a||b|";
    } else {
        static constexpr const char* kToward[] = {"", " toward zero", " toward +infinity", " toward -infinity"};
        text = bound <= 0 ? std::string("correctly rounded") + kToward[static_cast<int>(rounding)] + " (claimed)"
                          : std::string(number) + " ulp" + (rounding == Rounding::rn ? "" : std::string(", rounding") + kToward[static_cast<int>(rounding)]);
    }
    return kept(std::move(text));
}

template <class Op>
ImplInfo make_plugin(std::string_view variant, bool cpu, bool gpu, std::string_view summary, std::string_view domain,
                     double bound, HostImplFn host, const PluginClaims& claims) {
    const OpInfo info = OpInfo::of<Op>(op_id<Op>());
    ImplInfo impl;
    impl.op = op_id<Op>();
    impl.spec.variant = variant;
    impl.spec.summary = summary;
    impl.spec.domain = domain;
    impl.spec.claim = plugin_claim(info, bound, claims.rounding);
    impl.spec.rounding = claims.rounding;
    impl.spec.nans = claims.nans;
    impl.spec.canonical_nan = claims.canonical_nan;
    impl.spec.in_domain = claims.in_domain;
    impl.spec.bound = info.metric == Metric::relative_u2 ? (info.error_free ? 0 : bound) : (bound < 0 ? 0 : bound);
    impl.spec.bound_source = "plug-in registration";
    impl.name = impl_name<Op>(impl.spec);
    impl.cpu = cpu;
    impl.gpu = gpu && kGpuBuilt;
    impl.host = host;
    impl.plugin = true;
    return impl;
}

// The function takes as many words as its op has operands (uint64_t or unsigned long long).
template <class Op, class Fn>
uint64_t call_plugin(Fn fn, const Operands& in) {
    if constexpr (arity<Op> == 1) {
        return static_cast<uint64_t>(fn(in.a));
    } else if constexpr (arity<Op> == 2) {
        return static_cast<uint64_t>(fn(in.a, in.b));
    } else {
        return static_cast<uint64_t>(fn(in.a, in.b, in.c));
    }
}

// X(op, variant, function, where, "domain", bound[, claims]): where is cpu, gpu or cpu_gpu; the
// claims, if any, are designated initializers of PluginClaims.
#define FPV_PLUGIN_CPU_cpu true
#define FPV_PLUGIN_CPU_gpu false
#define FPV_PLUGIN_CPU_cpu_gpu true
#define FPV_PLUGIN_GPU_cpu false
#define FPV_PLUGIN_GPU_gpu true
#define FPV_PLUGIN_GPU_cpu_gpu true
#define FPV_PLUGIN_HOST_cpu(op_name, fn) +[](const Operands& in) { return call_plugin<::fpv::op::op_name>(fn, in); }
#define FPV_PLUGIN_HOST_gpu(op_name, fn) nullptr
#define FPV_PLUGIN_HOST_cpu_gpu(op_name, fn) FPV_PLUGIN_HOST_cpu(op_name, fn)
#define FPV_CATALOGUE_PLUGIN(op_name, variant, fn, where, domain, bound, ...)                                       \
    list.push_back(make_plugin<::fpv::op::op_name>(#variant, FPV_PLUGIN_CPU_##where, FPV_PLUGIN_GPU_##where,          \
                                                   "plug-in: " #fn, domain, bound, FPV_PLUGIN_HOST_##where(op_name, fn), \
                                                   ::fpv::PluginClaims{__VA_ARGS__}));
// A plug-in GEMM (FPV_PLUGIN_GEMMS): it computes whole products on the GPU, judged against
// its bound per term of an entry, in eps * sum |a b|.
template <class Op>
ImplInfo make_plugin_gemm(std::string_view variant, std::string_view summary, std::string_view domain,
                          double bound_per_term) {
    static_assert(!is_none<typename Op::products>,
                  "FPV_PLUGIN_GEMMS: the op's inputs are not entries of matrix products (fpverify list ops: gemm64)");
    char number[32];
    std::snprintf(number, sizeof number, "%g", bound_per_term);
    ImplInfo impl;
    impl.op = op_id<Op>();
    impl.spec.variant = variant;
    impl.spec.summary = summary;
    impl.spec.domain = domain;
    impl.spec.claim = bound_per_term <= 0 ? std::string_view("correctly rounded (claimed)")
                                          : kept("|C - exact| <= " + std::string(number) + " k eps sum |a b| (claimed)");
    impl.spec.bound_per_term = bound_per_term < 0 ? 0 : bound_per_term;
    impl.spec.bound_source = "plug-in registration";
    impl.name = impl_name<Op>(impl.spec);
    impl.gpu = kGpuBuilt;
    impl.plugin = true;
    impl.whole_products = true;
    return impl;
}

#define FPV_CATALOGUE_PLUGIN_GEMM(op_name, variant, fn, domain, bound_per_term) \
    list.push_back(make_plugin_gemm<::fpv::op::op_name>(#variant, "plug-in GEMM: " #fn, domain, bound_per_term));
#endif

std::vector<ImplInfo> build_impls() {
    std::vector<ImplInfo> list;
    for_each_type(AllOps{}, [&](auto op_type) {
        using Op = typename decltype(op_type)::type;
        using Impls = concat_t<typename Op::impls, typename Op::natives, typename Op::mutants>;
        for_each_type(Impls{}, [&](auto impl_type) { list.push_back(make_impl<Op, typename decltype(impl_type)::type>()); });
    });
#if defined(FPV_PLUGIN_IMPLS)
    FPV_PLUGIN_IMPLS(FPV_CATALOGUE_PLUGIN)
#endif
#if defined(FPV_PLUGIN_GEMMS)
    FPV_PLUGIN_GEMMS(FPV_CATALOGUE_PLUGIN_GEMM)
#endif
    for (size_t i = 0; i < list.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (list[i].name == list[j].name) {
                std::fprintf(stderr, "fpverify: two impls are named %s (a plug-in must pick a name of its own)\n",
                             list[i].name.c_str());
                std::abort();
            }
        }
    }
    return list;
}

}  // namespace

const std::vector<OpInfo>& all_ops() {
    static const std::vector<OpInfo> ops = [] {
        std::vector<OpInfo> list;
        for_each_type(AllOps{}, [&](auto op_type) {
            using Op = typename decltype(op_type)::type;
            list.push_back(OpInfo::of<Op>(op_id<Op>()));
        });
        return list;
    }();
    return ops;
}

const OpInfo& op_info(OpId id) { return all_ops().at(id.value); }

const OpInfo* find_op(std::string_view name) {
    for (const OpInfo& op : all_ops()) {
        if (op.name == name) return &op;
    }
    return nullptr;
}

OpId op_named(std::string_view name) {
    if (const OpInfo* op = find_op(name)) return op->id;
    std::string known;
    for (const OpInfo& op : all_ops()) known += (known.empty() ? "" : ", ") + std::string(op.name);
    throw UsageError("unknown op '" + std::string(name) + "' (this build knows " + known + ")");
}

const std::vector<ImplInfo>& all_impls() {
    static const std::vector<ImplInfo> impls = build_impls();
    return impls;
}

const ImplInfo* find_impl(std::string_view name) {
    for (const ImplInfo& impl : all_impls()) {
        if (impl.name == name) return &impl;
    }
    return nullptr;
}

const ImplInfo& impl_named(std::string_view name) {
    if (const ImplInfo* impl = find_impl(name)) return *impl;
    std::string known;
    for (const ImplInfo& i : all_impls()) known += (known.empty() ? "" : ", ") + i.name;
    throw UsageError("unknown implementation '" + std::string(name) + "' (known: " + known + ")");
}

std::string where_text(const ImplInfo& impl) {
    if (!impl.cpu && !impl.gpu) return "gpu (" + std::string(impl.missing.empty() ? "needs a CUDA build" : impl.missing) + ")";
    std::string s;
    if (impl.cpu) s = "cpu";
    if (impl.gpu) s += s.empty() ? "gpu" : ", gpu";
    return s;
}

const std::vector<ClassInfo>& classes_of(OpId id) {
    static const std::vector<std::vector<ClassInfo>> classes = [] {
        std::vector<std::vector<ClassInfo>> all;
        for_each_type(AllOps{}, [&](auto op_type) {
            using Op = typename decltype(op_type)::type;
            std::vector<ClassInfo> list;
            for_each_type(typename Op::classes{}, [&](auto class_type) {
                using Class = typename decltype(class_type)::type;
                list.push_back({op_id<Op>(), list.size(), Class::name, Class::guarantee, Class::prefix, Class::all_spec, Class::size,
                                Class::in_all, Class::inside_domains, Class::exhaustive, Class::vector_file,
                                Class::version, Class::key_rule, Class::special_values});
            });
            all.push_back(std::move(list));
        });
        return all;
    }();
    return classes.at(id.value);
}

const ClassInfo* class_of_spec(OpId op, std::string_view spec) {
    for (const ClassInfo& c : classes_of(op)) {
        if (c.prefix.empty() ? spec == c.name : spec.starts_with(c.prefix)) return &c;
    }
    return nullptr;
}

std::vector<std::string> all_class_names(OpId op) {
    std::vector<std::string> names;
    for (const ClassInfo& c : classes_of(op)) {
        if (c.in_all) names.emplace_back(c.all_spec.empty() ? c.name : c.all_spec);
    }
    return names;
}

}  // namespace fpv
