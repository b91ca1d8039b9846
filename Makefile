# fpverify build. `make` builds build/release/fpverify; `make test` runs the test suite under
# AddressSanitizer and UndefinedBehaviorSanitizer; `make demo` runs a demonstration campaign and
# writes its report; `make bench` measures throughput. Missing Debian packages are installed
# first (see `deps`).

SHELL := /bin/bash
CXX ?= g++
ifeq ($(origin CXX),default)
CXX := g++
endif

VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
CXXFLAGS_COMMON := -std=c++20 -fopenmp -Wall -Wextra -Wshadow -Werror -I. -DFPV_VERSION='"$(VERSION)"'
# MPFR and GMP are linked statically: their thread-local exponent range is then reached without
# __tls_get_addr calls (about a fifth of the reference's time), and the binary runs where only
# other versions of them are installed.
LDLIBS := -Wl,-Bstatic -lmpfr -lgmp -Wl,-Bdynamic -lsqlite3 -fopenmp

RELEASE_DIR := build/release
ASAN_DIR := build/asan
RELEASE_FLAGS := $(CXXFLAGS_COMMON) -O2 -g
ASAN_FLAGS := $(CXXFLAGS_COMMON) -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=undefined

LIB_SOURCES := $(wildcard corpus/*.cpp kernels/*.cpp reference/*.cpp reports/*.cpp) \
	$(filter-out verifier/main.cpp,$(wildcard verifier/*.cpp))
TEST_SOURCES := $(wildcard tests/*.cpp)

RELEASE_OBJECTS := $(LIB_SOURCES:%.cpp=$(RELEASE_DIR)/%.o)
ASAN_OBJECTS := $(LIB_SOURCES:%.cpp=$(ASAN_DIR)/%.o)
ASAN_TEST_OBJECTS := $(TEST_SOURCES:%.cpp=$(ASAN_DIR)/%.o)

# Debian packages the build needs; dpkg says which are missing.
DEB_PACKAGES := libmpfr-dev libgmp-dev libsqlite3-dev libcli11-dev nlohmann-json3-dev libgtest-dev \
	sqlite3
MISSING_PACKAGES = $(shell for p in $(DEB_PACKAGES); do \
	dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done)
SUDO := $(shell if [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null; then echo sudo; fi)

.PHONY: all deps test demo bench clean

all: deps $(RELEASE_DIR)/fpverify

deps:
	@missing="$(strip $(MISSING_PACKAGES))"; \
	if [ -n "$$missing" ]; then \
		echo "installing missing packages: $$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null || \
		{ echo "could not install: $$missing" >&2; exit 1; }; \
	fi

$(RELEASE_DIR)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(RELEASE_FLAGS) -MMD -MP -c $< -o $@

$(ASAN_DIR)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(ASAN_FLAGS) -MMD -MP -c $< -o $@

$(RELEASE_DIR)/fpverify: $(RELEASE_OBJECTS) $(RELEASE_DIR)/verifier/main.o
	$(CXX) $(RELEASE_FLAGS) $^ -o $@ $(LDLIBS)

$(ASAN_DIR)/fpverify: $(ASAN_OBJECTS) $(ASAN_DIR)/verifier/main.o
	$(CXX) $(ASAN_FLAGS) $^ -o $@ $(LDLIBS)

$(ASAN_DIR)/fpverify_tests: $(ASAN_OBJECTS) $(ASAN_TEST_OBJECTS)
	$(CXX) $(ASAN_FLAGS) $^ -o $@ $(LDLIBS) -lgmpxx -lgtest -lpthread

# The whole suite runs under the sanitizers, the end-to-end tests against the sanitized binary.
test: deps $(ASAN_DIR)/fpverify $(ASAN_DIR)/fpverify_tests
	FPV_BINARY=$(ASAN_DIR)/fpverify FPV_VECTORS=corpus/vectors/testfloat \
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	$(ASAN_DIR)/fpverify_tests

DEMO_DIR := demo
demo: all
	@mkdir -p $(DEMO_DIR)
	rm -f $(DEMO_DIR)/demo.db $(DEMO_DIR)/demo.db-wal $(DEMO_DIR)/demo.db-shm
	$(RELEASE_DIR)/fpverify run --name demo --db $(DEMO_DIR)/demo.db \
		--impl div64.emu_nr,div64.emu_halley,div64.host \
		--classes all,testfloat:corpus/vectors/testfloat/f64_div.level1.txt \
		--count 1e7 --seed 1; status=$$?; \
		if [ $$status -gt 1 ]; then exit $$status; fi
	$(RELEASE_DIR)/fpverify report --db $(DEMO_DIR)/demo.db --format md --out $(DEMO_DIR)/report.md
	$(RELEASE_DIR)/fpverify report --db $(DEMO_DIR)/demo.db --format json --out $(DEMO_DIR)/report.json
	@echo "demo: database $(DEMO_DIR)/demo.db, report $(DEMO_DIR)/report.md (and report.json)"

bench: all
	$(RELEASE_DIR)/fpverify bench --impl div64.emu_nr --class normal --seconds 20

clean:
	rm -rf build

-include $(RELEASE_OBJECTS:.o=.d) $(ASAN_OBJECTS:.o=.d) $(ASAN_TEST_OBJECTS:.o=.d)
