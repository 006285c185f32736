# Two commands matter: `make run` and `make test`. Everything else is a step they use.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# The browser tests drive Debian's Chromium (never a downloaded browser build).
CHROMIUM_PATH ?= /usr/bin/chromium
# The deployment's tests start nginx (Debian's package) in front of Daphne processes.
NGINX_PATH ?= /usr/sbin/nginx
# Nothing set in the settings means a production start, which refuses to run without a real
# SECRET_KEY: the development commands ask for the development default (DEBUG on) unless the
# environment already says otherwise.
DEVELOPMENT := DEBUG=$(or $(DEBUG),1)

.PHONY: install lock run cluster test lint format messages migrate worker worker-computer beat clean

$(CHROMIUM_PATH):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM_PATH): apt-get install -y chromium"; exit 1; \
	fi

$(NGINX_PATH):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	else \
		echo "The deployment tests need nginx at $(NGINX_PATH): apt-get install -y nginx"; exit 1; \
	fi

# Reproducible installs: every package at the version and hash of requirements-dev.lock (the
# production lock, requirements.lock, leaves out the dev tools), then the project itself,
# editable, built by the locked setuptools. `make lock` refreshes both locks after a change
# of pyproject.toml (a test fails until it is run).
$(STAMP): requirements-dev.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements-dev.lock
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# Keeps every locked version that still fits pyproject.toml and adds what is new;
# `make lock LOCK_OPTIONS=--upgrade` moves every package to the newest version allowed.
LOCK_OPTIONS ?=
LOCK := $(BIN)/uv pip compile pyproject.toml requirements-build.in --universal \
	--python-version 3.11 --generate-hashes --quiet $(LOCK_OPTIONS)

lock: $(STAMP)
	$(LOCK) --output-file requirements.lock
	$(LOCK) --extra dev --output-file requirements-dev.lock
	$(MAKE) install

install: $(STAMP)
	@if command -v msgfmt >/dev/null 2>&1; then $(DEVELOPMENT) $(BIN)/python manage.py compilemessages --ignore=.venv >/dev/null; fi

migrate: install
	$(DEVELOPMENT) $(BIN)/python manage.py migrate --noinput

# The whole site (HTTP and websockets) on the embedded default: SQLite, in-memory channel layer,
# background jobs (deadlines, period closing) inside the server process. No service to install.
run: migrate
	$(DEVELOPMENT) $(BIN)/daphne -b $(HOST) -p $(PORT) cartomaniak.asgi:application

# Production's topology on this machine: nginx in front of several Daphne processes, a Celery
# worker and beat, on PostgreSQL and Redis (DATABASE_URL and REDIS_URL must be set). Ctrl-C stops
# it all. `make cluster CLUSTER_OPTIONS="--processes 4 --port 8080"`; docs/operations.md.
CLUSTER_OPTIONS ?=
cluster: install
	$(BIN)/python deploy/cluster.py run $(CLUSTER_OPTIONS)

test: install $(CHROMIUM_PATH) $(NGINX_PATH)
	CHROMIUM_PATH=$(CHROMIUM_PATH) NGINX_PATH=$(NGINX_PATH) $(BIN)/python -m pytest
	$(BIN)/ruff check .

lint: install
	$(BIN)/ruff check .

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Regenerate the translation catalogues (French is the source language of game words, English
# the translation); `make install` compiles them.
messages: install
	$(DEVELOPMENT) $(BIN)/python manage.py makemessages -l en --no-location --ignore=.venv --ignore=benchmarks --ignore=tests
	$(DEVELOPMENT) $(BIN)/python manage.py compilemessages --ignore=.venv

# Background processes (with REDIS_URL set). In production, with the production environment
# (deploy/production.env.example); for development with Redis, set DEBUG=1 as well.
# The default queue (scheduled jobs) and the computer players' turns (docs/operations.md).
worker: install
	$(BIN)/celery -A cartomaniak worker --loglevel=info

# Computer players only, on workers of their own when there are many games against them.
worker-computer: install
	$(BIN)/celery -A cartomaniak worker -Q computer --loglevel=info

# Beat keeps the time of each job's last run in a file of its own, outside the sources.
beat: install
	$(BIN)/celery -A cartomaniak beat --loglevel=info --schedule=$(VENV)/celerybeat-schedule

clean:
	rm -rf $(VENV) db.sqlite3 .test-db*.sqlite3 staticfiles
