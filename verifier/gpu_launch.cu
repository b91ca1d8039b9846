// Finding an impl's kernel among the translation units of each set of nvcc flags
// (verifier/gpu_config.cu) and the plug-ins' (verifier/gpu_plugins.cu).
#include <stdexcept>

#include "verifier/gpu_kernels.cuh"

namespace fpv::gpu {

void launch_evaluate(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    for (auto launch : {launch_config_standard, launch_config_ieee, launch_config_approx, launch_config_ieee_ftz,
                        launch_config_approx_ftz, launch_plugin}) {
        if (launch(impl, inputs, params, a)) return;
    }
    throw std::logic_error("no GPU kernel for " + impl.name);
}

}  // namespace fpv::gpu
