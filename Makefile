# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# The address in emailed links (claims, password resets): the port `make run` serves on, unless told.
SITE_URL ?= http://127.0.0.1:$(PORT)
# xstatic-bootstrap builds with pkg_resources, which setuptools 81 removed.
export PIP_CONSTRAINT := $(CURDIR)/constraints-build.txt

.PHONY: run test test-fast lint typecheck bench bench-table bench-load bench-http bench-flood bench-hands bench-tasks bench-readme bench-readme-table messages serve clean

$(BIN)/activate: requirements.txt requirements-dev.txt constraints-build.txt
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(BIN)/activate

run: $(BIN)/activate
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py load_demo
	DEBUG=1 SITE_URL=$(SITE_URL) $(BIN)/python manage.py runsite 127.0.0.1:$(PORT)

# The tests run on every core (pytest-xdist, each worker with its own test database); PYTEST_WORKERS=2 sets
# how many, PYTEST_ARGS="-n 0" or PYTEST_ARGS="-p no:xdist" runs them in this one process.
PYTEST_WORKERS ?= auto
# In lanes (tests/builders/lanes.py): the browser tests one after another on one worker, each other module on one.
XDIST = $(if $(findstring no:xdist,$(PYTEST_ARGS)),,-n $(PYTEST_WORKERS) --dist loadscope --no-loadscope-reorder)

test: $(BIN)/activate
	$(BIN)/pytest $(XDIST) $(PYTEST_ARGS)

# Everything but the tests marked slow (big sessions, many generated examples); CI runs `make test`.
test-fast: $(BIN)/activate
	$(BIN)/pytest $(XDIST) -m "not slow" $(PYTEST_ARGS)

lint: $(BIN)/activate
	$(BIN)/ruff check .

# mypy on the pure packages: scoring and the movement generators (the files are listed in pyproject.toml).
typecheck: $(BIN)/activate
	$(BIN)/mypy

# Scoring speed, then page speed on a synthetic 10-year club history (built once in bench/results/, ~3 min).
bench: $(BIN)/activate
	$(BIN)/python bench/bench_scoring.py
	$(BIN)/python bench/bench_pages.py $(BENCH_ARGS)

# Table entry under load: a 30-table room against gunicorn on 127.0.0.1 (DATABASE_URL=postgres://... to use
# PostgreSQL; a scratch SQLite file otherwise), BENCH_TABLE_ARGS="--rounds 1" for a shorter run.
bench-table: $(BIN)/activate
	$(BIN)/python bench/bench_table.py $(BENCH_TABLE_ARGS)
# Double-dummy analysis of a 36-board session (target: within 10 s on 2 cores); see bench/README.md.
bench-hands: $(BIN)/activate
	$(BIN)/python bench/bench_hands.py $(BENCH_HANDS_ARGS)
# The background tasks under make run's setup (server and worker, a scratch SQLite file): 36 uploaded boards on the
# travellers within 15 s; 500 results emails by one click, the public pages' p95 before and during (bench/README.md).
bench-tasks: $(BIN)/activate
	$(BIN)/python bench/bench_tasks.py $(BENCH_TASKS_ARGS)
# gunicorn on PostgreSQL, on 127.0.0.1: 2,000 requests at concurrency 20 while two directors save (bench/README.md).
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/clubsite_bench
bench-load: $(BIN)/activate
	DATABASE_URL=$(BENCH_DATABASE_URL) $(BIN)/python bench/bench_load.py $(BENCH_ARGS)
# Each public page over HTTP (gunicorn, production settings, 127.0.0.1 only) against a static file of its size,
# from the page cache and made afresh (BENCH_HTTP_ARGS="--requests 20 --db-url ..."); see bench/README.md.
bench-http: $(BIN)/activate
	$(BIN)/python bench/bench_http.py $(BENCH_HTTP_ARGS)
# The README's measured figures made again on this machine, dated (section "Measured on this machine"): bench_pages
# and bench_http (and bench_reader: a logged-in player's cached pages) on the bench club, SQLite and
# BENCH_README_DATABASE_URL (PostgreSQL) when set, then bench_table and profile_table (SQLite, and
# BENCH_README_TABLE_DATABASE_URL when set) and bench_tasks; CPU per request beside every wall time.
# BENCH_README_ARGS="--scale 0.05 --requests 20" for a quick run.
bench-readme: $(BIN)/activate
	$(BIN)/python bench/bench_readme.py $(if $(BENCH_README_DATABASE_URL),--db-url $(BENCH_README_DATABASE_URL)) \
		$(if $(BENCH_README_TABLE_DATABASE_URL),--table-db-url $(BENCH_README_TABLE_DATABASE_URL)) $(BENCH_README_ARGS)
# Table entry alone (SQLite, and BENCH_README_TABLE_DATABASE_URL's PostgreSQL): only its reports in the README, dated.
bench-readme-table: $(BIN)/activate
	$(BIN)/python bench/bench_readme.py --only table \
		$(if $(BENCH_README_TABLE_DATABASE_URL),--table-db-url $(BENCH_README_TABLE_DATABASE_URL))
# 8 clients on public pages with made-up query strings while two directors save (BENCH_FLOOD_ARGS="--seconds 60").
bench-flood: $(BIN)/activate
	$(BIN)/python bench/bench_flood.py $(BENCH_FLOOD_ARGS)

messages: $(BIN)/activate
	$(BIN)/python manage.py makemessages --all --ignore=.venv --ignore=staticfiles
	$(BIN)/python manage.py compilemessages --ignore=.venv

# Production: DEBUG=0 SECRET_KEY=... ALLOWED_HOSTS=... DATABASE_URL=... make serve
# gunicorn speaks plain HTTP on 127.0.0.1 for the TLS proxy in front of it; BIND=0.0.0.0 listens on every address.
BIND ?= 127.0.0.1
serve: $(BIN)/activate
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py collectstatic --no-input
	$(BIN)/gunicorn clubsite.wsgi --bind $(BIND):$(PORT) --workers 3

clean:
	rm -rf $(VENV) staticfiles
