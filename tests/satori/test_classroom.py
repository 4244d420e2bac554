"""The Satori's class record: a row per Katsu window, drawn from the student's observation alone, and the
class analysis beside the exact posterior (beliefs.py) and the library's stakes (analysis.katsu_stakes)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardlib.core.classroom import KIT_COLUMNS, PEOPLE_COLUMNS, read_class_files
from cardlib.core.agents import RandomAgent
from cardlib.core.testing import snapshot
from cardlib.satori import classroom
from cardlib.satori.actions import KATSU, SATORI, WINDOW, ZATSUNEN
from cardlib.satori.analysis import BOTS, MODELS, katsu_stakes, p_satori
from cardlib.satori.app import SatoriApp
from cardlib.satori.beliefs import story
from cardlib.satori.bots import BayesianBot, CountingBot, counted_chance
from cardlib.ui.testing import play_with_agent


class Watched:
    """A student agent that remembers each Katsu window it answered: its observation, the true card, its answer."""

    def __init__(self, agent, app):
        self.agent, self.app, self.windows = agent, app, []

    def act(self, obs, legal, rng):
        action = self.agent.act(obs, legal, rng)
        if obs.phase == WINDOW:
            card = self.app.state.pile(obs.active)[-1]  # the truth, for the test only
            self.windows.append((obs, card, action))
        return action


def played(agent, seed, players=3, games=2):
    """An app whose seat was played by ``agent`` for ``games`` games, and every window it answered."""
    app = SatoriApp(players=players, seed=seed)
    watched = Watched(agent, app)
    play_with_agent(app, watched, random.Random(seed), games=games)
    return app, watched.windows


@pytest.fixture(scope="module")
def sample():
    """Games of a Bayesian, a counting and a random student, with their windows, pooled as a class."""
    runs = [played(agent, seed, players=3 + seed % 3) for seed, agent in
            enumerate([BayesianBot(), CountingBot(), RandomAgent(), CountingBot(threshold=Fraction(1, 2))])]
    files = [(f"student{k}.csv", app.records.csv_text().encode()) for k, (app, _) in enumerate(runs)]
    data = read_class_files(files)
    return runs, data


def test_every_window_answered_is_a_row_with_the_kit_columns_and_the_games(sample):
    runs, _ = sample
    for app, windows in runs:
        rows = app.records.rows
        assert len(rows) == len(windows) > 0
        for row, (obs, _, action) in zip(rows, windows):
            assert list(row)[:len(KIT_COLUMNS)] == list(KIT_COLUMNS)
            assert set(row) == set(KIT_COLUMNS) | set(classroom.COLUMNS)
            assert row["game"] == "satori" and row["seat"] == app.human and row["called"] == (action == KATSU)


def test_the_csv_round_trips_through_the_class_reader_with_nothing_skipped(sample):
    runs, data = sample
    assert data.skipped == [] and len(data.read) == len(runs)
    table = data["satori"]
    assert len(table) == sum(len(windows) for _, windows in runs)
    assert list(table.columns) == ["file", *KIT_COLUMNS, *classroom.COLUMNS, *PEOPLE_COLUMNS]
    first = runs[0][0].records.rows[0]
    assert {key: table.iloc[0][key] for key in first} == first


def test_each_row_holds_what_was_visible_and_the_exact_posterior_of_that_moment(sample):
    runs, data = sample
    for app, windows in runs:
        for row, (obs, _, _) in zip(app.records.rows, windows):
            assert row["posterior"] == str(p_satori(obs, MODELS[BOTS]))  # the coach's default model
            assert row["counted"] == str(counted_chance(obs))
            assert classroom.story_of(row["story"]) == story(obs.log, obs.active)
            assert classroom.log_of(row["log"]) == obs.log
            assert classroom.observation_of(row) == obs  # the whole observation, rebuilt from the row
    for _, row in data["satori"].iterrows():  # and from the pooled CSV too
        assert classroom.observation_of(row).log == classroom.log_of(row["log"])


def test_what_was_revealed_is_the_true_card_and_only_when_the_rules_showed_it(sample):
    runs, _ = sample
    kinds = set()
    for app, windows in runs:
        for row, (obs, card, action) in zip(app.records.rows, windows):
            kinds.add(row["revealed_by"])
            assert (row["revealed_by"] == "your katsu") == (action == KATSU)
            assert row["revealed"] in ("", card)
            assert (row["revealed"] == "") == (row["revealed_by"] == "")
    assert {"your katsu", "another katsu", "runs shown", ""} <= kinds


def test_a_call_right_or_wrong_is_known_and_the_place_is_the_results(sample):
    runs, _ = sample
    for app, windows in runs:
        last_game = app.records.rows[-1]["game_no"]
        for row, (_, card, action) in zip(app.records.rows, windows):
            if action == KATSU:
                assert row["revealed"] == card
            if row["game_no"] == last_game:
                assert row["place"] == app.state.result().places[app.human] and row["won"] == (row["place"] == 1)


def twin_with_other_unseen_cards(state, human):
    """The finished game with two unseen cards of one opponent's pile swapped (None if no pile has such a pair)."""
    obs = state.observation(human)
    for seat in range(obs.players):
        if seat == human or obs.out[seat]:
            continue
        unseen = [i for i, shown in enumerate(obs.piles[seat]) if shown is None]
        kinds = {state.pile(seat)[i]: i for i in unseen}
        if SATORI in kinds and ZATSUNEN in kinds:
            twin = state.clone()
            i, j = kinds[SATORI], kinds[ZATSUNEN]
            twin._piles[seat][i], twin._piles[seat][j] = twin._piles[seat][j], twin._piles[seat][i]
            return twin
    return None


def test_the_rows_of_a_game_do_not_depend_on_the_cards_you_did_not_see():
    found = 0
    for seed in range(12):
        app, _ = played(CountingBot(), seed, games=1)
        twin = twin_with_other_unseen_cards(app.state, app.human)
        if twin is None:
            continue
        found += 1
        obs, other = app.state.observation(app.human), twin.observation(app.human)
        assert other == obs and snapshot(twin) != snapshot(app.state)
        after = ("revealed", "revealed_by", "place", "won")  # what round_rows adds to each decision
        decisions = [{key: row[key] for key in classroom.COLUMNS if key not in after} for row in app.records.rows]
        kept = [{key: row[key] for key in classroom.COLUMNS} for row in app.records.rows]
        assert classroom.round_rows(other, None, decisions) == kept
    assert found >= 2


def test_the_analysis_sets_the_class_beside_the_exact_posterior(sample):
    runs, data = sample
    result = classroom.katsu_against_posterior(data["satori"], rollouts=0)
    windows = [(p_satori(obs, MODELS[BOTS]), card, action) for _, ws in runs for obs, card, action in ws]
    assert list(result["band"]) == [classroom.band_of(edge) for edge in classroom.BANDS[1:]]
    assert result["windows"].sum() == len(windows)
    for _, band in result.iterrows():
        inside = [(p, card, action) for p, card, action in windows if classroom.band_of(p) == band["band"]]
        calls = [(p, card) for p, card, action in inside if action == KATSU]
        assert band["windows"] == len(inside) and band["calls"] == len(calls)
        if inside:
            assert band["posterior"] == sum(p for p, _, _ in inside) / len(inside)
            rate = len(calls) / len(inside)
            assert band["call_rate"] == pytest.approx(rate)
            assert band["call_rate_se"] == pytest.approx((rate * (1 - rate) / len(inside)) ** 0.5)
        if calls:
            assert band["right"] == sum(card == SATORI for _, card in calls)
            assert band["right_exact"] == sum(p for p, _ in calls) / len(calls)
        assert band["ev_windows"] == 0


def test_the_expected_chances_of_winning_are_the_librarys_stakes_on_the_windows():
    app, windows = played(BayesianBot(), seed=5, games=1)
    data = read_class_files([("one.csv", app.records.csv_text().encode())])
    result = classroom.katsu_against_posterior(data["satori"], rollouts=4, per_band=100, seed=3)
    for _, band in result.iterrows():
        inside = [obs for obs, _, _ in windows if classroom.band_of(p_satori(obs, MODELS[BOTS])) == band["band"]]
        assert band["ev_windows"] == len(inside)
        if len(inside) >= 2:
            values = []
            for obs in inside:
                p = float(p_satori(obs, MODELS[BOTS]))
                stakes = katsu_stakes(obs, rollouts=4, seed=3)
                values.append((stakes.call(p), stakes.no_call(p)))
            assert band["ev_call"] == pytest.approx(sum(v[0] for v in values) / len(values))
            assert band["ev_no_call"] == pytest.approx(sum(v[1] for v in values) / len(values))


def test_the_sample_students_mix_the_bots_weak_and_strong():
    names = {type(agent).__name__ for agent in classroom.sample_students(3)}
    assert names == {"BayesianBot", "CountingBot", "RandomAgent"}


SAMPLES = __import__("pathlib").Path(__file__).resolve().parents[2] / "notebooks" / "data" / "class"


def test_a_hand_that_does_not_fit_its_log_is_refused_naming_the_hand_column():
    raw = (SAMPLES / "satori-student01.csv").read_bytes().replace(b",S S Z Z,", b",,", 1)
    data = read_class_files([("emptied.csv", raw)])
    assert data.skipped == ["emptied.csv: row 1, column hand: 0 cards, where the log leaves the seat 4"]


def test_a_rollout_from_a_hand_emptied_behind_the_reader_s_back_is_bounded_and_left_out():
    """An empty hand where the log leaves cards once made a rollout wait forever for cards nobody held (the world's
    hands hold none, its count of cards held says some: nobody can empty a hand or declare). Now the rollout stops
    at its budget of moves, and the window is left out of the stakes."""
    from concurrent.futures import ThreadPoolExecutor

    table = read_class_files(SAMPLES)["satori"]
    emptied = table.assign(hand="")
    with ThreadPoolExecutor(1) as pool:  # a hang fails the test after a minute instead of hanging the suite
        stakes = pool.submit(lambda: [classroom.bounded_stakes(row, 2, 0, classroom.MODEL)
                                      for _, row in emptied.iterrows()]).result(timeout=60)
        result = pool.submit(classroom.katsu_against_posterior, emptied, rollouts=2, per_band=50).result(timeout=60)
    assert None in stakes and result["ev_windows"].sum() == sum(s is not None for s in stakes) < len(table)
