"""The printable pages (`make printables`): every game's page has its rules, its Japanese terms, its
reference tables with values worked out here independently, and a score sheet; and chromium prints
each page to a one-page A4 PDF.
"""
from __future__ import annotations

import re
import sys
from fractions import Fraction
from html import unescape
from html.parser import HTMLParser
from importlib import import_module
from math import comb
from pathlib import Path

import pytest

from cardlib.core.errors import RulesError
from cardlib.core.package import room
from cardlib.games import REGISTRY, info
from cardlib.ui.printable import page, percent, printable_page
from tests.browser.conftest import CHROMIUM, require_chromium

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import printables  # noqa: E402

NAMES = [line.name for line in REGISTRY if room(line.module, "printable")]  # a one-module toy game has none
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff・]+")


class Tables(HTMLParser):
    """Every table of a page with an id: id -> rows of cell texts (th and td alike)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._rows: list[list[str]] | None = None
        self._cell: list[str] | None = None
        self._skip = 0  # inside a caption

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self._rows = self.tables.setdefault(dict(attrs).get("id", ""), [])
        elif tag == "caption":
            self._skip += 1
        elif tag == "tr" and self._rows is not None:
            self._rows.append([])
        elif tag in ("td", "th") and self._rows is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._rows is not None:
            self._rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "caption":
            self._skip -= 1
        elif tag == "table":
            self._rows = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None and not self._skip:
            self._cell.append(data)


def heading(html: str) -> str:
    """The text of the page's <h1>, as a reader sees it (entities decoded)."""
    found = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert found, "the page has no <h1>"
    return unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def tables(html: str) -> dict[str, list[list[str]]]:
    """The page's tables by id."""
    parser = Tables()
    parser.feed(html)
    return parser.tables


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """Every registered game's printable page."""
    return {name: printable_page(info(name)) for name in NAMES}


def text(html: str) -> str:
    """The page's words without tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# --- every game ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_page_with_its_rules(pages, name):
    html = pages[name]
    assert html.startswith("<!DOCTYPE html>") and "size: A4" in html
    assert heading(html) == info(name).title
    assert "The rules in short" in html and html.count("<li>") >= 5, "the rules are a list of several points"


@pytest.mark.parametrize("title", ["Jack's game", "Rock & <Roll>", 'The "Satori"'])
def test_the_kit_shows_any_title_as_written_and_escaped(title):
    html = page(title, "a subtitle", [])
    assert heading(html) == title, "the reader sees the title exactly as the game wrote it"
    assert "<Roll>" not in html, "a title is text, never markup"


@pytest.mark.parametrize("name", NAMES)
def test_the_japanese_terms_of_the_games_help_are_on_its_page(pages, name):
    # the help (view.HELP, the app's HELP) names the sheet's Japanese terms, and the printable page shows them
    terms = set(JAPANESE.findall(import_module(info(name).module + ".view").HELP))
    assert terms, f"{name}'s HELP names no Japanese term"
    missing = {term for term in terms if term not in pages[name]}
    assert not missing, f"{name}'s printable lacks the sheet's terms {missing}"


@pytest.mark.parametrize("name", NAMES)
def test_the_score_sheet_has_a_block_for_the_most_players(pages, name):
    game = info(name).package.Game
    most = 0
    for players in range(1, 10):
        try:
            game(players=players)
            most = players
        except RulesError:
            pass
    sheet = tables(pages[name])["score-sheet"]
    names, fields, *rounds = sheet
    assert names[1:] == [f"player {n}" for n in range(1, most + 1)]
    per_player = (len(fields)) // most
    assert per_player >= 2 and len(fields) == per_player * most, "each player has the same scoring columns"
    assert len(rounds) >= 5 and all(cell == "" for row in rounds for cell in row[1:]), "rows left blank to write in"


# --- Twenty-five ---------------------------------------------------------------------------------

def pairs_counts(n: int) -> dict[int, int]:
    """Pairs -> how many n-card sets of the Pairs deck hold them: number by number, j of k's k copies."""
    table = {(0, 0): 1}  # (cards, pairs) -> ways
    for k in range(1, 11):
        grown: dict[tuple[int, int], int] = {}
        for (cards, pairs), ways in table.items():
            for j in range(min(k, n - cards) + 1):
                key = (cards + j, pairs + j * (j - 1) // 2)
                grown[key] = grown.get(key, 0) + ways * comb(k, j)
        table = grown
    return {pairs: ways for (cards, pairs), ways in table.items() if cards == n}


def test_twentyfive_pair_table_is_n_choose_2(pages):
    header, pairs, adds = tables(pages["twentyfive"])["pairs"]
    assert header[1:] == [str(n) for n in range(11)]
    assert pairs[1:] == [str(comb(n, 2)) for n in range(11)]
    assert adds[1:] == [str(comb(n + 1, 2) - comb(n, 2)) for n in range(11)]


def test_twentyfive_odds_of_more_than_25_pairs(pages):
    header, *rows = tables(pages["twentyfive"])["odds"]
    assert [int(row[0]) for row in rows] == list(range(12, 29))
    for row in rows:
        n = int(row[0])
        counts = pairs_counts(n)
        total = sum(counts.values())
        assert total == comb(55, n)
        over = Fraction(sum(c for pairs, c in counts.items() if pairs > 25), total)
        assert row[1:] == [percent(over), percent(Fraction(counts.get(25, 0), total))]
    shown = {int(row[0]): row[1] for row in rows}
    assert (shown[20], shown[24], shown[28]) == ("14.6%", "86.2%", "100%")  # the digest: about 0.146 and 0.862


# --- Discontinuity -------------------------------------------------------------------------------

def cost(values: list[int]) -> int:
    """A row's cost by the rule: runs of three or more consecutive values cost their lowest."""
    total, start = 0, 0
    for index in range(1, len(values) + 1):
        if index == len(values) or values[index] != values[index - 1] + 1:
            run = values[start:index]
            total += run[0] if len(run) >= 3 else sum(run)
            start = index
    return total


def test_discontinuity_run_costs(pages):
    header, *rows = tables(pages["discontinuity"])["run-costs"]
    assert len(rows) == 9
    for row in rows:
        lowest = int(row[0])
        for length, shown in enumerate(row[1:], start=1):
            run = list(range(lowest, lowest + length))
            assert shown == ("—" if run[-1] > 10 else str(cost(run))), (lowest, length)


def test_discontinuity_scoring_examples_include_the_sheets(pages):
    rows = tables(pages["discontinuity"])["scores"][1:]
    assert ["10", "5 7 9", "21", "-1"] in rows and ["8", "1 2 5 6 J 8", "8", "8"] in rows
    assert ["0", "J", "11", "-11"] in rows
    for safe, row, shown_cost, shown_score in rows:
        values: list[int] = []
        for card in row.split():
            values.append(int(card) if card != "J" else (values[-1] + 1 if values else 11))
        assert (int(shown_cost), int(shown_score)) == (cost(values), 2 * int(safe) - cost(values))


def test_discontinuity_joker_goes_where_it_costs_least(pages):
    for row, place, laid, before, after in tables(pages["discontinuity"])["joker"][1:]:
        numbers = [int(card) for card in row.split()]
        best = min(cost(sorted(numbers + [anchor + 1])) for anchor in numbers)
        assert (int(before), int(after)) == (cost(numbers), best), row
        anchor = int(place.removeprefix("right of "))
        assert cost(sorted(numbers + [anchor + 1])) == best and f"{anchor} J" in laid


# --- The Satori ----------------------------------------------------------------------------------

def test_satori_cards_by_player_count(pages):
    rows = tables(pages["satori"])["deck"][1:]
    assert rows == [[str(n), str(3 * n), str(2 * n), str(25 - 5 * n)] for n in (3, 4, 5)]


def test_satori_chance_that_a_play_is_satori(pages):
    rows = {row[0]: row[1:] for row in tables(pages["satori"])["models"][1:]}
    assert rows["uniform from hand"] == ["3/5 (60%)"] * 5     # no news: every card is the prior 3 in 5
    assert rows["never bluffs"] == ["1 (100%)"] * 3 + ["0 (0%)"] * 2   # satori first, then the zatsunen
    from cardlib.satori.analysis import BOTS, MODELS
    from cardlib.satori.beliefs import Story, last_card_satori
    bots = [last_card_satori(Story((3, 2), (("play", None),) * k), MODELS[BOTS]) for k in range(1, 6)]
    assert [cell.split()[0] for cell in rows[BOTS]] == [str(p) for p in bots]
    assert bots[0] == Fraction(3, 4)   # bluffs 1/4 of the time


def test_satori_bayes_table_is_prior_times_likelihood_normalised(pages):
    rows = tables(pages["satori"])["bayes"][1:]
    weights = {row[0]: Fraction(row[1]) * Fraction(row[2]) for row in rows}
    evidence = sum(weights.values())
    assert {row[0]: Fraction(row[3]) for row in rows} == {plays: w / evidence for plays, w in weights.items()}
    # the first unseen play then the zatsunen: priors from a hand of 3 satori and 2 zatsunen
    assert Fraction(rows[0][1]) == Fraction(3, 5) * Fraction(3, 5) and rows[0][0] == "S S"


# --- SCOUT ---------------------------------------------------------------------------------------

def test_scout_beating_order(pages):
    rows = tables(pages["scout"])["beating-order"][1:]
    expected = ["single"]
    for size in range(2, 11):
        expected += [f"run of {size}"] + ([f"set of {size}"] if size <= 9 else [])  # a number is on 9 cards
    assert [row[1] for row in rows] == expected
    from cardlib.scout.groups import beats
    for lower, higher in zip(rows, rows[1:]):
        weakest = tuple(int(n) for n in higher[3].split("-"))
        strongest = tuple(int(n) for n in lower[4].split("-"))
        assert beats(weakest, strongest), f"{higher[1]} beats every {lower[1]}"
    for row in rows:
        size = len(row[3].split("-"))
        assert int(row[2]) == (11 - size if row[1].startswith("run") else 10)


def test_scout_cards_by_player_count(pages):
    rows = tables(pages["scout"])["deck"][1:]
    assert [row[:4] for row in rows] == [["2", "1", "44", "11"], ["3", "9", "36", "12"], ["4", "1", "44", "11"],
                                         ["5", "0", "45", "9"]]


# --- Loop ----------------------------------------------------------------------------------------

BASE = {4: [4, 2, 1, 0], 3: [3, 1, 0], 2: [2, 0]}  # the digest: normal-round points by rank


def test_loop_points_by_rank(pages):
    rows = tables(pages["loop"])["points-by-rank"][1:]
    for row in rows:
        players = int(row[0])
        assert row[1:1 + players] == [str(p) for p in BASE[players]]
        assert row[-2:] == ["2", {4: "12+", 3: "10+", 2: "7+"}[players]]


@pytest.mark.parametrize("players", [4, 3, 2])
def test_loop_points_by_chair(pages, players):
    header, *rows = tables(pages["loop"])[f"points-by-chair-{players}"]
    assert len(rows) == players
    for previous, row in enumerate(rows, start=1):
        assert row[1:] == [str(BASE[players][rank - 1] + previous - rank) for rank in range(1, players + 1)]


def test_loop_eights_in_a_hand(pages):
    rows = tables(pages["loop"])["eights"][1:]
    assert [Fraction(row[1]) for row in rows] == [Fraction(comb(3, k) * comb(42, 11 - k), comb(45, 11))
                                                  for k in range(4)]
    assert 1 - Fraction(rows[0][1]) == Fraction(373, 645)  # the digest


# --- the tool and chromium -----------------------------------------------------------------------

def test_the_tool_writes_every_games_html(tmp_path):
    written = printables.write_printables(tmp_path, pdf=False)
    assert sorted(path.name for path in written) == sorted(f"{name}.html" for name in NAMES)


def test_a_missing_chromium_is_a_clear_error(tmp_path):
    with pytest.raises(printables.ChromiumError, match="no chromium at /nowhere/chromium"):
        printables.write_printables(tmp_path, chromium="/nowhere/chromium")


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The size in points of each page of a PDF whose page objects are stored plainly (as chromium writes them)."""
    sizes = []
    for match in re.finditer(rb"/Type\s*/Page\b(?!s).{0,400}?/MediaBox\s*\[([^\]]*)\]", pdf, re.S):
        x0, y0, x1, y1 = (float(v) for v in match.group(1).split())
        sizes.append((x1 - x0, y1 - y0))
    return sizes


def test_chromium_prints_every_page_on_one_a4_sheet(tmp_path):
    require_chromium(CHROMIUM)
    written = printables.write_printables(tmp_path)
    for name in NAMES:
        pdf = (tmp_path / f"{name}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF"), name
        sizes = pdf_pages(pdf)
        assert len(sizes) == 1, f"{name}: {len(sizes)} pages, not one"
        width, height = sizes[0]
        assert abs(width - 595.3) < 2 and abs(height - 841.9) < 2, f"{name}: {width} x {height} points is not A4"
    assert len(written) == 2 * len(NAMES)
