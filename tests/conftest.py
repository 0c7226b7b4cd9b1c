"""Every test directory: the ``slow`` runs (thousands of random games) are skipped unless asked for with
``-m slow`` (or any ``-m`` expression naming ``slow``), so ``pytest tests/engine`` and the like stay quick.
Also the PostgreSQL fixtures: a database per test run (``postgres_url``) and a schema per test (``postgres_schema``)."""

from __future__ import annotations

import itertools
import os
import secrets
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# ----------------------------------------------------------------------------------------------- PostgreSQL

POSTGRES_ENV = "LIFEBOAT_TEST_POSTGRES"
POSTGRES_DEFAULT = "postgresql://postgres@127.0.0.1:5432/postgres"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The connection string of a database of this test run's own, created at first use and dropped at the end.

    The server is ``$LIFEBOAT_TEST_POSTGRES`` (default ``postgresql://postgres@127.0.0.1:5432/postgres``, a
    role that may create databases). If it cannot be reached, every test that needs it fails with a message saying
    how to start one: these tests never skip silently.
    """
    import psycopg
    from psycopg.conninfo import make_conninfo

    admin_url = os.environ.get(POSTGRES_ENV, POSTGRES_DEFAULT)
    try:
        admin = psycopg.connect(admin_url, autocommit=True, connect_timeout=5)
    except psycopg.Error as exc:
        problem = str(exc).strip().splitlines()[0]
    else:
        problem = None
    if problem is not None:
        pytest.fail(f"PostgreSQL is not reachable at {admin_url}: {problem}\n"
                    "These tests need a real PostgreSQL server (trust authentication, a role that may create "
                    "databases). Start one:\n"
                    "  Debian/Ubuntu:  sudo apt-get install postgresql && sudo pg_ctlcluster 15 main start\n"
                    "  Docker:         docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16\n"
                    f"or point {POSTGRES_ENV} at another server (a libpq connection string).", pytrace=False)
    name = f"lifeboat_test_{os.getpid()}_{secrets.token_hex(3)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            if admin_url.startswith(("postgresql://", "postgres://")):  # keep the URL form the CLI takes
                yield urlsplit(admin_url)._replace(path=f"/{name}").geturl()
            else:
                yield make_conninfo(admin_url, dbname=name)
        finally:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


_schemas = itertools.count(1)


@pytest.fixture
def postgres_schema(postgres_url: str) -> Iterator[str]:
    """A fresh schema name in the test run's database; the schema is dropped after the test."""
    import psycopg

    name = f"t{next(_schemas)}"
    yield name
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("SET lock_timeout = '5s'")  # a leaked reader must not hang the run: the database goes anyway
        try:
            conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        except psycopg.errors.LockNotAvailable:
            pass


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test starts writing in English (issue 29): a test that chose another language for its thread (an
    in-process ``--lang zh`` run) leaves nothing to the next one."""
    from lifeboat.i18n import set_language

    set_language("en")
    yield
