# Every target sets itself up: `make test` on a fresh clone creates .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
RAY_STAMP := $(VENV)/.installed-ray
ARGS ?=

.PHONY: install run test soak bench lint clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres,rl,web,lab]'
	touch $(STAMP)

install: $(STAMP)

# The main job: the web server on http://127.0.0.1:8000 (SQLite in the data directory; nothing else to install).
# The terminal game stays: .venv/bin/pitchside play sonic-cup --seats 4 --you 0
run: $(STAMP)
	$(BIN)/pitchside serve --host 127.0.0.1 --port 8000 $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 $(ARGS)

# Long runs behind the `soak` marker (`make test` leaves them out; .ci/run runs both).
# The Ray backend's test (tests/lab/test_ray.py) is a soak test: `make soak` installs the `ray` extra once.
$(RAY_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,postgres,rl,web,lab,ray]' && touch $(RAY_STAMP) \
		|| echo "make soak: the ray extra did not install; the Ray backend test will be skipped"

soak: $(STAMP) $(RAY_STAMP)
	$(BIN)/python -m pytest -n 2 -m soak $(ARGS)

# The peers (the `bench` extra) are installed here only: `make test` never needs them. If they
# cannot be installed, bench/run.py says so and skips the comparison.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,postgres,rl,web,lab,bench]' && touch $(BENCH_STAMP) \
		|| echo "make bench: the bench extra (rlcard, open_spiel) did not install; the peers will be skipped"

bench: $(BENCH_STAMP)
	$(BIN)/python bench/run.py $(ARGS)
	$(BIN)/python bench/ismcts_rate.py
	$(BIN)/python bench/rl.py
	$(BIN)/python bench/web.py --rooms 200 --seconds 20
	$(BIN)/python bench/lab.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
