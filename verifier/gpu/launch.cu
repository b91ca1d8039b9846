// Finding an impl's kernel among the translation units of each set of nvcc flags
// (verifier/gpu/config.cu, registered at start-up) and the plug-ins' (verifier/gpu/plugins.cu).
#include <stdexcept>
#include <vector>

#include "verifier/gpu/kernels.cuh"

namespace fpv::gpu {
namespace {

std::vector<KernelLauncher>& launchers() {
    static std::vector<KernelLauncher> all;  // filled before main, read after
    return all;
}

}  // namespace

bool register_kernels(KernelLauncher launcher) {
    launchers().push_back(launcher);
    return true;
}

void launch_evaluate(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    for (KernelLauncher launch : launchers()) {
        if (launch(impl, inputs, params, a)) return;
    }
    if (launch_plugin(impl, inputs, params, a)) return;
    throw std::logic_error("no GPU kernel for " + impl.name);
}

}  // namespace fpv::gpu
