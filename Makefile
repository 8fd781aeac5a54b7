# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GAME   ?= reversi
BOT    ?= joueur

.PHONY: run duel tour montage test lint bench soak clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

# The Pico's stubs are a typeshed of their own (they would stand in for CPython's sys and
# time): kept apart, for firmware/mypy-pico.ini.
PICO_STUBS := micropython-rp2-rpi-pico-stubs==1.29.*
$(VENV)/pico-stubs/.installed: Makefile | $(BIN)/python
	rm -rf $(VENV)/pico-stubs
	$(BIN)/python -m pip install -q --no-user --target $(VENV)/pico-stubs '$(PICO_STUBS)'
	touch $@

$(VENV)/.bench: pyproject.toml $(VENV)/.dev
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	touch $@

## make run: the kiosk in a window, board games on a simulated board (fullscreen on the Pi is `ludokiosk`)
run: $(VENV)/.dev
	$(BIN)/ludokiosk --windowed --board-sim

## make duel: play a game in the terminal against the machine (GAME=…, BOT=…)
duel: $(VENV)/.dev
	$(BIN)/ludokiosk-engine duel $(GAME) --bot $(BOT)

## make tour: every screen as PNG in screenshots/ (headless)
tour: $(VENV)/.dev
	$(BIN)/ludokiosk --screenshot-tour screenshots

## make montage: the README's picture, a few of the tour's screens in docs/images/kiosk.png
montage: $(VENV)/.dev
	$(BIN)/python -m kiosk.montage docs/images/kiosk.png

## make test: lint, type-check and run the test suite on every core (TEST_WORKERS=…);
## an idle core takes tests queued on a busy one (worksteal): the strength tests are long
TEST_WORKERS ?= auto
test: lint $(VENV)/pico-stubs/.installed
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/mypy

## make bench: engine speed side by side with OpenSpiel, frame times, board latency, the synced
## autosave's cost, cross-checks
bench: $(VENV)/.bench
	$(BIN)/python -m bench.engines
	$(BIN)/python -m bench.frames
	$(BIN)/python -m bench.board_latency
	$(BIN)/python -m bench.records_durability
	$(BIN)/python -m pytest -q tests/engines/test_openspiel_crosscheck.py tests/engines/test_backgammon_peers.py

## make soak: the kiosk headless in attract mode for MINUTES (default 30), every game, simulated boards
MINUTES ?= 30
soak: $(VENV)/.dev
	$(BIN)/python -m bench.soak --minutes $(MINUTES)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
