"""The README's screenshots of each game's table (docs/img/*.png), taken in Debian's chromium from a
running server: ``python -m tests.e2e.readme_shots --url http://127.0.0.1:8000 [--out docs/img]``.
Regenerate them on purpose only (they are pictures, not tests)."""

from __future__ import annotations

import argparse
import json
import urllib.request
from pathlib import Path
from typing import Any

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server
from tests.e2e.table import click_action, enter_room, fill_bots_and_start, join, legal, wait_turn


def _page(browser: Any, base: str, lang: str) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, device_scale_factor=1)
    ctx.add_init_script(f"localStorage.setItem('pitchside.lang', {json.dumps(lang)});")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.base = base
    return page


def sonic_cup(browser: Any, server: Server, out: Path) -> None:
    page = _page(browser, server.base, "en")
    enter_room(page, server.room("sonic-cup", seats=4, seed=21))
    join(page, 0, "Ann")
    fill_bots_and_start(page)
    moves = 0
    for _ in range(20):
        wait_turn([page])
        acts = legal(page)
        move = next((a for a in acts if a.startswith(("move ", "df "))), None)
        if page.get_attribute("#room", "data-label") in ("turn", "kick-off") and (moves >= 2 or move is None):
            break
        click_action(page, move if move and moves < 2 else "pass" if "pass" in acts else acts[0])
        moves += 1 if move else 0
    wait_turn([page])
    card = next((a.split(" ")[1].split(">")[0] for a in legal(page) if ">" in a), None)
    if card:
        page.click(f'#hand button.card[data-card="{card}"]')
        page.mouse.move(5, 5)
    page.screenshot(path=str(out / "sonic-cup.png"))


def world_ball(browser: Any, server: Server, out: Path) -> None:
    page = _page(browser, server.base, "zh")
    enter_room(page, server.room("world-ball", seats=4, seed=5))
    join(page, 0, "小明")
    fill_bots_and_start(page)
    for _ in range(200):
        if wait_turn([page], timeout=60) is None:
            break
        acts = legal(page)
        if page.get_attribute("#room", "data-label") == "shot" and any(a.startswith("play save") for a in acts):
            break
        plain = [a for a in acts if a in ("end", "pass") or a.startswith(("pick ", "discard ", "equip "))]
        click_action(page, plain[0] if plain else acts[0])
    page.screenshot(path=str(out / "world-ball.png"))


def my_world_cup(browser: Any, server: Server, out: Path) -> None:
    page = _page(browser, server.base, "en")
    enter_room(page, server.room("my-world-cup", seed=4, teams=["esp", "ned"]))
    join(page, 0, "Coach")
    fill_bots_and_start(page)
    fielded = 0
    for _ in range(60):
        if wait_turn([page], timeout=60) is None:
            break
        acts = legal(page)
        label = page.get_attribute("#room", "data-label")
        if label == "pairing:target":
            break
        fields = [a for a in acts if a.startswith("field ")]
        if label == "lineup" and fields and fielded < 4:
            click_action(page, fields[-1])
            fielded += 1
            continue
        click_action(page, "ready" if "ready" in acts else acts[0])
    page.screenshot(path=str(out / "my-world-cup.png"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--out", default="docs/img")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    urllib.request.urlopen(args.url + "/api/games", timeout=10).close()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        server = Server(args.url.rstrip("/"))
        for take in (sonic_cup, world_ball, my_world_cup):
            take(browser, server, out)
            print(f"wrote {out / take.__name__.replace('_', '-')}.png")
        browser.close()


if __name__ == "__main__":
    main()
