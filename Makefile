# fpverify build.
#   make        build/release/fpverify (with the CUDA backend when nvcc is found)
#   make test   the test suites: everything under AddressSanitizer and UndefinedBehaviorSanitizer
#               (CPU), then, where a GPU is usable, the GPU suite
#   make test-quick  the edit loop's tier: the CPU suite without sanitizers or its slowest tests
#   make gpu-test  the GPU suite alone, on a machine with a GPU
#   make fuzz   every fuzz target (fuzz/) for FUZZ_SECONDS each (default an hour: overnight);
#               `make test` runs each for FUZZ_TEST_SECONDS
#   make demo   a demonstration campaign and its report
#   make mutation  the mutation score: the default campaign against every planted-bug mutant
#   make emulation-campaign  the project's own emulations verified on a GPU
#   make bench  throughput figures for BENCHMARKS.md (GPU ones, exhaustive f2d sweeps included,
#               where a GPU is usable)
# Missing Debian packages are installed first (see `deps`).

SHELL := /bin/bash
# Every core, unless told otherwise (make JOBS=1): the CUDA kernels alone take minutes per part.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS += -j$(JOBS)
CXX ?= g++
ifeq ($(origin CXX),default)
CXX := g++
endif

VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
CXXFLAGS_COMMON := -std=c++20 -fopenmp -Wall -Wextra -Wshadow -Werror -I. -DFPV_VERSION='"$(VERSION)"'
# MPFR and GMP are linked statically: their thread-local exponent range is then reached without
# __tls_get_addr calls (about a fifth of the reference's time), and the binary runs where only
# other versions of them are installed.
LDLIBS := -Wl,-Bstatic -lmpfr -lgmp -lz -Wl,-Bdynamic -lsqlite3 -fopenmp

# CORE-MATH (the math32 ops' fast reference: correctly rounded binary32 functions in every
# rounding mode, proven), built from the snapshot by path into a library of its own, with its
# own flags: -frounding-math, since its last rounding follows the thread's mode. Without the
# snapshot the math32 ops are judged by MPFR alone (and say so).
CORE_MATH_DIR ?= ../shared/third_party/core-math
CORE_MATH_FUNCTIONS := exp exp2 exp10 expm1 log log2 log10 log1p sin cos tan sinpi cospi asin acos atan \
	sinh cosh tanh asinh acosh atanh cbrt erf erfc pow atan2 hypot
ifneq ($(wildcard $(CORE_MATH_DIR)/src/binary32/exp/expf.c),)
CORE_MATH_LIB := build/core-math/libcore_math32.a
CXXFLAGS_COMMON += -DFPV_WITH_CORE_MATH
endif

RELEASE_DIR := build/release
ASAN_DIR := build/asan
RELEASE_FLAGS := $(CXXFLAGS_COMMON) -O2 -g
# Line tables are all the sanitizers' reports need (-g1: a quarter less compile than -g).
ASAN_FLAGS := $(CXXFLAGS_COMMON) -O1 -g1 -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=undefined
# The test sources (tests/, ops/*/test_*.cpp) build three times faster unoptimised; the code
# under test keeps -O1.
ASAN_SUITE_FLAGS = $(ASAN_FLAGS) -O0

# The layers, each folder reading only those above it (docs/architecture.md).
# An op's tests live in its folder (ops/<op>/test_*.cpp) and belong to the test suite.
OP_TEST_SOURCES := $(wildcard ops/*/test_*.cpp)
LIB_SOURCES := $(filter-out $(OP_TEST_SOURCES),$(wildcard core/*.cpp core/models/*.cpp corpus/*.cpp reference/*.cpp \
	ops/*.cpp ops/*/*.cpp model/*.cpp model/statistics/*.cpp store/*.cpp reports/*.cpp reports/sections/*.cpp verifier/*/*.cpp cli/*.cpp))
LIB_SOURCES := $(filter-out cli/main.cpp verifier/cpu/judge_part.cpp,$(LIB_SOURCES))
# verifier/cpu/judge_part.cpp once per part of the ops (FPV_JUDGE_PART k of JUDGE_PARTS): the CPU
# judging loops of every op, built in parallel.
JUDGE_PARTS := 0 1 2 3
TEST_SOURCES := $(wildcard tests/*.cpp) $(OP_TEST_SOURCES)
GPU_TEST_SOURCES := $(wildcard tests/gpu/*.cpp) tests/test_main.cpp tests/test_support.cpp tests/golden_support.cpp

# MPI (`run --mpi`), when mpicxx is there: its compile and link flags, asked of mpicxx; without
# it verifier/mpi/absent.cpp says so at run time.
MPICXX ?= $(shell command -v mpicxx 2>/dev/null)
ifneq ($(MPICXX),)
MPI_CFLAGS := $(patsubst -I%,-isystem %,$(shell $(MPICXX) --showme:compile 2>/dev/null)) -DFPV_WITH_MPI
MPI_LIBS := $(filter-out -lmpi_cxx,$(shell $(MPICXX) --showme:link 2>/dev/null))
LIB_SOURCES := $(filter-out verifier/mpi/absent.cpp,$(LIB_SOURCES))
else
LIB_SOURCES := $(filter-out verifier/mpi/job.cpp,$(LIB_SOURCES))
endif
RELEASE_FLAGS += $(MPI_CFLAGS)
ASAN_FLAGS += $(MPI_CFLAGS)
LDLIBS += $(MPI_LIBS)
# make SANITIZE=1 NVCC= RELEASE_DIR=...: a CPU build with the sanitized build's flags, so that it
# can start from a copy of build/asan's objects (what the plug-in tests do).
ifneq ($(SANITIZE),)
RELEASE_FLAGS := $(ASAN_FLAGS)
endif

# The CUDA backend, when nvcc is there. CUDA_ARCHS lists the SASS targets; PTX for the last
# one is embedded too, so newer GPUs run it (e.g. make CUDA_ARCHS="86 89 90").
NVCC ?= $(shell command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
CUDA_ARCHS ?= 90
ifneq ($(NVCC),)
CUDA_HOME := $(patsubst %/bin/nvcc,%,$(NVCC))
# The backend's sources, and an op's CUDA sources (the libraries its impls call: gemm64's cuBLAS).
CUDA_SOURCES := $(filter-out verifier/gpu/config.cu,$(wildcard verifier/gpu/*.cu)) $(wildcard ops/*/*.cu)
# verifier/gpu/config.cu once per set of nvcc flags that decide what an impl computes, as
# config.part: the standard set holds most impls, and its kernels build in four parts at once.
NVCC_UNITS := standard.0 standard.1 standard.2 standard.3 standard.4 standard.5 ieee.0 approx.0 ieee_ftz.0 ieee_ftz.1 \
	approx_ftz.0 fast_math.0
CUDA_GENCODE := $(foreach a,$(CUDA_ARCHS),-gencode arch=compute_$(a),code=sm_$(a)) \
	-gencode arch=compute_$(lastword $(CUDA_ARCHS)),code=compute_$(lastword $(CUDA_ARCHS))
NVCC_FLAGS := -std=c++20 -O2 -g -I. -ccbin $(CXX) $(CUDA_GENCODE) -DFPV_WITH_CUDA $(if $(CORE_MATH_LIB),-DFPV_WITH_CORE_MATH) \
	-Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror,-fopenmp
RELEASE_FLAGS += -DFPV_WITH_CUDA
RELEASE_SOURCES := $(filter-out verifier/gpu/absent.cpp,$(LIB_SOURCES))
RELEASE_CUDA_OBJECTS := $(CUDA_SOURCES:%.cu=$(RELEASE_DIR)/%.o) \
	$(NVCC_UNITS:%=$(RELEASE_DIR)/verifier/gpu/config_%.o)
# cuBLAS is linked from the toolkit that builds (its 600 MB of libraries are not copied): the
# run path finds it there.
CUDA_LIBS := -L$(CUDA_HOME)/lib64 -lcudart_static -lcublas -Wl,-rpath,$(CUDA_HOME)/lib64 -ldl -lrt -lpthread
GPU_TEST_BINARY := $(RELEASE_DIR)/fpverify_gpu_tests
else
RELEASE_SOURCES := $(LIB_SOURCES)
endif

# A plug-in header of impls (README, "Bring your own implementation"): make EXTRA_IMPLS=path.h
# compiles it into the catalogue and the GPU kernels; a stamp rebuilds both when the choice
# changes, so switching plug-ins (or back to none) never links stale objects. EXTRA_INCLUDES
# names the directories its own includes need (a library under test), read as system headers:
# fpverify's warnings-as-errors are for fpverify's code.
ifneq ($(EXTRA_IMPLS),)
EXTRA_IMPLS_PATH := $(abspath $(EXTRA_IMPLS))
ifeq ($(wildcard $(EXTRA_IMPLS_PATH)),)
$(error EXTRA_IMPLS: no such file: $(EXTRA_IMPLS))
endif
PLUGIN_FLAGS := -DFPV_EXTRA_IMPLS_HEADER='"$(EXTRA_IMPLS_PATH)"' $(foreach d,$(EXTRA_INCLUDES),-isystem $(abspath $(d)))
# Built with the sanitizers (SANITIZE=1), undefined behaviour in the code under test is reported
# and the campaign goes on, so that one finding does not hide the rest (the plug-in tests).
PLUGIN_FLAGS += $(if $(SANITIZE),-fsanitize-recover=undefined)
endif
PLUGIN_STAMP := $(RELEASE_DIR)/extra_impls.stamp
PLUGIN_OBJECTS := $(RELEASE_DIR)/ops/catalogue.o $(if $(NVCC),$(RELEASE_DIR)/verifier/gpu/plugins.o)

# GEMMul8 (gemm64's gemmul8_* impls): its double GEMM built from the snapshot by include path,
# the seven of its recipe translation units that GEMM needs, each once with its own macros, into
# a library of the build that only the snapshot's sources (and headers) rebuild. Without the
# snapshot the impls are listed as needing it and refused by the GPU backend; a stamp rebuilds
# ops/gemm64/gemmul8.o when the snapshot comes or goes.
GEMMUL8_DIR ?= ../shared/third_party/gemmul8
ifneq ($(NVCC),)
ifneq ($(wildcard $(GEMMUL8_DIR)/include/gemm.hpp),)
GEMMUL8_LIB := $(RELEASE_DIR)/gemmul8/libgemmul8_dgemm.a
GEMMUL8_NVCC := $(NVCC) -std=c++20 -O3 -diag-suppress 177 -ccbin $(CXX) -I$(GEMMUL8_DIR)/include -I$(GEMMUL8_DIR)/src \
	$(CUDA_GENCODE)
GEMMUL8_FULL := -DGEMMUL8_INST_FILLMODE=CUBLAS_FILL_MODE_FULL
GEMMUL8_REAL := -DGEMMUL8_INST_TYPE=double -DGEMMUL8_INST_BACKEND=INT8 $(GEMMUL8_FULL) -DGEMMUL8_INST_DIAG=CUBLAS_DIAG_NON_UNIT
GEMMUL8_UNITS := gemm fast_scaling accu_extract accu_scaling rowwise_scaling mod_hi2mid undo_scaling
GEMMUL8_SOURCE_gemm := src/gemm/cu_recipe/gemm.cu
GEMMUL8_MACROS_gemm := -DGEMMUL8_INST_TYPE_A=double -DGEMMUL8_INST_TYPE_B=double -DGEMMUL8_INST_TYPE_C=double \
	-DGEMMUL8_INST_BACKEND=INT8
GEMMUL8_SOURCE_fast_scaling := src/oz2/scaling/fast/cu_recipe/scaling.cu
GEMMUL8_MACROS_fast_scaling := $(GEMMUL8_REAL)
GEMMUL8_SOURCE_accu_extract := src/oz2/scaling/accu/cu_recipe/extract.cu
GEMMUL8_MACROS_accu_extract := $(GEMMUL8_REAL)
GEMMUL8_SOURCE_accu_scaling := src/oz2/scaling/accu/cu_recipe/scaling.cu
GEMMUL8_MACROS_accu_scaling := $(GEMMUL8_REAL) -DGEMMUL8_INST_FILLMODE_C=CUBLAS_FILL_MODE_FULL
GEMMUL8_SOURCE_rowwise_scaling := src/oz2/scaling/general/cu_recipe/scaling_rowwise.cu
GEMMUL8_MACROS_rowwise_scaling := $(GEMMUL8_REAL) -DGEMMUL8_INST_CONJ=false
GEMMUL8_SOURCE_mod_hi2mid := src/oz2/mod/cu_recipe/mod_hi2mid.cu
GEMMUL8_MACROS_mod_hi2mid := -DGEMMUL8_INST_COMPLEX=false -DGEMMUL8_INST_BACKEND=INT8 $(GEMMUL8_FULL)
GEMMUL8_SOURCE_undo_scaling := src/oz2/undo_scaling/cu_recipe/undo_scaling.cu
GEMMUL8_MACROS_undo_scaling := -DGEMMUL8_INST_TYPE=double -DGEMMUL8_INST_TYPE_ALPHA=double \
	-DGEMMUL8_INST_TYPE_BETA=double -DGEMMUL8_INST_BACKEND=INT8 $(GEMMUL8_FULL)
CUDA_LIBS += -lcublasLt
$(RELEASE_DIR)/ops/gemm64/gemmul8.o: NVCC_EXTRA := -isystem $(GEMMUL8_DIR)/include -DFPV_GEMMUL8
endif
GEMMUL8_STAMP := $(RELEASE_DIR)/gemmul8.stamp
endif

RELEASE_OBJECTS := $(RELEASE_SOURCES:%.cpp=$(RELEASE_DIR)/%.o) $(RELEASE_CUDA_OBJECTS) \
	$(JUDGE_PARTS:%=$(RELEASE_DIR)/verifier/cpu/judge_part_%.o) $(GEMMUL8_LIB) $(CORE_MATH_LIB)
ASAN_OBJECTS := $(LIB_SOURCES:%.cpp=$(ASAN_DIR)/%.o) $(JUDGE_PARTS:%=$(ASAN_DIR)/verifier/cpu/judge_part_%.o) \
	$(CORE_MATH_LIB)
ASAN_TEST_OBJECTS := $(TEST_SOURCES:%.cpp=$(ASAN_DIR)/%.o)
GPU_TEST_OBJECTS := $(GPU_TEST_SOURCES:%.cpp=$(RELEASE_DIR)/%.o)

# Debian packages the build needs; dpkg says which are missing.
DEB_PACKAGES := libmpfr-dev libgmp-dev libsqlite3-dev libcli11-dev nlohmann-json3-dev libgtest-dev zlib1g-dev \
	sqlite3 libopenmpi-dev openmpi-bin chromium-headless-shell
MISSING_PACKAGES = $(shell for p in $(DEB_PACKAGES); do \
	dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done)
# What the tests need beyond the build: pdflatex and the packages the LaTeX report uses, and
# poppler's tools, which turn its PDF into text and pictures (tests/test_latex.cpp). Installed
# without recommended packages: texlive's recommendations are hundreds of megabytes of fonts.
# The fuzz targets (fuzz/) build with Debian's clang and its libFuzzer (libclang-rt-dev, which
# clang only recommends); llvm's llvm-symbolizer names the lines of a finding's stack.
TEST_PACKAGES := texlive-latex-base texlive-latex-recommended poppler-utils clang libclang-rt-dev llvm
MISSING_TEST_PACKAGES = $(shell for p in $(TEST_PACKAGES); do \
	dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done)
SUDO := $(shell if [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null; then echo sudo; fi)

.PHONY: all deps test-deps test test-suites test-quick fuzz fuzz-targets gpu-test gpu-test-suite demo bench mutation fpemu-campaign emulation-campaign clean FORCE

all: deps
	@$(MAKE) --no-print-directory $(RELEASE_DIR)/fpverify

deps:
	@missing="$(strip $(MISSING_PACKAGES))"; \
	if [ -n "$$missing" ]; then \
		echo "installing missing packages: $$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null || \
		{ echo "could not install: $$missing" >&2; exit 1; }; \
	fi

test-deps: deps
	@missing="$(strip $(MISSING_TEST_PACKAGES))"; \
	if [ -n "$$missing" ]; then \
		echo "installing missing packages for the tests: $$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null || \
		{ echo "could not install: $$missing" >&2; exit 1; }; \
	fi

$(PLUGIN_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(EXTRA_IMPLS_PATH) $(EXTRA_INCLUDES)' | cmp -s - $@ 2>/dev/null || echo '$(EXTRA_IMPLS_PATH) $(EXTRA_INCLUDES)' > $@
$(PLUGIN_OBJECTS): $(PLUGIN_STAMP)
$(PLUGIN_OBJECTS): PLUGIN_DEFINE := $(PLUGIN_FLAGS)

# Objects depend on the Makefile too, so changed flags rebuild them.
$(RELEASE_DIR)/%.o: %.cpp Makefile
	@mkdir -p $(dir $@)
	$(CXX) $(RELEASE_FLAGS) $(PLUGIN_DEFINE) -MMD -MP -c $< -o $@

# What the same source computes depends on these flags: each set gets objects of its own.
NVCC_CONFIG_standard :=
NVCC_CONFIG_ieee := -prec-div=true -prec-sqrt=true -ftz=false
NVCC_CONFIG_approx := -prec-div=false -prec-sqrt=false -ftz=false
NVCC_CONFIG_ieee_ftz := -prec-div=true -prec-sqrt=true -ftz=true
NVCC_CONFIG_approx_ftz := -prec-div=false -prec-sqrt=false -ftz=true
# What a user's build with --use_fast_math computes: the functions it replaces by intrinsics.
NVCC_CONFIG_fast_math := --use_fast_math
nvcc_parts = $(words $(filter $(1).%,$(NVCC_UNITS)))

$(NVCC_UNITS:%=$(RELEASE_DIR)/verifier/gpu/config_%.o): $(RELEASE_DIR)/verifier/gpu/config_%.o: verifier/gpu/config.cu Makefile
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCC_FLAGS) $(NVCC_CONFIG_$(basename $*)) -DFPV_NVCC_CONFIG=$(basename $*) \
		-DFPV_CONFIG_PART=$(patsubst .%,%,$(suffix $*)) -DFPV_CONFIG_PARTS=$(call nvcc_parts,$(basename $*)) \
		-MMD -MP -c $< -o $@

$(RELEASE_DIR)/%.o: %.cu Makefile
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCC_FLAGS) $(PLUGIN_DEFINE) $(NVCC_EXTRA) -MMD -MP -c $< -o $@

.SECONDEXPANSION:
$(GEMMUL8_UNITS:%=$(RELEASE_DIR)/gemmul8/%.o): $(RELEASE_DIR)/gemmul8/%.o: $$(GEMMUL8_DIR)/$$(GEMMUL8_SOURCE_$$*)
	@mkdir -p $(dir $@)
	$(GEMMUL8_NVCC) $(GEMMUL8_MACROS_$*) -MMD -MP -c $< -o $@

# Whether this build has GEMMul8, and from where: ops/gemm64/gemmul8.o is compiled for it.
$(GEMMUL8_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(GEMMUL8_LIB) $(abspath $(GEMMUL8_DIR))' | cmp -s - $@ 2>/dev/null || echo '$(GEMMUL8_LIB) $(abspath $(GEMMUL8_DIR))' > $@
$(RELEASE_DIR)/ops/gemm64/gemmul8.o: $(GEMMUL8_STAMP)

$(GEMMUL8_LIB): $(GEMMUL8_UNITS:%=$(RELEASE_DIR)/gemmul8/%.o)
	ar rcs $@ $^

$(JUDGE_PARTS:%=$(RELEASE_DIR)/verifier/cpu/judge_part_%.o): $(RELEASE_DIR)/verifier/cpu/judge_part_%.o: verifier/cpu/judge_part.cpp Makefile
	@mkdir -p $(dir $@)
	$(CXX) $(RELEASE_FLAGS) -DFPV_JUDGE_PART=$* -DFPV_JUDGE_PARTS=$(words $(JUDGE_PARTS)) -MMD -MP -c $< -o $@

$(JUDGE_PARTS:%=$(ASAN_DIR)/verifier/cpu/judge_part_%.o): $(ASAN_DIR)/verifier/cpu/judge_part_%.o: verifier/cpu/judge_part.cpp Makefile
	@mkdir -p $(dir $@)
	$(CXX) $(ASAN_FLAGS) -DFPV_JUDGE_PART=$* -DFPV_JUDGE_PARTS=$(words $(JUDGE_PARTS)) -MMD -MP -c $< -o $@

$(ASAN_DIR)/%.o: %.cpp Makefile
	@mkdir -p $(dir $@)
	$(CXX) $(ASAN_FLAGS) -MMD -MP -c $< -o $@

$(ASAN_TEST_OBJECTS): $(ASAN_DIR)/%.o: %.cpp Makefile
	@mkdir -p $(dir $@)
	$(CXX) $(ASAN_SUITE_FLAGS) -MMD -MP -c $< -o $@

$(CORE_MATH_FUNCTIONS:%=build/core-math/%f.o): build/core-math/%f.o: $$(CORE_MATH_DIR)/src/binary32/$$*/$$*f.c
	@mkdir -p $(dir $@)
	gcc -std=gnu11 -O2 -frounding-math -fno-math-errno -fPIC -w -c $< -o $@

build/core-math/libcore_math32.a: $(CORE_MATH_FUNCTIONS:%=build/core-math/%f.o)
	ar rcs $@ $^

$(RELEASE_DIR)/fpverify: $(RELEASE_OBJECTS) $(RELEASE_DIR)/cli/main.o
	$(CXX) $(RELEASE_FLAGS) $^ -o $@ $(LDLIBS) $(CUDA_LIBS)

$(ASAN_DIR)/fpverify: $(ASAN_OBJECTS) $(ASAN_DIR)/cli/main.o
	$(CXX) $(ASAN_FLAGS) $^ -o $@ $(LDLIBS)

$(ASAN_DIR)/fpverify_tests: $(ASAN_OBJECTS) $(ASAN_TEST_OBJECTS)
	$(CXX) $(ASAN_FLAGS) $^ -o $@ -lgmpxx $(LDLIBS) -lgtest -lpthread

$(RELEASE_DIR)/fpverify_tests: $(RELEASE_OBJECTS) $(TEST_SOURCES:%.cpp=$(RELEASE_DIR)/%.o)
	$(CXX) $(RELEASE_FLAGS) $^ -o $@ -lgmpxx $(LDLIBS) $(CUDA_LIBS) -lgtest -lpthread

$(RELEASE_DIR)/fpverify_gpu_tests: $(RELEASE_OBJECTS) $(GPU_TEST_OBJECTS)
	$(CXX) $(RELEASE_FLAGS) $^ -o $@ -lgmpxx $(LDLIBS) $(CUDA_LIBS) -lgtest -lpthread

# The CPU suite runs under the sanitizers, its end-to-end tests against the sanitized binary;
# the GPU suite runs against the CUDA build where nvcc is there and a GPU answers nvidia-smi.
# Without a GPU the CUDA build is left out (it would only be skipped: minutes of compile on a
# small machine); the plug-in tests still compile a plug-in's kernels with nvcc.
# Each first installs what is missing, then makes the rest in a new make, which finds the tools
# just installed (mpicxx decides whether MPI is built in).
# The CPU suite runs as this many shards at once (tests/run_suites.sh).
TEST_SHARDS ?= 3
GPU_SUITE := $(if $(GPU_TEST_BINARY),$(shell nvidia-smi -L 2>/dev/null | grep -q '^GPU' && echo yes))
test: test-deps
	@$(MAKE) --no-print-directory test-suites

test-suites: $(ASAN_DIR)/fpverify $(ASAN_DIR)/fpverify_tests $(if $(GPU_SUITE),$(RELEASE_DIR)/fpverify $(GPU_TEST_BINARY)) \
	fuzz-targets
	@$(if $(GPU_SUITE),,echo "gpu suite: no GPU answers nvidia-smi here; not built (make gpu-test on a machine with one)";)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 FPV_VECTORS=corpus/vectors/testfloat \
	FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) FUZZ_JOBS=$(JOBS) FUZZ_BUILD=$(FUZZ_DIR) \
	tests/run_suites.sh "cpu (sanitized)" $(TEST_SHARDS) $(ASAN_DIR)/fpverify_tests $(ASAN_DIR)/fpverify \
		"fuzz ($(FUZZ_TEST_SECONDS) s per target)" 1 fuzz/run.sh $(ASAN_DIR)/fpverify \
		$(if $(GPU_SUITE),"gpu" 1 $(GPU_TEST_BINARY) $(RELEASE_DIR)/fpverify)

# The edit loop's tier: the CPU suite built without sanitizers (a separate build, build/quick),
# its slowest tests left out (builds with plug-ins, MPI jobs, the golden campaigns, signals and
# leases that wait on purpose, the browser, the mutation score). A minute or two once built;
# `make test` is what CI runs.
QUICK_DIR := build/quick
QUICK_FILTER := -Plugin.*:Golden.*:Mpi.*:Stopping.*:Lease.*:Browser.*:Cli.MutationScoreCatchesEveryMutant
test-quick: test-deps
	@$(MAKE) --no-print-directory RELEASE_DIR=$(QUICK_DIR) NVCC= $(QUICK_DIR)/fpverify $(QUICK_DIR)/fpverify_tests
	@FPV_VECTORS=corpus/vectors/testfloat GTEST_FILTER='$(QUICK_FILTER)' \
	tests/run_suites.sh "cpu (quick)" $(TEST_SHARDS) $(QUICK_DIR)/fpverify_tests $(QUICK_DIR)/fpverify

# Fuzzing: one libFuzzer target per file of fuzz/, built by clang with AddressSanitizer and
# UndefinedBehaviorSanitizer (build/fuzz), linked with the library sources the targets call,
# built again by clang with libFuzzer's coverage counters (build/fuzz/lib): only those, not the
# whole library (no judging loops, no verifier/, no commands), so that `make test` stays within
# CI's 20 minutes. A target that calls more fails to link until its sources are listed here.
# fuzz/run.sh runs each target from its seeds (fuzz/corpus/<target>) and the corpus it grew
# before (build/fuzz/corpus/<target>); a finding is written to build/fuzz/findings/<target>/.
# `make test` gives each target FUZZ_TEST_SECONDS; `make fuzz` FUZZ_SECONDS (overnight).
FUZZ_DIR := build/fuzz
FUZZ_CXX ?= clang++
FUZZ_TEST_SECONDS ?= 10
FUZZ_SECONDS ?= 3600
# Targets `make fuzz` runs at once (`make test` runs JOBS at once).
FUZZ_JOBS ?= 1
FUZZ_TARGETS := $(basename $(notdir $(wildcard fuzz/*.cpp)))
FUZZ_LIB_SOURCES := core/models/rcp_sm90_correction.cpp core/models/rsqrt_sm90_correction.cpp \
	corpus/generic_classes.cpp corpus/testfloat_file.cpp reference/verdict.cpp reference/mpfr_reference.cpp \
	ops/catalogue.cpp ops/div64/proof.cpp ops/div64/prove_command.cpp ops/gemm64/classes.cpp \
	$(addprefix model/,failure_map.cpp histogram.cpp input_set.cpp json_text.cpp rate_comparison.cpp tally.cpp \
		text_format.cpp value_format.cpp) $(wildcard model/statistics/*.cpp) \
	$(addprefix store/,database_checks.cpp database_file.cpp database_ref.cpp schema.cpp sqlite_handle.cpp \
		store.cpp store_guard.cpp store_read.cpp file_watch.cpp) \
	$(addprefix reports/,campaign_report.cpp error_against.cpp report_content.cpp report_document.cpp \
		report_latex.cpp svg_plot.cpp) $(wildcard reports/sections/*.cpp) \
	cli/count_parse.cpp cli/duration_parse.cpp
FUZZ_LIB_OBJECTS := $(FUZZ_LIB_SOURCES:%.cpp=$(FUZZ_DIR)/lib/%.o)
FUZZ_COMMON := -std=c++20 -Wall -Wextra -Wshadow -Werror -I. -DFPV_VERSION='"$(VERSION)"' -O1 -g1 \
	-fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_LIB_FLAGS := $(FUZZ_COMMON) -fsanitize=fuzzer-no-link,address,undefined
FUZZ_FLAGS := $(FUZZ_COMMON) -fsanitize=fuzzer,address,undefined

$(FUZZ_DIR)/lib/%.o: %.cpp Makefile
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_LIB_FLAGS) -MMD -MP -c $< -o $@

# An archive, so that each target links only the objects it calls; `q`, not `r`: model/ and
# reports/sections/ have files of the same names, which `r` would replace by one another.
$(FUZZ_DIR)/lib/libfpverify.a: $(FUZZ_LIB_OBJECTS)
	rm -f $@ && ar qcs $@ $^

$(FUZZ_TARGETS:%=$(FUZZ_DIR)/%.o): $(FUZZ_DIR)/%.o: fuzz/%.cpp Makefile
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -MMD -MP -c $< -o $@

$(FUZZ_TARGETS:%=$(FUZZ_DIR)/%): $(FUZZ_DIR)/%: $(FUZZ_DIR)/%.o $(FUZZ_DIR)/lib/libfpverify.a
	$(FUZZ_CXX) $(FUZZ_FLAGS) $^ -o $@ -Wl,-Bstatic -lmpfr -lgmp -lz -Wl,-Bdynamic -lsqlite3

fuzz-targets: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%)

fuzz: test-deps
	@$(MAKE) --no-print-directory fuzz-targets
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_BUILD=$(FUZZ_DIR) fuzz/run.sh

gpu-test: deps
	@$(MAKE) --no-print-directory gpu-test-suite

gpu-test-suite: $(RELEASE_DIR)/fpverify $(GPU_TEST_BINARY)
	@FPV_VECTORS=corpus/vectors/testfloat FPV_REQUIRE_GPU=1 \
	tests/run_suites.sh "gpu" 1 $(GPU_TEST_BINARY) $(RELEASE_DIR)/fpverify

DEMO_DIR := demo
demo: all
	@mkdir -p $(DEMO_DIR)
	rm -f $(DEMO_DIR)/demo.db $(DEMO_DIR)/demo.db-wal $(DEMO_DIR)/demo.db-shm
	$(RELEASE_DIR)/fpverify run --name demo --db $(DEMO_DIR)/demo.db \
		--impl div64.emu_nr,div64.emu_halley,div64.host \
		--classes all,testfloat:corpus/vectors/testfloat/f64_div.level1.txt \
		--count 1e7 --seed 1 --backend cpu; status=$$?; \
		if [ $$status -gt 1 ]; then exit $$status; fi
	$(RELEASE_DIR)/fpverify report --db $(DEMO_DIR)/demo.db --format md --out $(DEMO_DIR)/report.md
	$(RELEASE_DIR)/fpverify report --db $(DEMO_DIR)/demo.db --format json --out $(DEMO_DIR)/report.json
	$(RELEASE_DIR)/fpverify report --db $(DEMO_DIR)/demo.db --format html --out $(DEMO_DIR)/report.html
	@echo "demo: database $(DEMO_DIR)/demo.db, report $(DEMO_DIR)/report.md (and report.html, report.json)"

# CPU figures always; GPU figures when a GPU is usable.
bench: all
	$(RELEASE_DIR)/fpverify bench --impl div64.emu_nr --class normal --seconds 10 --backend cpu
	$(RELEASE_DIR)/fpverify bench --impl div64.host --class normal --seconds 10 --backend cpu
	$(RELEASE_DIR)/fpverify bench --impl gemm64.dot_fma --class uniform:k=1024 --seconds 5 --backend cpu --reference exact
	@if $(RELEASE_DIR)/fpverify bench --help >/dev/null && nvidia-smi -L >/dev/null 2>&1; then \
		$(RELEASE_DIR)/fpverify bench --impl div64.emu_nr --class normal --seconds 20 --backend gpu --raw && \
		$(RELEASE_DIR)/fpverify bench --impl div64.emu_nr --class normal --seconds 10 --backend gpu --reference exact && \
		for impl in sqrt64.cuda rcp64.cuda rsqrt64.cuda fma64.cuda add64.cuda sub64.cuda mul64.cuda div64.cuda \
			sqrt64.emu rcp64.emu rsqrt64.emu fma64.emu add64.emu sub64.emu mul64.emu div64.emu_halley_fixed \
			div64.emu_halley; do \
			$(RELEASE_DIR)/fpverify bench --impl $$impl --class normal --seconds 3 --backend gpu --reference exact || exit 1; \
		done && \
		$(RELEASE_DIR)/fpverify bench --impl gemm64.dot_fma --class uniform:k=1024 --seconds 5 --backend gpu --reference exact && \
		rm -f $(RELEASE_DIR)/bench_gemm.db && /usr/bin/time -f "gemm64: a 4096 x 4096 x 4096 product judged exactly, entry by entry: %e s wall" \
			$(RELEASE_DIR)/fpverify run --db $(RELEASE_DIR)/bench_gemm.db --backend gpu --reference exact --impl gemm64.cublas_native \
			--classes uniform:k=4096:n=4096 --count 2^24 --quiet --no-progress && \
		for impl in f2d.shift_xor f2d.byte_perm f2d.native; do \
			$(RELEASE_DIR)/fpverify bench --impl $$impl --class all32 --backend gpu --sweep || exit 1; \
		done; \
	else $(RELEASE_DIR)/fpverify bench --impl div64.emu_nr --class normal --seconds 2 --backend cpu --raw && \
		echo "bench: no GPU here; GPU figures skipped"; fi

# NVIDIA's fpemu verified end to end (README, "fpemu"): its plug-in example built in against
# CCCL's headers, then scripts/fpemu_campaign.sh (10^9 inputs per (impl, class) for the
# correctly rounded rn impls, 10^8 for the others, CPU and GPU compared). Needs a GPU.
CCCL_INCLUDE ?= ../shared/third_party/cccl/libcudacxx/include
FPEMU_DIR := build/fpemu
fpemu-campaign: deps
	$(MAKE) RELEASE_DIR=$(FPEMU_DIR) EXTRA_IMPLS=docs/examples/fpemu.h EXTRA_INCLUDES=$(CCCL_INCLUDE) $(FPEMU_DIR)/fpverify
	scripts/fpemu_campaign.sh $(FPEMU_DIR)/fpverify fpemu-results 1e9 1e8 1e6 gpu

# The project's own emulations on a GPU (README, "The project's own emulations"): every emu impl
# over `all` and its TestFloat files at 10^8 inputs per (impl, class), the fixed and the
# published one-Halley divisions at 10^9 per class, CPU and GPU compared, the division proof
# placing every failure of the published one. Needs a GPU.
emulation-campaign: all
	scripts/emulation_campaign.sh $(RELEASE_DIR)/fpverify emulation-results 1e8 1e9 1e6 gpu

# Every planted-bug mutant against the default campaign, next to the TestFloat vectors.
mutation: all
	$(RELEASE_DIR)/fpverify mutation --vectors corpus/vectors/testfloat

clean:
	rm -rf build

-include $(patsubst %.o,%.d,$(filter %.o,$(RELEASE_OBJECTS))) $(GEMMUL8_UNITS:%=$(RELEASE_DIR)/gemmul8/%.d) $(patsubst %.o,%.d,$(filter %.o,$(ASAN_OBJECTS))) $(ASAN_TEST_OBJECTS:.o=.d) $(GPU_TEST_OBJECTS:.o=.d) \
	$(TEST_SOURCES:%.cpp=$(RELEASE_DIR)/%.d) \
	$(RELEASE_DIR)/cli/main.d $(ASAN_DIR)/cli/main.d $(FUZZ_LIB_OBJECTS:.o=.d) $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%.d)
