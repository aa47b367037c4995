"""End-to-end browser tests (issue 9): the real server on a free loopback port (SQLite in a tmp dir) and
Debian's Chromium driven by Playwright through ``executable_path``.

- ``PITCHSIDE_CHROMIUM``: the browser (default /usr/bin/chromium). Without it these tests are skipped,
  unless ``PITCHSIDE_REQUIRE_BROWSER=1`` (.ci/run sets it): then a missing browser is a failure.
- ``PITCHSIDE_E2E_URL``: run against a server that is already up instead of starting one.
- ``PITCHSIDE_ARTIFACTS``: where screenshots go (default: ``<pytest tmp>/artifacts``); the path is printed.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("PITCHSIDE_CHROMIUM", "/usr/bin/chromium")
# The flags this machine needs (its network is closed: no background or component traffic).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def _need_browser() -> None:
    if not Path(CHROMIUM).exists():
        why = f"no browser at {CHROMIUM}: `apt-get install chromium` (Debian) to run the browser tests"
        if os.environ.get("PITCHSIDE_REQUIRE_BROWSER") == "1":
            pytest.fail(why)
        pytest.skip(why)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running server: its base URL and a tiny REST client for test setup."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"}
        if token:
            headers["x-seat-token"] = token
        req = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(req, timeout=20) as res:
            return json.loads(res.read() or b"null")

    def room(self, game: str, seats: int | None = None, seed: int = 1, **options: Any) -> str:
        body: dict[str, Any] = {"game": game, "seed": seed, "options": options}
        if seats is not None:
            body["seats"] = seats
        return str(self.call("POST", "/api/rooms", body)["id"])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = os.environ.get("PITCHSIDE_E2E_URL")
    if url:
        yield Server(url.rstrip("/"))
        return
    pytest.importorskip("pitchside.web.app", reason="the web server (pitchside.web.app) is not installed")
    import uvicorn

    from pitchside.web.app import create_app
    from pitchside.web.settings import Settings

    data = tmp_path_factory.mktemp("e2e-data")
    settings = Settings.from_env({}, database_url=f"sqlite:///{data / 'pitchside.sqlite'}", bot_delay=0.05)
    port = _free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, name="e2e-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield Server(f"http://127.0.0.1:{port}")
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("PITCHSIDE_ARTIFACTS")
    path = Path(where) if where else tmp_path_factory.mktemp("artifacts")
    path.mkdir(parents=True, exist_ok=True)
    print(f"\nbrowser screenshots: {path}")
    return path


@pytest.fixture
def page_errors() -> list[str]:
    """Uncaught errors and console errors of the pages a test opens (a test asserts there are none)."""
    return []


def open_page(
    browser: Any, server: Server, errors: list[str], *, lang: str = "en", width: int = 1280, height: int = 900
) -> Any:
    """A new browser context (its own storage: its own seat tokens) and a page in it."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    ctx.add_init_script(f"localStorage.setItem('pitchside.lang', {json.dumps(lang)});")
    page = ctx.new_page()
    page.set_default_timeout(45000)  # a bound, not a timing assert: this machine is shared and often loaded
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.base = server.base  # type: ignore[attr-defined]
    return page
