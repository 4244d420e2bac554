"""The printable page every game shares: one A4 sheet of HTML (print CSS, a title, sections, tables and a
score sheet) that headless chromium prints to PDF. Nothing here names a game.

A game's ``printable.py`` builds its ``page()`` from these pieces; ``printable_page(info)`` finds it
by convention (``<info.module>.printable``).

>>> html = page("Example", "two players", [section("Rules", bullets(["Take a card.", "Pass."]))])
>>> html.startswith("<!DOCTYPE html>"), "size: A4" in html, "<li>Pass.</li>" in html
(True, True, True)
"""
from __future__ import annotations

import importlib
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any, Optional

CSS = """
@page { size: A4 portrait; margin: 9mm 11mm 8mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; font: 8.6pt/1.3 "DejaVu Sans", "Noto Sans", "Noto Sans CJK JP", sans-serif; }
:lang(ja) { font-family: "Noto Sans CJK JP", "Noto Sans CJK", sans-serif; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 4mm;
         border-bottom: 1.6pt solid #222; padding-bottom: 1mm; margin-bottom: 1.5mm; }
h1 { font-size: 18pt; margin: 0; }
.pr-sub { color: #444; text-align: right; }
h2 { font-size: 10.5pt; margin: 1.8mm 0 0.8mm; padding-bottom: 0.3mm; border-bottom: 0.8pt solid #888; }
p { margin: 0.6mm 0; }
ul { margin: 0.4mm 0; padding-left: 4mm; }
li { margin: 0.3mm 0; }
.pr-cols { display: grid; grid-template-columns: 1fr 1fr; column-gap: 6mm; align-items: start; }
section { break-inside: avoid; }
table { border-collapse: collapse; margin: 0.8mm 0 1.2mm; }
th, td { border: 0.5pt solid #777; padding: 0.35mm 1.3mm; text-align: center; vertical-align: middle; }
thead th { background: #e8e8e8; }
tbody th { background: #f3f3f3; text-align: left; font-weight: 600; }
caption { caption-side: bottom; text-align: left; font-size: 7.4pt; color: #555; padding-top: 0.4mm; }
.pr-note { font-size: 7.4pt; color: #555; }
.pr-sheet { width: 100%; table-layout: fixed; }
.pr-sheet td { height: 6.4mm; }
.pr-sheet thead th { font-size: 7.2pt; font-weight: 600; padding: 0.3mm 0.4mm; }
.pr-sheet .pr-name { height: 7mm; background: #fff; text-align: left; vertical-align: top;
                     font-weight: 400; color: #777; }
.pr-sheet .pr-first { border-left: 1.4pt solid #222; }
.pr-sheet thead tr:first-child > th:first-child { width: 11mm; }
.pr-sheet tbody th { text-align: center; }
.pr-nowrap td, .pr-nowrap th { white-space: nowrap; }
.pr-sheet tfoot th, .pr-sheet tfoot td { border-top: 1.4pt solid #222; height: 7mm; }
footer { margin-top: 1.5mm; font-size: 7pt; color: #666; border-top: 0.5pt solid #bbb; padding-top: 0.5mm; }
"""


def ja(term: str) -> str:
    """A Japanese term marked up so that it prints in a CJK font.

    >>> ja("場札")
    '<span lang="ja">場札</span>'
    """
    return f'<span lang="ja">{escape(term)}</span>'


def cell(value: Any) -> str:
    """A table cell's text, escaped: fractions as a/b, tuples as their numbers joined by dashes.

    >>> cell(Fraction(3, 5)), cell((1, 2, 3)), cell("a < b")
    ('3/5', '1-2-3', 'a &lt; b')
    """
    if isinstance(value, tuple):
        return "-".join(str(part) for part in value)
    return escape(str(value))


def percent(value: Fraction | float, digits: int = 1) -> str:
    """A chance as a percentage with ``digits`` decimals; never rounded to a false 0% or 100%.

    >>> percent(Fraction(1, 8)), percent(1), percent(0), percent(Fraction(1, 3), 0)
    ('12.5%', '100%', '0%', '33%')
    >>> percent(Fraction(1, 10_000)), percent(Fraction(9_999, 10_000))
    ('< 0.1%', '> 99.9%')
    """
    if value in (0, 1):
        return f"{int(value) * 100}%"
    smallest = 10.0 ** -digits
    shown = f"{float(value) * 100:.{digits}f}"
    if float(shown) == 0:
        return f"< {smallest:.{digits}f}%"
    if float(shown) == 100:
        return f"> {100 - smallest:.{digits}f}%"
    return f"{shown}%"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], *, name: str, caption: Optional[str] = None,
          row_headers: bool = False, nowrap: bool = False) -> str:
    """An HTML table with ``id=name``; cells are escaped, the header is HTML; ``row_headers`` makes each first
    cell a th, ``nowrap`` keeps each cell on one line.

    >>> table(["n", "pairs"], [(2, 1)], name="t")
    '<table id="t"><thead><tr><th>n</th><th>pairs</th></tr></thead><tbody><tr><td>2</td><td>1</td></tr></tbody></table>'
    """
    head = "".join(f"<th>{text}</th>" for text in header)
    body = []
    for row in rows:
        cells = [f"<td>{cell(value)}</td>" for value in row]
        if row_headers and cells:
            cells[0] = f"<th>{cell(row[0])}</th>"
        body.append(f"<tr>{''.join(cells)}</tr>")
    below = f"<caption>{caption}</caption>" if caption else ""
    style = ' class="pr-nowrap"' if nowrap else ""
    return f'<table id="{escape(name)}"{style}>{below}<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'



def chances_table(label: str, chances: dict[Any, Fraction], *, name: str, caption: str) -> str:
    """A table of chances: each outcome (headed ``label``), its exact chance and that chance in percent.

    >>> chances_table("heads", {1: Fraction(1, 2)}, name="t", caption="Two coins.").split("<tbody>")[1]
    '<tr><td>1</td><td>1/2</td><td>50.0%</td></tr></tbody></table>'
    """
    rows = [(outcome, chance, percent(chance)) for outcome, chance in chances.items()]
    return table([label, "chance", ""], rows, name=name, caption=caption)

def bullets(items: Sequence[str]) -> str:
    """A bulleted list of HTML snippets."""
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def section(heading: str, body: str, name: str = "") -> str:
    """A titled block that never breaks across a page (``name`` becomes its id)."""
    ident = f' id="{escape(name)}"' if name else ""
    return f"<section{ident}><h2>{heading}</h2>{body}</section>"


def columns(left: str, right: str, widths: str = "1fr 1fr") -> str:
    """Two columns side by side (``widths`` as CSS grid columns, e.g. "2fr 3fr")."""
    return f'<div class="pr-cols" style="grid-template-columns: {widths}"><div>{left}</div><div>{right}</div></div>'


def score_sheet(players: int, rounds: int, fields: Sequence[str], *, round_label: str = "Round",
                last_row: Optional[str] = "Final") -> str:
    """An empty score grid: one block of ``fields`` columns per player (a blank for a name), one row per round,
    and a ``last_row`` (None: none) for the final standing.

    >>> sheet = score_sheet(3, 5, ["points", "total"])
    >>> sheet.count("<tr>"), sheet.count(">points<"), sheet.count("<td")
    (8, 3, 36)
    """
    width = len(fields)
    names = "".join(f'<th class="pr-name pr-first" colspan="{width}">player {number}</th>'
                    for number in range(1, players + 1))
    subheads = "".join(f'<th{" class=pr-first" if index == 0 else ""}>{field}</th>'
                       for _ in range(players) for index, field in enumerate(fields))
    blank = "".join(f'<td{" class=pr-first" if index == 0 else ""}></td>'
                    for _ in range(players) for index in range(width))
    body = "".join(f"<tr><th>{number}</th>{blank}</tr>" for number in range(1, rounds + 1))
    foot = f"<tfoot><tr><th>{last_row}</th>{blank}</tr></tfoot>" if last_row else ""
    return (f'<table class="pr-sheet" id="score-sheet"><thead><tr><th rowspan="2">{round_label}</th>{names}</tr>'
            f"<tr>{subheads}</tr></thead><tbody>{body}</tbody>{foot}</table>")


def page(title: str, subtitle: str, blocks: Sequence[str], source: str = "") -> str:
    """The whole printable page: A4 print CSS, the title with its subtitle, the blocks, a footer naming the source."""
    from cardlib import __version__
    made = f"Printed from cardlib {__version__}: every number on this page is computed by cardlib"
    footer = f"{made} ({escape(source)})." if source else f"{made}."
    return ("<!DOCTYPE html>\n"
            f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{CSS}</style></head><body>"
            f'<header><h1>{escape(title)}</h1><div class="pr-sub">{subtitle}</div></header>'
            f"{''.join(blocks)}<footer>{footer}</footer></body></html>\n")


def printable_page(info: Any) -> str:
    """A registered game's printable page: ``page()`` of the module ``<info.module>.printable``."""
    return importlib.import_module(info.module + ".printable").page()
