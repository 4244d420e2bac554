"""Write one printable A4 page a game, as HTML and as PDF (printed by Debian's headless chromium).

    python tools/printables.py dist/printables     # writes <game>.html and <game>.pdf for every game

Each page comes from the game's ``printable.page()`` (see ``cardlib.ui.printable``); chromium prints
it with a fresh, empty profile that is deleted afterwards.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT = 120  # seconds for one page; a cold start takes two or three


class ChromiumError(RuntimeError):
    """Chromium is missing, or it did not print the page."""


def render_pdf(html: Path, pdf: Path, chromium: str = CHROMIUM) -> Path:
    """Print the HTML file ``html`` to ``pdf`` with headless chromium (no header or footer lines)."""
    if not Path(chromium).exists():
        raise ChromiumError(f"no chromium at {chromium}: install Debian's (`make chromium`, or "
                            "`apt-get install chromium fonts-noto-cjk`) to print the PDFs")
    pdf.parent.mkdir(parents=True, exist_ok=True)
    pdf.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardlib-chromium-") as profile:
        command = [chromium, *CHROMIUM_ARGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf.resolve()}",
                   "--no-pdf-header-footer", html.resolve().as_uri()]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise ChromiumError(f"chromium did not print {html} within {TIMEOUT} s") from None
    if done.returncode != 0 or not pdf.exists() or pdf.stat().st_size == 0:
        raise ChromiumError(f"chromium did not print {html} (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return pdf


def write_printables(dest: Path, pdf: bool = True, chromium: str = CHROMIUM) -> list[Path]:
    """Write DEST/<game>.html (and, with ``pdf``, DEST/<game>.pdf) for every registered game with a printable room;
    the paths written."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script from a checkout: the cardlib beside this file
    from cardlib.core.package import room
    from cardlib.games import REGISTRY
    from cardlib.ui.printable import printable_page

    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for info in [line for line in REGISTRY if room(line.module, "printable")]:
        html = dest / f"{info.name}.html"
        html.write_text(printable_page(info), encoding="utf-8")
        written.append(html)
        if pdf:
            written.append(render_pdf(html, dest / f"{info.name}.pdf", chromium))
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the printables into the folder given; say what was written, or why not."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="the folder to write into, e.g. dist/printables")
    args = parser.parse_args(argv)
    try:
        written = write_printables(args.dest)
    except ChromiumError as error:
        print(f"printables: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
