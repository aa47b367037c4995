# Every target sets itself up: `make test` on a fresh clone creates .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
ARGS ?=

.PHONY: install run test soak bench lint clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres]'
	touch $(STAMP)

install: $(STAMP)

# Until the browser exists, the main job is a terminal match against bots.
run: $(STAMP)
	$(BIN)/pitchside play sonic-cup --seats 4 --you 0 $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 $(ARGS)

# Long runs behind the `soak` marker (`make test` leaves them out; .ci/run runs both).
soak: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m soak $(ARGS)

# The peers (the `bench` extra) are installed here only: `make test` never needs them. If they
# cannot be installed, bench/run.py says so and skips the comparison.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,postgres,bench]' && touch $(BENCH_STAMP) \
		|| echo "make bench: the bench extra (rlcard, open_spiel) did not install; the peers will be skipped"

bench: $(BENCH_STAMP)
	$(BIN)/python bench/run.py $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
