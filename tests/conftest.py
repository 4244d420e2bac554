"""Fixtures for every test folder: ``class_db``, a fresh class database on SQLite and on a real PostgreSQL.

``make test`` runs pytest inside ``pg_virtualenv``, which starts a throwaway PostgreSQL cluster and
exports PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE; CARDLIB_TEST_POSTGRES_URL names another
server. Each PostgreSQL test gets a schema of its own (so xdist's workers never meet), dropped after.
Without a server the PostgreSQL half skips, saying so, unless CARDLIB_REQUIRE_POSTGRES=1 (``make test``
sets it): then it fails, so that a run can never pass having silently left PostgreSQL out.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, Optional

import pytest
from hypothesis import settings

# Hypothesis's per-example deadline is wall-clock time: on a loaded 2-core CI machine it fails a right answer
settings.register_profile("cardlib", deadline=None)
settings.load_profile("cardlib")


NO_POSTGRES = ("no PostgreSQL server to test the class database on: run `make test`, which starts a "
               "throwaway one (pg_virtualenv), or set CARDLIB_TEST_POSTGRES_URL")


@lru_cache(maxsize=1)
def postgres_url() -> tuple[Optional[str], str]:
    """The test server's SQLAlchemy URL (with its password), or None and why there is none."""
    from sqlalchemy.engine import URL, make_url

    if os.environ.get("CARDLIB_TEST_POSTGRES_URL"):
        url = make_url(os.environ["CARDLIB_TEST_POSTGRES_URL"]).set(drivername="postgresql+psycopg")
    elif os.environ.get("PGHOST"):
        url = URL.create("postgresql+psycopg", username=os.environ.get("PGUSER"),
                         password=os.environ.get("PGPASSWORD"), host=os.environ["PGHOST"],
                         port=int(os.environ.get("PGPORT", "5432")), database=os.environ.get("PGDATABASE"))
    else:
        return None, NO_POSTGRES
    try:
        with admin(url.render_as_string(hide_password=False)):
            pass
    except Exception as error:  # any failure to connect: say which server and why
        return None, f"{NO_POSTGRES} ({url.render_as_string(hide_password=True)}: {error})"
    return url.render_as_string(hide_password=False), ""


def admin(url: str) -> Any:
    """A psycopg connection to the test server, in autocommit (for CREATE and DROP SCHEMA)."""
    import psycopg
    from sqlalchemy.engine import make_url

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    return psycopg.connect(conninfo, autocommit=True, connect_timeout=5)


@pytest.fixture(params=["sqlite", "postgresql"])
def class_db_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """The URL of a fresh, empty class database: an SQLite file, or a schema of its own on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
        return
    url, why = postgres_url()
    if url is None:
        if os.environ.get("CARDLIB_REQUIRE_POSTGRES") == "1":
            pytest.fail(why)
        pytest.skip(why)
    from sqlalchemy.engine import make_url

    schema = f"test_{uuid.uuid4().hex[:16]}"
    with admin(url) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with admin(url) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def class_db(class_db_url: str) -> Iterator[Any]:
    """A ``ClassDB`` on a fresh database, once on SQLite and once on PostgreSQL."""
    from cardlib.core.classdb import ClassDB

    db = ClassDB(class_db_url)
    try:
        yield db
    finally:
        db.close()
