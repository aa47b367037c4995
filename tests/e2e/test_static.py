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
