"""The front end's static files (issue 9), checked without a browser: every module it imports exists,
and no script ever turns text into markup (user names and data files are shown with textContent only)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "pitchside" / "web" / "static"
IMPORT = re.compile(r"""(?:import|export)\s[^;]*?from\s+["'](\.{1,2}/[^"']+)["']""", re.S)
MARKUP = re.compile(r"\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|DOMParser|createContextual")


def scripts() -> list[Path]:
    return sorted(STATIC.rglob("*.js"))


def test_every_imported_module_exists() -> None:
    assert (STATIC / "index.html").is_file()
    assert scripts()
    for js in scripts():
        for target in IMPORT.findall(js.read_text(encoding="utf-8")):
            assert (js.parent / target).resolve().is_file(), f"{js.name} imports missing {target}"


def test_no_script_renders_text_as_markup() -> None:
    for js in scripts():
        for n, line in enumerate(js.read_text(encoding="utf-8").splitlines(), 1):
            assert not MARKUP.search(line), f"{js.relative_to(STATIC)}:{n} builds markup from text: {line.strip()}"


def test_index_loads_the_app_as_a_module() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="app.js">' in html


def test_every_page_word_is_in_both_languages() -> None:
    """Each ``t("key")`` a script uses is in i18n.js's dictionary with a Chinese and an English text (the page
    words of issue 11, a budget's choices and "is thinking", among them)."""
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    pairs = dict(re.findall(r'^  (\w+): \[("[^"]+", "[^"]+")\],$', i18n, re.M))
    entries = re.findall(r"^  (\w+): \[", i18n, re.M)
    assert entries and sorted(pairs) == sorted(entries), "an entry without both texts"
    for js in scripts():
        for key in re.findall(r'\bt\("(\w+)"\)', js.read_text(encoding="utf-8")):
            assert key in pairs, f"{js.name} uses t({key!r}), which i18n.js does not have"
    room = (STATIC / "room.js").read_text(encoding="utf-8")
    assert {"is_thinking", "budget_1s", "budget_2s"} <= set(pairs) and 'msg.type === "thinking"' in room
