"""Twenty-five's class record and the class analyses: rows from the student's observation only, a CSV
the class reader takes whole, and the class set beside exact answers computed by cardlib."""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from math import sqrt
from pathlib import Path

import pytest

from cardlib.core.classroom import PEOPLE_COLUMNS, read_class_files
from cardlib.decks.pairs import pair_count
from cardlib.twentyfive import classroom
from cardlib.twentyfive.analysis import pairs_odds
from cardlib.twentyfive.app import TwentyFiveApp
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.beliefs import p_over
from cardlib.twentyfive.rules import DRAW, PASS
from cardlib.ui.records import KIT_COLUMNS
from cardlib.ui.testing import check_speaks_japanese, play_by_clicks, play_with_agent
from cardlib.ui.words import is_japanese

SHEET = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "twenty-five.ja.txt"


class Recorder:
    """An agent that keeps every observation at which it drew or passed (the truth the rows must match)."""

    def __init__(self, agent):
        self.agent, self.seen = agent, []

    def act(self, obs, legal, rng):
        action = self.agent.act(obs, legal, rng)
        if action in (DRAW, PASS):
            self.seen.append((obs, tuple(legal), action))
        return action


@lru_cache(maxsize=None)
def played(agent_name: str, players: int, seed: int, games: int = 2):
    """An app whose student seat ``agent_name`` played ``games`` games, and what the student saw."""
    agent = {"coach": CoachBot(), "t18": ThresholdBot(18), "t22": ThresholdBot(22)}[agent_name]
    app = TwentyFiveApp(players=players, seed=seed)
    recorder = Recorder(agent)
    play_with_agent(app, recorder, random.Random(seed), games=games)
    return app, recorder.seen


def pooled(*apps):
    """The apps' CSV files read back by the class reader."""
    data = read_class_files([(f"s{i}.csv", app.records.csv_text().encode()) for i, app in enumerate(apps)])
    assert data.skipped == []
    return data["twentyfive"]


CASES = [("t18", 3, 1), ("coach", 4, 2), ("t22", 3, 3)]


@pytest.mark.parametrize("agent, players, seed", CASES)
def test_every_round_has_rows_with_the_kit_columns_and_the_games(agent, players, seed):
    app, _ = played(agent, players, seed)
    assert app.records.columns() == [*KIT_COLUMNS, *classroom.COLUMNS]
    rows = app.records.rows
    assert {row["choice"] for row in rows} <= {"draw", "pass", "none"}
    rounds = {(row["game_no"], row["round"]) for row in rows}
    last = len(app.state.observation(app.human).rounds)
    assert {r for g, r in rounds if g == 2} == set(range(1, last + 1))
    for row in rows:  # how the round came out is the round's own
        done = None
        if row["game_no"] == 2:
            done = app.state.observation(app.human).rounds[row["round"] - 1]
            assert (row["round_pairs"], row["passer"], row["points"]) == (done.pairs, done.passer,
                                                                           done.points[app.human])
        assert row["outcome"] == classroom.outcome_of(row["round_pairs"])


@pytest.mark.parametrize("agent, players, seed", CASES)
def test_decision_rows_hold_exactly_what_the_student_saw_and_rebuild_the_coachs_view(agent, players, seed):
    app, seen = played(agent, players, seed)
    decisions = [row for row in app.records.rows if row["choice"] != "none"]
    assert len(decisions) == len(seen) > 0
    for row, (obs, legal, action) in zip(decisions, seen):
        assert row["choice"] == str(action) and row["cards_in_play"] == obs.cards_in_play
        assert (row["could_pass"], row["could_draw"]) == (PASS in legal, DRAW in legal)
        assert classroom.cards_of(row["hand"]) == obs.hand
        assert tuple(classroom.cards_of(row[f"field_{s}"]) for s in range(players)) == obs.fields
        assert row["seen_pairs"] == pair_count(obs.known_cards) and row["pile"] == obs.pile_size
        if PASS in legal and DRAW in legal:  # the coach sees the same table from the row
            rebuilt = classroom.observation_of({**row, "players": players, "seat": app.human})
            assert p_over(rebuilt) == p_over(obs)
            assert classroom.coach_view({**row, "players": players, "seat": app.human}) == (
                p_over(obs).over, str(CoachBot().act(obs, list(legal), random.Random(0))))


def test_a_row_holds_no_card_the_observation_lacks():
    app = TwentyFiveApp(seed=11)
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        state = app.state
        if state.is_over:
            break
        if state.current_player == app.human and state.phase == "turn":
            obs = state.observation(app.human)
            twin = state.determinize(app.human, random.Random(checked))
            assert twin.observation(app.human) == obs
            for action in state.legal_actions():
                row = classroom.decision_row(obs, action)
                assert row == classroom.decision_row(twin.observation(app.human), action)
                shown = sorted(classroom.cards_of(row["hand"]) + sum(
                    (classroom.cards_of(row[f"field_{s}"]) for s in range(3)), ()))
                assert shown == sorted(obs.known_cards)  # the student's cards and the field cards, nothing else
                checked += 1
            app.take(ThresholdBot(20).act(obs, state.legal_actions(), rng))
        elif state.current_player == app.human:
            app.take(state.legal_actions()[0])
        else:
            app.read_on()
    assert checked >= 5


def test_a_round_without_a_draw_or_pass_of_yours_shows_the_table_its_end_reveals():
    early = [ThresholdBot(13), ThresholdBot(13)]  # they pass as soon as anyone has drawn
    app = TwentyFiveApp(opponents=early, seed=4)
    play_with_agent(app, ThresholdBot(30), random.Random(4), games=1)
    nones = [row for row in app.records.rows if row["choice"] == "none"]
    assert nones, app.records.rows
    rounds = app.state.observation(app.human).rounds
    assert {row["round"] for row in app.records.rows} == set(range(1, len(rounds) + 1))
    for row in nones:
        done = rounds[row["round"] - 1]
        assert classroom.cards_of(row["hand"]) == done.hands[app.human]
        assert row["round_cards"] == row["cards_in_play"] == len(done.cards_in_play)
        assert not (row["could_pass"] or row["could_draw"])


def test_the_csv_goes_through_the_class_reader_whole_and_reads_back_the_same():
    apps = [played(*case)[0] for case in CASES]
    table = pooled(*apps)
    assert len(table) == sum(len(app.records.rows) for app in apps)
    assert list(table.columns) == ["file", *KIT_COLUMNS, *classroom.COLUMNS, *PEOPLE_COLUMNS]
    first = apps[0].records.rows
    back = table[table["file"] == "s0.csv"].to_dict("records")
    for row, read in zip(first, back):
        assert {key: read[key] for key in row} == row


def test_passes_against_exact_counts_the_class_beside_p_over_of_cards_in_play():
    apps = [played(*case)[0] for case in CASES]
    result = classroom.passes_against_exact(pooled(*apps))
    rows = [row for app in apps for row in app.records.rows
            if row["choice"] != "none" and row["could_pass"] and row["could_draw"]]
    assert result["decisions"].sum() == len(rows)
    for cards, line in result.iterrows():
        here = [row for row in rows if row["cards_in_play"] == cards]
        passes = sum(row["choice"] == "pass" for row in here)
        assert (line["decisions"], line["passes"]) == (len(here), passes)
        assert line["p_over"] == pairs_odds(int(cards)).over and line["p_over_float"] == float(line["p_over"])
        assert line["pass_rate_se"] == pytest.approx(sqrt(passes / len(here) * (1 - passes / len(here)) / len(here)))


def test_the_coach_as_a_student_agrees_with_the_coach_every_time():
    table = pooled(played("coach", 4, 2)[0], played("coach", 3, 5, 1)[0])
    result = classroom.passes_against_coach(table)
    assert result.loc["all", "decisions"] > 10 and result.loc["all", "agreement"] == 1.0


def test_against_the_coach_a_counter_is_compared_with_the_coachs_own_choices():
    app, seen = played("t18", 3, 1)
    decided = classroom.coach_decisions(pooled(app))
    truth = [(p_over(obs).over, str(CoachBot().act(obs, list(legal), random.Random(0))), str(action))
             for obs, legal, action in seen if DRAW in legal and PASS in legal]
    assert list(zip(decided["coach_p_over"], decided["coach_choice"], decided["choice"])) == truth
    result = classroom.passes_against_coach(pooled(app))
    agree = sum(coach == mine for _, coach, mine in truth)
    assert (result.loc["all", "decisions"], result.loc["all", "agree"]) == (len(truth), agree)
    assert 0 < agree < len(truth)  # passing at 18 cards is not the coach's rule
    assert result.drop("all")["decisions"].sum() == len(truth)


def test_rounds_came_out_by_who_ended_them_with_the_students_points():
    apps = [played(*case)[0] for case in CASES]
    result = classroom.rounds_came_out(pooled(*apps))
    rounds = []
    for app in apps:
        seen = {}
        for row in app.records.rows:
            seen[(row["game_no"], row["round"])] = row
        rounds += list(seen.values())
    assert result.loc["all", "rounds"] == len(rounds)
    mine = [row for row in rounds if row["passer"] == row["seat"]]
    assert result.loc["you passed", "rounds"] == len(mine)
    assert result.loc["you passed", "mean_points"] == pytest.approx(sum(r["points"] for r in mine) / len(mine))
    assert result.loc["all", "over"] == pytest.approx(sum(r["round_pairs"] > 25 for r in rounds) / len(rounds))


def test_the_students_passes_came_out_beside_the_exact_chances_before_them():
    app, seen = played("t22", 3, 3)
    result = classroom.passes_came_out(pooled(app)).iloc[0]
    passes = [obs for obs, legal, action in seen if action == PASS and DRAW in legal]
    assert result["passes"] == len(passes) > 0
    prior = sum((pairs_odds(obs.cards_in_play).over for obs in passes), Fraction(0)) / len(passes)
    coach = sum((p_over(obs).over for obs in passes), Fraction(0)) / len(passes)
    assert result["expected_from_cards_in_play"] == float(prior) and result["expected_from_coach"] == float(coach)


def test_sample_students_mix_the_coach_and_counters_at_several_thresholds():
    students = classroom.sample_students(3)
    assert any(isinstance(s, CoachBot) for s in students)
    assert len({s.threshold for s in students if isinstance(s, ThresholdBot)}) >= 3


def test_a_japanese_table_plays_by_clicks_with_the_sheets_words():
    first = TwentyFiveApp(seed=1, lang="ja")  # seed 1: your turn to draw first, as in the English test
    assert [b.description for b in first.action_buttons] == ["カードを引く", "パス"]
    assert first.TITLE == "Twenty-five" and "山札" in first._header.value
    assert "手札" in first._table.value and "場札" in first._table.value
    check_speaks_japanese(TwentyFiveApp(seed=10, lang="ja"), random.Random(10), clicks=12)  # within game 1
    whole = TwentyFiveApp(seed=12, lang="ja")  # and a whole game by clicks, every button in Japanese
    play_by_clicks(whole, random.Random(12), check=lambda app: all(
        is_japanese(b.description) or b.description.isdigit() for b in app.buttons()))
    assert whole.state.is_over and "ゲーム終了" in whole._prompt.value
    if SHEET.exists():  # shared/ beside the checkout: every term is the sheet's
        sheet = SHEET.read_text(encoding="utf-8")
        words = ["Twenty-five", "カードを引く", "パス", "公開", "手札", "場札", "山札", "ペア", "組", "スタートプレイヤー"]
        assert all(word in sheet for word in words)
