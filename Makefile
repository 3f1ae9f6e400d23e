# hclschema: the two commands a fresh machine needs, and a few more.
#
#   make run [ARGS="parse --format json examples/service.hcl"]   install deps, build, validate the examples (or run ARGS)
#   make test                                                    install deps, build and run every test:
#                                                                release + sanitizer builds, fuzz smoke
#   make build | make bench | make fuzz [FUZZ_SECONDS=600] | make clean
#
# Each target installs what it needs (scripts/install-deps does nothing when all is there) and
# (re)configures its build directory, so any of them works first on a fresh clone.

JOBS         ?= 2
BUILD        ?= build
ASAN_BUILD   ?= build-asan
FUZZ_BUILD   ?= build-fuzz
# Short libFuzzer runs in `make test` (each target), long ones in `make fuzz`.
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_SECONDS       ?= 600

# ccache (from Debian, installed by install-deps) makes rebuilds of unchanged files nearly free.
# Deferred (`=`), so the test for ccache runs when a configure recipe runs, after `deps` has
# installed it: on a fresh machine the first build would otherwise go without the cache.
LAUNCHER = $(if $(shell command -v ccache 2>/dev/null),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache,)
CMAKE_COMMON = -G Ninja $(LAUNCHER)
# Paths relative to the checkout, so another clone of the same sources (CI's) can reuse the cache.
export CCACHE_BASEDIR ?= $(CURDIR)

# Sanitizer reports stop the process with a stack trace; leaks count too.
export ASAN_OPTIONS  ?= detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1

FUZZ_TARGETS := native json typeexpr inputs schema lsp eval vars

.PHONY: all deps configure build cli run test test-release test-asan test-fuzz fuzz-build bench fuzz clean

all: build

deps:
	@scripts/install-deps

# --- release build: build/hclschema ------------------------------------------------------------
configure: deps
	@scripts/timed "configure $(BUILD)" cmake -S . -B $(BUILD) $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Release \
	  -DHCLSCHEMA_BUILD_TESTS=ON -DHCLSCHEMA_SANITIZE=OFF >/dev/null

build: configure
	@scripts/timed "build $(BUILD)" cmake --build $(BUILD) -j$(JOBS)

# `make run` needs only the CLI, not the tests.
cli: configure
	@scripts/timed "build $(BUILD)/hclschema" cmake --build $(BUILD) -j$(JOBS) --target hclschema_cli

# With no ARGS: the main job on the bundled examples: validate the example service configurations
# against their schema. service_invalid.hcl has a mistake of every kind on purpose, so exit 1 is the
# expected outcome; with ARGS the tool's exit status is passed through unchanged.
EXAMPLE_RUN := validate --schema examples/service.schema.hcl examples/service.hcl examples/service_invalid.hcl
run: cli
ifeq ($(strip $(ARGS)),)
	@echo "+ $(BUILD)/hclschema $(EXAMPLE_RUN)"
	@$(BUILD)/hclschema $(EXAMPLE_RUN); rc=$$?; \
	  if [ $$rc -eq 1 ]; then echo "(exit 1: examples/service_invalid.hcl has errors on purpose; examples/service.hcl is valid)"; \
	  else exit $$rc; fi
else
	@$(BUILD)/hclschema $(ARGS)
endif

# --- tests -------------------------------------------------------------------------------------
test: test-release test-fuzz test-asan

test-release: build
	@scripts/timed "ctest $(BUILD)" ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)
	@# HCL's own spec-suite harness against build/hcldec, when Go is here (the committed goldens run always).
	@if command -v go >/dev/null 2>&1; then scripts/timed "specsuite" scripts/specsuite $(BUILD)/hcldec; fi

# The whole test suite again under AddressSanitizer + UndefinedBehaviorSanitizer (Debug).
test-asan: deps
	@scripts/timed "configure $(ASAN_BUILD)" cmake -S . -B $(ASAN_BUILD) $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Debug \
	  -DHCLSCHEMA_BUILD_TESTS=ON -DHCLSCHEMA_SANITIZE=ON >/dev/null
	@scripts/timed "build $(ASAN_BUILD)" cmake --build $(ASAN_BUILD) -j$(JOBS)
	@scripts/timed "ctest $(ASAN_BUILD)" ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS)

# libFuzzer builds need clang; the fuzz targets are instrumented with ASan + UBSan as well.
fuzz-build: deps
	@scripts/timed "configure $(FUZZ_BUILD)" cmake -S . -B $(FUZZ_BUILD) $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_COMPILER=clang++ -DHCLSCHEMA_BUILD_FUZZ=ON -DHCLSCHEMA_BUILD_TESTS=OFF >/dev/null
	@scripts/timed "build $(FUZZ_BUILD)" cmake --build $(FUZZ_BUILD) -j$(JOBS) --target $(FUZZ_TARGETS:%=%_fuzz)

test-fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do scripts/fuzz-run $(FUZZ_BUILD) $$t $(FUZZ_SMOKE_SECONDS) || exit 1; done

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do scripts/fuzz-run $(FUZZ_BUILD) $$t $(FUZZ_SECONDS) || exit 1; done

# --- benchmarks: ours next to the Go reference (needs Go, hence --reference); minutes, not CI -----
bench:
	@scripts/install-deps $(if $(BENCH_SKIP_REFERENCE),,--reference)
	@bench/run.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
