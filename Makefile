# One entry point for people and CI. `make run` and `make test` work on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000
# The Italian catalogue, compiled by the project's own pure-Python compiler (no GNU gettext needed).
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))

.PHONY: run test lint bench bench-web loadtest verify-puzzles migrate content check-migrations messages clean

$(STAMP): pyproject.toml
	@test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

%.mo: %.po | $(STAMP)
	$(BIN)/python -m tutorials.core.catalogue $<

migrate: $(STAMP) $(CATALOGUES)
	$(BIN)/python manage.py migrate --noinput

content: migrate
	$(BIN)/python manage.py sync_content
	$(BIN)/python manage.py load_puzzles

run: content
	@echo "Serving on http://$(HOST)/ (Ctrl-C to stop)"
	$(BIN)/python manage.py runserver $(HOST)

test: $(STAMP) $(CATALOGUES)
	$(BIN)/python -m pytest -n auto --dist loadfile $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

check-migrations: $(STAMP)
	DJANGO_SETTINGS_MODULE=tutorials.settings.test $(BIN)/python manage.py makemigrations --check --dry-run

bench: $(STAMP)
	$(BIN)/python -m neapolitan.bench

verify-puzzles: $(STAMP)
	$(BIN)/python manage.py verify_puzzles

bench-web: $(STAMP) $(CATALOGUES)
	$(BIN)/python -m tutorials.bench_web

# After marking new strings: add them to the Italian catalogue (GNU gettext's xgettext and msgmerge),
# then translate the new entries; the catalogue test fails until every one is translated.
messages: $(STAMP)
	$(BIN)/python manage.py makemessages -l it --ignore .venv --no-obsolete

# One live session of STUDENTS simulated players against gunicorn on PostgreSQL (and Redis when it answers).
STUDENTS ?= 100
loadtest: $(STAMP)
	$(BIN)/python -m tutorials.live.loadtest --students $(STUDENTS) $(LOADTEST_ARGS)

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .hypothesis $(CATALOGUES)
