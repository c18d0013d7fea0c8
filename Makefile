# sqlsh: `make run` sets up and starts the shell, `make test` sets up and runs every test.
SWIFT       ?= swift
PREFIX      ?= /usr/local
BINDIR      := $(PREFIX)/bin
MANDIR      := $(PREFIX)/share/man/man1
# A statically linked Swift runtime starts as fast as a C program. Concrete generic types get
# their metadata from their accessors rather than by mangled name: a mangled-name lookup checks
# the type's generic requirements, each a scan of every protocol conformance record of the
# program (about 0.1 M instructions each; 0.4 M of sqlsh's 4.4 M start-up instructions).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# The shell links the C++ runtime that the Swift runtime needs statically too: relocating
# libstdc++.so at start-up cost a third of sqlsh's start-up instructions. SwiftPM names
# -lstdc++ itself, so a folder holding only libstdc++.a, searched first, makes ld take it. The
# other C libraries are taken the same way, from their .a files: only the code sqlsh calls is
# linked, nothing is relocated at start-up and calls into them are direct. SQLite (1,300 symbols
# bound at load, a third of the dynamic loader's work), libedit with what it needs (terminfo,
# libbsd, libmd, named here since libedit.so named them itself), PCRE2, and the catalog's
# libcrypto, xxHash, utf8proc and zlib. SQLite's functions are exported from the executable, so
# that a plugin (and the WebAssembly host) linked against the system libsqlite3 calls the very
# same SQLite, never a second, uninitialized copy. The Swift runtime's link options hide every
# symbol of a static archive (--exclude-libs ALL), so SQLite's archive is first made into one
# object, sqlite3.o, linked as such, and -lsqlite3 finds an empty archive.
STATIC_LIB_DIR := $(CURDIR)/.build/static-libs
STATIC_LIBS    := libstdc++ libcrypto libxxhash libutf8proc libz libsnappy libzstd liblz4 libbrotlienc libbrotlidec libbrotlicommon libpcre2-8 libedit libtinfo libbsd libmd
SQLITE_OBJECT  := $(STATIC_LIB_DIR)/sqlite3.o
# lld packs the executable's relative relocations (DT_RELR, glibc 2.36): 33,000 of them, applied
# at every start.
# The executable's code that start-up runs is laid out first, in the order it runs
# (Sources/sqlsh/startup-order.txt, made by `make startup-order`): the kernel maps code 64 KiB
# at a time, so start-up faults in 40 fewer pages (346 -> 306). Names missing from the build are
# ignored, so a stale list costs only some of that gain.
# The shell is built without the implicit import of Swift's concurrency module, which nothing
# in it uses: linked, it brought libdispatch along (31 pages of pointers relocated at every
# start, 30 page faults, 70,000 instructions).
# Nor with the implicit import of the string processing module (substring search and Swift's
# Regex): the sources search text with SQLshCore's TextSearch.swift and `columns('regex')`
# compiles with PCRE2, so neither _StringProcessing nor its regular-expression parser is
# linked (2,300 relocated pointers and their pages, and their protocol conformance records,
# which the runtime scans at type lookups).
# Swift functions get sections of their own (-function-sections): the start-up order above then
# places functions rather than whole source files, and the linker drops functions nothing calls.
# The release shell keeps Swift's run-time exclusivity checks: -enforce-exclusivity=unchecked
# would save 4% of the INSERT script's instructions, but turns a conflicting access (a function
# re-entering the connection from a hostile schema's trigger, say) from a stop into undefined
# behaviour. Hot paths avoid the checks by their data layout instead.
STARTUP_ORDER := $(CURDIR)/Sources/sqlsh/startup-order.txt
SHELL_FLAGS := -Xswiftc -L$(STATIC_LIB_DIR) -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd \
	-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker '--export-dynamic-symbol=sqlite3_*' \
	-Xlinker --symbol-ordering-file=$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-concurrency-module-import \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import \
	-Xswiftc -Xfrontend -Xswiftc -function-sections
# PIE=no links a position-dependent executable: no relocation of its 33,000 pointers at start,
# and none of the 120 page copies that writing them costs (start-up 1.9 ms -> 1.5 ms against
# sqlite3's 1.2 ms on the 2-core machine), at the price of address-space randomization of the
# executable's own code and data. The default keeps it.
PIE ?= yes
ifeq ($(PIE),no)
SHELL_FLAGS += -Xlinker --no-pie
endif
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: package-stage all deps static-libs build debug run test install uninstall bench clean lint-man plugins install-plugins test-sanitize fuzz fuzz-smoke startup-order wasm-deps wasm-plugins \
	package-deps deb dist test-package lintian bench-package

all: build

# The -dev packages (SQLite, libedit, PCRE2, libcrypto, xxHash, utf8proc, zlib, and Parquet's
# codecs: snappy, zstd, lz4, brotli), installed only when their headers are missing (a fresh machine has
# only the runtime libraries of libedit and PCRE2), plus the tools the tests use: sqlite3 (the
# reference shell), mandoc (man page lint), pkg-config, and pexpect for the interactive tests.
# sudo only when not root. INCLUDEDIR and APT_GET can be overridden (to try the logic out).
INCLUDEDIR  ?= /usr/include
APT_GET     ?= apt-get
# Installs the Debian packages named after it (lists updated first: a fresh machine has none).
APT_INSTALL  = $(SUDO) $(APT_GET) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq
deps:
	@missing=""; \
	[ -f $(INCLUDEDIR)/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	[ -f $(INCLUDEDIR)/histedit.h ] || missing="$$missing libedit-dev"; \
	[ -f $(INCLUDEDIR)/pcre2.h ] || missing="$$missing libpcre2-dev"; \
	[ -f $(INCLUDEDIR)/openssl/sha.h ] || missing="$$missing libssl-dev"; \
	[ -f $(INCLUDEDIR)/xxhash.h ] || missing="$$missing libxxhash-dev"; \
	[ -f $(INCLUDEDIR)/utf8proc.h ] || missing="$$missing libutf8proc-dev"; \
	[ -f $(INCLUDEDIR)/zlib.h ] || missing="$$missing zlib1g-dev"; \
	[ -f $(INCLUDEDIR)/snappy-c.h ] || missing="$$missing libsnappy-dev"; \
	[ -f $(INCLUDEDIR)/zstd.h ] || missing="$$missing libzstd-dev"; \
	[ -f $(INCLUDEDIR)/lz4.h ] || missing="$$missing liblz4-dev"; \
	[ -f $(INCLUDEDIR)/brotli/decode.h ] || missing="$$missing libbrotli-dev"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	command -v mandoc >/dev/null || missing="$$missing mandoc"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(APT_INSTALL) $$missing >/dev/null; \
	fi
	@# pexpect and pyte (a terminal emulator: the screen tests read the rendered screen) for the
	@# python3 on PATH (pip, e.g. a pyenv Python); where pip may not install (Debian's externally
	@# managed Python), Debian's python3-pexpect and python3-pyte for /usr/bin/python3.
	@python3 -c 'import pexpect, pyte' 2>/dev/null || python3 -m pip install --quiet pexpect pyte 2>/dev/null || \
		/usr/bin/python3 -c 'import pexpect, pyte' 2>/dev/null || \
		{ $(APT_INSTALL) python3-pexpect python3-pyte >/dev/null; }
	@# duckdb and pyarrow: the Parquet tests' reference writers and answers (optional: the
	@# committed fixtures and answers serve where they are missing).
	@python3 -c 'import duckdb, pyarrow' 2>/dev/null || python3 -m pip install --quiet duckdb pyarrow 2>/dev/null || true
	@# The DuckDB CLI: the benchmarks' DuckDB column (Benchmarks/files.sh, parquet.sh; optional).
	@command -v duckdb >/dev/null || python3 -m pip install --quiet duckdb-cli 2>/dev/null || true

# sqlsh, then the WebAssembly plugin host next to it (.build/release/libsqlsh_wasm.so): sqlsh
# dlopens it on the first `.load FILE.wasm`, so WasmKit costs nothing at start-up otherwise.
# WasmKit needs Swift's concurrency module, which the shell is built without, so the host is
# built in a folder of its own (the same folder for both would rebuild everything each time
# the flags alternate) and copied next to the shell. Not from the static archives: it calls
# the SQLite that the shell exports, never a copy of its own.
WASM_HOST_FLAGS := --scratch-path $(CURDIR)/.build-wasm-host
build: deps static-libs
	$(SWIFT) build $(RELEASE_FLAGS) $(SHELL_FLAGS) \
		$$([ -f $(SQLITE_OBJECT) ] && echo -Xlinker $(SQLITE_OBJECT)) --product sqlsh
	$(SWIFT) build $(RELEASE_FLAGS) $(WASM_HOST_FLAGS) --product sqlsh_wasm
	cp .build-wasm-host/release/libsqlsh_wasm.so .build/release/libsqlsh_wasm.so

# Remakes Sources/sqlsh/startup-order.txt: the functions of the executable that
# `sqlsh :memory: 'select 1'` runs, in the order valgrind's callgrind first meets them, then
# relinks. Run it after changes to what start-up does.
startup-order: build
	@command -v valgrind >/dev/null || { $(APT_INSTALL) valgrind >/dev/null; }
	@out=$$(mktemp); valgrind --tool=callgrind --demangle=no --callgrind-out-file=$$out \
		.build/release/sqlsh :memory: 'select 1' >/dev/null 2>&1; \
	nm --defined-only .build/release/sqlsh | awk '{ print $$3 }' | sort -u >$$out.defined; \
	grep -E '^c?fn=\([0-9]+\) ' $$out | sed -E 's/^c?fn=\([0-9]+\) //' | awk '!seen[$$0]++' \
		| awk 'NR == FNR { defined[$$0] = 1; next } defined[$$0]' $$out.defined - >$(STARTUP_ORDER); \
	rm -f $$out $$out.defined; echo "$$(wc -l <$(STARTUP_ORDER)) functions in $(STARTUP_ORDER)"
	rm -f .build/release/sqlsh
	$(MAKE) build

# Where a library has no static archive, its link is left out and ld uses the shared one.
static-libs:
	@mkdir -p $(STATIC_LIB_DIR); \
	for lib in $(STATIC_LIBS); do \
		a=$$(c++ -print-file-name=$$lib.a 2>/dev/null); \
		[ -f "$$a" ] && [ "$${a#/}" != "$$a" ] || a=$$(pkg-config --variable=libdir $$lib 2>/dev/null)/$$lib.a; \
		if [ -f "$$a" ]; then ln -sf "$$a" $(STATIC_LIB_DIR)/$$lib.a; else rm -f $(STATIC_LIB_DIR)/$$lib.a; fi; \
	done; \
	a=$$(c++ -print-file-name=libsqlite3.a 2>/dev/null); \
	if [ -f "$$a" ] && [ "$${a#/}" != "$$a" ]; then \
		[ $(SQLITE_OBJECT) -nt "$$a" ] || ld -r --whole-archive "$$a" -o $(SQLITE_OBJECT); \
		rm -f $(STATIC_LIB_DIR)/libsqlite3.a; ar rc $(STATIC_LIB_DIR)/libsqlite3.a; \
	else rm -f $(SQLITE_OBJECT) $(STATIC_LIB_DIR)/libsqlite3.a; fi

debug: deps
	$(SWIFT) build

# The example plugins (plugins/geo, plugins/inet) as shared libraries in .build/release/, for the
# release sqlsh. Each links the Swift runtime statically, so it loads into any sqlsh build.
PLUGINS := sqlsh_geo sqlsh_inet
PLUGIN_DIR ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/sqlsh/plugins
# They are built in the WebAssembly host's folder, whose flags are theirs: built in .build with
# the release flags, which are not the shell's, every shared module would be compiled again by
# the next `make build`, and again by the next `make plugins`.
plugins: deps
	for p in $(PLUGINS); do $(SWIFT) build $(RELEASE_FLAGS) $(WASM_HOST_FLAGS) --product $$p || exit 1; done
	@mkdir -p .build/release; for p in $(PLUGINS); do \
		cp .build-wasm-host/release/lib$$p.so .build/release/lib$$p.so; echo "built .build/release/lib$$p.so"; done

# Copies them to the autoload folder, where sqlsh loads them at start-up.
install-plugins: plugins
	install -d $(PLUGIN_DIR)
	for p in $(PLUGINS); do install -m 755 .build/release/lib$$p.so $(PLUGIN_DIR)/lib$$p.so; done

# The WebAssembly example plugins and the test modules, from their sources: C with clang
# (--target=wasm32 -nostdlib, linked by wasm-ld) and WAT with wabt's wat2wasm. The .wasm files
# are committed, so the tests run where neither tool is installed; this target rebuilds them.
WASM_C_SOURCES   := plugins/wasm/textfun.c Tests/PluginTests/Wasm/textfun_v1.c
WASM_WAT_SOURCES := $(wildcard plugins/wasm/*.wat) $(wildcard Tests/PluginTests/Wasm/*.wat)
WASM_CC          ?= clang
WASM_CFLAGS      := --target=wasm32 -O2 -nostdlib -Wl,--no-entry -Wl,--strip-all
wasm-plugins: wasm-deps
	@for c in $(WASM_C_SOURCES); do \
		echo "$(WASM_CC) $(WASM_CFLAGS) -o $${c%.c}.wasm $$c"; \
		$(WASM_CC) $(WASM_CFLAGS) -o $${c%.c}.wasm $$c || exit 1; \
	done
	@for w in $(WASM_WAT_SOURCES); do \
		echo "wat2wasm -o $${w%.wat}.wasm $$w"; \
		wat2wasm -o $${w%.wat}.wasm $$w || exit 1; \
	done

# What wasm-plugins needs: a clang that targets wasm32, wasm-ld, and wat2wasm (Debian's clang,
# lld and wabt), installed only when missing.
wasm-deps:
	@missing=""; \
	echo 'int f(void){return 0;}' | $(WASM_CC) --target=wasm32 -nostdlib -Wl,--no-entry -x c -o /dev/null - 2>/dev/null || missing="$$missing clang lld"; \
	command -v wat2wasm >/dev/null || missing="$$missing wabt"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(APT_INSTALL) $$missing >/dev/null; \
	fi

run: build
	./.build/release/sqlsh

test: deps
	$(SWIFT) build    # every product, the example plugins too: Tests/PluginTests loads them
	@# The run's output is kept in .build/swift-test.log; when a test fails, its issues are
	@# printed again at the end, where a CI log's tail shows them.
	@echo "$(SWIFT) test"; rm -f .build/swift-test.failed; \
	{ $(SWIFT) test 2>&1 || touch .build/swift-test.failed; } | tee .build/swift-test.log; \
	if [ -e .build/swift-test.failed ]; then \
		echo "== the failed tests' issues again (the whole run: .build/swift-test.log)"; \
		grep -a -A6 -E 'recorded an issue|error: -\[' .build/swift-test.log | grep -av '^◇' | head -300; \
		exit 1; \
	fi
	@py=python3; $$py -c 'import pexpect, pyte' 2>/dev/null || py=/usr/bin/python3; \
		echo "$$py -m unittest discover Tests/Interactive"; \
		cd Tests/Interactive && $$py -m unittest discover -p 'test_*.py'
	mandoc -Tlint -W warning man/sqlsh.1

# The whole Swift test suite under AddressSanitizer, in its own build folder, then the core's
# tests under ThreadSanitizer in another (a first run builds everything twice with
# instrumentation: 49 min on the 2-core machine while other builds ran, docs/testing.md has the parts).
test-sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	@# LeakSanitizer stays off: XCTest's own runner leaks a few objects at exit (368 bytes),
	@# which would fail the run whatever the code under test does.
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan
	@# Then the core's tests under ThreadSanitizer, in .build-tsan: ConcurrencyTests and
	@# ConnectionTests use threads (a query interrupted from another thread, a busy timeout
	@# released by another connection, a connection used from a detached task), and Swift
	@# Testing runs the rest of the suite's tests in parallel. A report fails the run (TSan exits 66).
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip-build --filter SQLshCoreTests

# libFuzzer targets (Fuzz/, a package of its own: they need -sanitize=fuzzer), each run for
# FUZZ_SECONDS on its committed seed corpus; new inputs go to .build-fuzz/corpus, crashes to
# .build-fuzz/artifacts.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := FuzzInputSplitter FuzzDotArguments FuzzImportReader FuzzCompletion FuzzCatalog FuzzRecover \
                FuzzVSVOptions FuzzDumpDamaged FuzzFileTables FuzzHighlighter FuzzWasmModule FuzzSQLTokenizer \
                FuzzFriendlySQL FuzzDates FuzzParquet
fuzz: deps
	@# The build plan is made again each time: a path dependency's new source files are
	@# otherwise missed (SwiftPM keeps the old file lists in .build-fuzz/*.yaml).
	rm -f .build-fuzz/*.yaml
	cd Fuzz && $(SWIFT) build -c release --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
	@# Each target runs in a scratch folder of its own, so that nothing it might write lands
	@# in the working tree.
	@failed=""; for t in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$t .build-fuzz/artifacts/$$t .build-fuzz/work/$$t; \
		echo "== $$t ($(FUZZ_SECONDS) s)"; \
		(cd .build-fuzz/work/$$t && $(CURDIR)/.build-fuzz/release/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=$(CURDIR)/.build-fuzz/artifacts/$$t/ $(CURDIR)/.build-fuzz/corpus/$$t $(CURDIR)/Fuzz/Corpus/$$t) || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz findings in:$$failed (inputs in .build-fuzz/artifacts)"; exit 1; fi

# A short, deterministic pass of every fuzz target for CI (.ci/run calls it after make test):
# a fixed -seed and a fixed -runs count over the committed seed corpora only, so a clean
# clone runs the same inputs each time (FuzzCatalog only its first few hundred: docs/testing.md).
# The targets are built in FUZZ_SMOKE_CONFIG into
# .build-fuzz-smoke, apart from make fuzz's .build-fuzz (a long make fuzz may be using it).
# New inputs go to a corpus folder emptied first, each target runs with its working folder
# in .build-fuzz-smoke/work, and findings land in .build-fuzz-smoke/artifacts.
# -max_total_time only caps a slow machine's run; -runs is what ends it.
# A debug build, not release: both instrument alike (-sanitize=fuzzer adds the coverage hooks
# at any optimisation level) and build from scratch in about the same time on the 2-core
# machine (debug 285 s at load average 10, release 293 s at 6 to 8), and debug keeps the
# DEBUG-only checks (an Argument used after its call traps) that make fuzz's release lacks.
# Release runs the inputs about 4 times faster (the six passes: 12 s against 48 s), which at
# 1000 runs a target is under a minute. First run from scratch (debug, load average 10):
# build 285 s, the six passes 48 s (FuzzCatalog 29 s of it): about 5.5 min added to CI.
FUZZ_SMOKE_CONFIG ?= debug
FUZZ_SMOKE_RUNS   ?= 1000
FUZZ_SMOKE_DIR    := $(CURDIR)/.build-fuzz-smoke
fuzz-smoke: deps
	rm -f $(FUZZ_SMOKE_DIR)/*.yaml
	cd Fuzz && $(SWIFT) build -c $(FUZZ_SMOKE_CONFIG) --scratch-path $(FUZZ_SMOKE_DIR) -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
	@failed=""; for t in $(FUZZ_TARGETS); do \
		rm -rf $(FUZZ_SMOKE_DIR)/corpus/$$t $(FUZZ_SMOKE_DIR)/work/$$t; \
		mkdir -p $(FUZZ_SMOKE_DIR)/corpus/$$t $(FUZZ_SMOKE_DIR)/artifacts/$$t $(FUZZ_SMOKE_DIR)/work/$$t; \
		echo "== $$t (-seed=1 -runs=$(FUZZ_SMOKE_RUNS))"; \
		(cd $(FUZZ_SMOKE_DIR)/work/$$t && $(FUZZ_SMOKE_DIR)/$(FUZZ_SMOKE_CONFIG)/$$t -seed=1 -runs=$(FUZZ_SMOKE_RUNS) \
			-max_total_time=120 -timeout=60 -print_final_stats=1 -artifact_prefix=$(FUZZ_SMOKE_DIR)/artifacts/$$t/ \
			$(FUZZ_SMOKE_DIR)/corpus/$$t $(CURDIR)/Fuzz/Corpus/$$t) || failed="$$failed $$t"; \
	done; \
	set -- $$failed; echo "fuzz: $$(( $(words $(FUZZ_TARGETS)) - $$# )) passed, $$# failed"; \
	if [ -n "$$failed" ]; then echo "fuzz-smoke findings in:$$failed (inputs in .build-fuzz-smoke/artifacts)"; exit 1; fi

lint-man:
	mandoc -Tlint -W warning man/sqlsh.1

install: build
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(PREFIX)/lib/sqlsh
	install -m 755 .build/release/sqlsh $(DESTDIR)$(BINDIR)/sqlsh
	install -m 755 .build/release/libsqlsh_wasm.so $(DESTDIR)$(PREFIX)/lib/sqlsh/libsqlsh_wasm.so
	install -m 644 man/sqlsh.1 $(DESTDIR)$(MANDIR)/sqlsh.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sqlsh $(DESTDIR)$(MANDIR)/sqlsh.1 $(DESTDIR)$(PREFIX)/lib/sqlsh/libsqlsh_wasm.so

# Packages (issue 35): the release build, stripped, with what it needs at run time (the
# WebAssembly host), the manual page, the plugin headers and the example plugins; packaging/
# has the scripts. The version is the VERSION file's (sqlsh embeds the same file, see
# Sources/CSQLshVersion), the architecture dpkg's. Everything lands in dist/:
#   make deb   sqlsh_VERSION_ARCH.deb and sqlsh-dbgsym_VERSION_ARCH.deb (debug information)
#   make dist  sqlsh-VERSION-ARCH.tar.gz (extract into /usr/local with --strip-components=1)
#              and sqlsh-VERSION-ARCH-debug.tar.gz
# `make test-package` checks both and runs the packaged binary in an empty environment
# (Tests/Packaging/check-package.sh); `make lintian` runs Debian's checker on the .deb and
# `make bench-package` times the stripped binary's start-up against the unstripped one.
VERSION      := $(shell cat $(CURDIR)/VERSION)
ARCH          = $(shell dpkg --print-architecture)
DIST_DIR     := $(CURDIR)/dist
PACKAGE_STAGE := $(CURDIR)/.build/package
DEB          = $(DIST_DIR)/sqlsh_$(VERSION)_$(ARCH).deb
TARBALL      = $(DIST_DIR)/sqlsh-$(VERSION)-$(ARCH).tar.gz
# What the packaging needs: dpkg-dev (dpkg-shlibdeps), binutils (strip, objcopy, readelf) and
# chrpath (the RUNPATH $ORIGIN that swiftc adds is dropped: nothing is found through it).
package-deps:
	@missing=""; \
	command -v dpkg-shlibdeps >/dev/null || missing="$$missing dpkg-dev"; \
	command -v chrpath >/dev/null || missing="$$missing chrpath"; \
	command -v objcopy >/dev/null || missing="$$missing binutils"; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; $(APT_INSTALL) $$missing >/dev/null; fi
package-stage: package-deps build plugins
	packaging/stage.sh $(PACKAGE_STAGE)
deb: package-stage
	packaging/deb.sh $(PACKAGE_STAGE) $(DIST_DIR) $(VERSION) $(ARCH)
dist: package-stage
	packaging/dist.sh $(PACKAGE_STAGE) $(DIST_DIR) $(VERSION) $(ARCH)
test-package: deb dist
	Tests/Packaging/check-package.sh $(DEB) $(TARBALL) $(VERSION)
# Start-up of the packaged (stripped) binary against the unstripped build, in one hyperfine run.
# First run (2-core machine at load average 13 to 15): 4.4 ms against 5.2 ms, mean ratio
# 1.17 +- 1.55 (noise: both 1.7 ms at best), so stripping costs nothing at start-up.
bench-package: package-stage
	@command -v hyperfine >/dev/null || { $(APT_INSTALL) hyperfine >/dev/null; }
	hyperfine -N --warmup 50 --runs 1000 \
		-n unstripped ".build/release/sqlsh :memory: 'select 1'" \
		-n stripped "$(PACKAGE_STAGE)/root/usr/bin/sqlsh :memory: 'select 1'"
# Lintian (installed if missing) on both packages; the errors left by design are overridden,
# with the reason, in packaging/lintian-overrides. It fails on errors only.
lintian: deb
	@command -v lintian >/dev/null || { $(APT_INSTALL) lintian >/dev/null; }
	lintian $(DEB) $(DIST_DIR)/sqlsh-dbgsym_$(VERSION)_$(ARCH).deb

# Every benchmark: the function API against the raw C API and GRDB (the Benchmarks package),
# then the shell and the catalog against the stock sqlite3 (hyperfine times whole commands),
# files queried in place against sqlite3's .import and DuckDB's read_csv (Benchmarks/files.sh),
# friendly SQL's summarize against one aggregate pass over the same columns (Benchmarks/friendly.sh),
# a Parquet file read in place against sqlite3's own table and DuckDB (Benchmarks/parquet.sh),
# and, when SQLEAN_DIST names a folder of sqlean's .so files, every function shared with
# sqlean against its C extension (a one-line note otherwise), a scalar call through the
# WebAssembly sandbox against the same function native and built in (Benchmarks/wasm.sh), and
# the line editor's typing speed (Benchmarks/typing.py: 1,000 keys into a 2,000-character
# statement, time per key).
bench: deps build
	@command -v hyperfine >/dev/null || { $(APT_INSTALL) hyperfine >/dev/null; }
	cd Benchmarks && $(SWIFT) run -c release
	Benchmarks/shell.sh
	Benchmarks/catalog.sh
	Benchmarks/sqlean.sh
	Benchmarks/files.sh
	Benchmarks/friendly.sh
	Benchmarks/parquet.sh .build/release/sqlsh
	Benchmarks/sqlean-compare.sh
	Benchmarks/wasm.sh
	SQLSH_BIN=.build/release/sqlsh python3 Benchmarks/typing.py

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz .build-fuzz-smoke .build-wasm-host Benchmarks/.build dist
