"""Who played whom (cardlib.satori.classroom_people): people's Katsu calls and people's bluffs apart from the bots',
on rows made by real tables of people (``Table`` over a real class database, SQLite and PostgreSQL), checked
against the stored log itself."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardlib.core.classroom import ClassData, read_class_files
from cardlib.satori import bots, classroom, equilibrium
from cardlib.satori.classroom_people import (BOTS_BLUFF, CALLERS, CARDS, EQUILIBRIUM_FIRST_BLUFF, bluffs,
                                             katsu_by_who, people_headline, played_people, reading)
from cardlib.ui.dashboard import game_headline
from tests.core.table_helpers import Clock
from tests.satori.people_play import answers_in_log, people_table, play_people

SAMPLES = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "class"


def played(db, code, seeds, **rules):
    """Tables of Ana, Bo, Chie and a bot played to the end under ``rules``; the tables and the class's rows."""
    clock, rng, tables = Clock(), random.Random(sum(seeds)), []
    for seed in seeds:
        tables.append(people_table(db, code, seed, clock))
        play_people(tables[-1], clock, rng, **rules)
    return tables, db.class_data(code)["satori"]


def test_calls_are_split_by_who_answered_and_whose_card_as_the_stored_log_says(class_db):
    tables, rows = played(class_db, "KATSU", [1, 2, 3], bluffs={"Ana": True, "Bo": False, "Chie": False},
                          away={"Chie"}, silent=0.3)
    windows, calls, cards = {}, {}, {}
    for table in tables:
        for total, found in zip((windows, calls, cards), answers_in_log(class_db, table)):
            for key, count in found.items():
                total[key] = total.get(key, 0) + count
    assert {by for by, _ in windows} == {"person", "bot", "default"}  # Bo answers or not, Chie's bot for her
    assert {card for _, card in windows} == {"person", "bot"}
    katsu = katsu_by_who(rows)
    for by, caller in CALLERS.items():
        for card, whose in CARDS.items():
            group = katsu[(katsu["called_by"] == caller) & (katsu["card_of"] == whose)]
            assert (group["windows"].sum(), group["calls"].sum()) == (windows.get((by, card), 0),
                                                                      calls.get((by, card), 0)), (by, card)
    assert katsu.loc[katsu["called_by"] == CALLERS["default"], "calls"].sum() == 0  # no answer is no call
    found = bluffs(rows)
    assert [found.loc[CARDS[card], "cards"] for card in CARDS] == [cards.get(card, 0) for card in CARDS]


@pytest.mark.parametrize("bluffing", [True, False])
def test_people_who_always_or_never_bluff_show_it_and_the_bots_do_not(class_db, bluffing):
    _, rows = played(class_db, "BLUFF", [4, 5, 6, 7], bluffs={name: bluffing for name in ("Ana", "Bo", "Chie")})
    found = bluffs(rows)
    people, bots_ = found.loc[CARDS["person"]], found.loc[CARDS["bot"]]
    assert people["choices"] > 5 and bots_["choices"] > 0
    assert people["bluffs"] == (people["choices"] if bluffing else 0)  # every choice a bluff, or none
    assert people["bluff_rate"] == (1.0 if bluffing else 0.0) and people["bluff_rate_se"] == 0.0
    assert 0 < people["zatsunen_exact_float"] < 1 and people["bots_bluff"] == bots.BLUFF
    if bluffing:  # people's revealed cards: zatsunen far more often than the bots' model expects
        assert people["zatsunen_rate"] > people["zatsunen_exact_float"] + 2 * people["zatsunen_rate_se"]
    assert bots_["bluffs"] < bots_["choices"]  # the bot bluffs 1/4 of its choices, not all of them
    said = reading(found)
    assert said.startswith(f"People bluffed on {people['bluffs']} of {people['choices']} revealed cards")
    assert ("more often than the bots' 1/4" if bluffing else "less often than the bots' 1/4") in said


def test_the_headline_splits_people_s_calls_by_whose_card_and_shows_the_bluffs(class_db):
    _, rows = played(class_db, "HEAD", [8, 9], bluffs={"Ana": True, "Bo": False, "Chie": False})
    assert played_people(rows)
    shown, figure, more = people_headline(rows)
    assert set(shown.index.get_level_values("card_of")) == {CARDS["person"], CARDS["bot"]}
    katsu = katsu_by_who(rows)
    people = katsu[katsu["called_by"] == CALLERS["person"]]
    assert shown["windows"].sum() == people["windows"].sum() > 0 and figure is not None
    (title, table), = more
    assert "Bluffs" in title and list(table.index) == [CARDS["person"], CARDS["bot"]]
    assert table["cards"].tolist() == bluffs(rows)["cards"].tolist()


def test_an_empty_class_and_a_class_of_bots_only_still_work():
    empty = ClassData()["satori"]
    assert not played_people(empty) and katsu_by_who(empty)["windows"].sum() == 0
    assert bluffs(empty)["cards"].tolist() == [0, 0]
    shown, figure, more = people_headline(empty)
    assert not len(shown) and figure is None and not len(more[0][1])
    samples = read_class_files(SAMPLES)["satori"]  # files of games against the bots: a person calls on bots' cards
    assert not played_people(samples)
    katsu = katsu_by_who(samples)
    assert katsu.groupby(["called_by", "card_of"])["windows"].sum().to_dict() == {
        (CALLERS[by], CARDS[card]): len(samples) if (by, card) == ("person", "bot") else 0
        for by in CALLERS for card in CARDS}
    found = bluffs(samples)
    assert found.loc[CARDS["person"], "cards"] == 0 and found.loc[CARDS["bot"], "cards"] == len(samples)
    assert len(game_headline("satori", samples)) == 2  # no people: the dashboard shows the headline as before


def test_the_rates_compared_with_are_the_bots_and_the_small_game_s_equilibrium():
    assert BOTS_BLUFF == bots.BLUFF == classroom.MODEL.bluff
    low, high = equilibrium.first_bluff_range()[2:]
    assert low == high == EQUILIBRIUM_FIRST_BLUFF
