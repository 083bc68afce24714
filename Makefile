# Two commands set everything up on a fresh Debian machine: `make build` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEBIAN_PACKAGES := fonts-noto-cjk libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 graphviz poppler-utils chromium

.PHONY: build test check generate messages compiled-messages screenshots bootstrap system-packages compiled-simulator benchmark fuzz clean

build: bootstrap
	$(BIN)/bp build

# toolchain/locale/bp.pot from the sources and each language's bp.po brought up to it (then translate
# what is new: tests/i18n/test_catalogue.py names it).
messages: bootstrap
	$(BIN)/python scripts/messages extract

# Two processes (this machine has two cores), each taking whole test modules (loadscope): a module's
# tests run in file order on one process (tests/build/test_incremental.py's build on one another) and
# its module fixtures are made once. (pytest-xdist 3.8's loadgroup no longer groups under pytest 9.2.)
# The builds every module reads are made once for both (tests/shared.py). The 15 slowest tests last.
test: bootstrap
	$(BIN)/python -m pytest -q -n 2 --dist loadscope --durations=15

check: bootstrap
	$(BIN)/bp check

benchmark: bootstrap
	$(BIN)/python benchmarks/run.py

# The fuzzers, long (FUZZ_SCALE=0.1 for a tenth): cases tried, crashes (0), hangs (0); then 10,000
# random games over all 10 regulations of table 3.1: games, violations (0), crashes (0), hangs (0); then
# 2,000 seeded games of the 9.0 rules (tests/editions/v9.0), every new action played.
fuzz: bootstrap
	$(BIN)/python -m tests.fuzz.run

# schema/effect.schema.json and the effect-language tables of definitions/README.md, from
# toolchain/model/effect_language.py (the one statement of the language).
generate: bootstrap
	$(BIN)/python scripts/generate-effect-language

# The pictures of the README and the guides (README-images/): the action-list page at 1280 px and 390 px, a leaflet page, the playtest table (bp play).
screenshots: bootstrap
	$(BIN)/python scripts/screenshots

bootstrap: system-packages $(VENV)/.installed compiled-simulator compiled-messages

# Each bp.po compiled into its bp.mo (bp compiles the .po in memory while its .mo is missing or older).
compiled-messages: $(VENV)/.installed
	$(BIN)/python scripts/messages compile

# The simulator's modules compiled by mypyc into build/mypyc/ (about twice as fast): at once while they are
# current (as after installing, above), else compiled again (about a minute of CPU); pure Python, said in
# one line, where they cannot be.
# toolchain/sim/native.py uses them only while every source hashes as when they were compiled.
compiled-simulator: $(VENV)/.installed
	$(BIN)/python scripts/compile-sim

system-packages:
	@scripts/ensure-debian-packages.sh $(DEBIAN_PACKAGES)

# Reinstall only when the dependencies change.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $$($(BIN)/python scripts/compile-sim --requirements)
	# The simulator compiles on one core while the rest installs on the other (it never looks at them).
	$(BIN)/python scripts/compile-sim & compiling=$$!; \
	  $(BIN)/python -m pip install --quiet -e '.[test]'; installed=$$?; wait $$compiling; exit $$installed
	touch $@

clean:
	rm -rf build $(VENV) .pytest_cache
