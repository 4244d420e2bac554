"""The hand or the player: the replay experiment's design (every hand met by every player equally often), the variance
split on tables whose answer is known, and the loop round's scoring."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from cardlib.loop.chairs import BASE, round_points
from cardlib.loop.replays import (
    ClimberBot, RandomAgent, by_previous_rank, check_layout, loop_rule_effect, player_means, replay_deals,
    variance_split,
)

BOTS = {"random": RandomAgent(), "climber": ClimberBot(), "climber too": ClimberBot()}


@pytest.fixture(scope="module")
def table():
    return replay_deals(deals=6, seed=5, bots=BOTS, players=3)


def test_every_hand_is_played_by_every_player_equally_often_in_both_rounds(table):
    for _, rows in table.groupby(["deal", "round", "chair"]):
        assert rows["player"].value_counts().to_dict() == dict.fromkeys(BOTS, 2)  # 3! orders: twice each
    assert len(table) == 6 * 2 * 6 * 3  # deals x rounds x orders x chairs


def test_in_each_replay_the_ranks_are_1_to_n_and_points_follow_the_tables(table):
    for _, game in table.groupby(["deal", "round", table.index // 3]):
        assert sorted(game["rank"]) == [1, 2, 3]
    for row in table.itertuples():
        assert row.points == BASE[3][row.rank - 1]
        previous = None if row.round == "normal" else int(row.previous)
        assert row._8 == round_points(3, row.rank, previous)  # the column "loop points"


def test_the_loop_round_is_played_from_the_same_first_round_whoever_plays_it(table):
    loop = table[table["round"] == "loop"]
    # the chair's previous rank belongs to the chair, not to who sits there now
    assert (loop.groupby(["deal", "chair"])["previous"].nunique() == 1).all()
    assert sorted(loop.groupby("deal")["previous"].first().index) == list(range(6))


def test_the_variance_split_finds_a_pure_hand_effect_and_a_pure_player_effect():
    rows = []
    for deal in range(4):
        for chair in range(3):
            for player, skill in (("a", 0), ("b", 1), ("c", 2)):
                rows.append({"deal": deal, "round": "normal", "chair": chair, "player": player,
                             "hand only": chair + 3 * deal, "player only": skill})
    layout = pd.DataFrame(rows)
    hand = variance_split(layout, score="hand only", resamples=50)
    player = variance_split(layout, score="player only", resamples=50)
    assert hand.loc["the hand", "share"] == pytest.approx(1) and hand.loc["the player", "share"] == pytest.approx(0)
    assert player.loc["the player", "share"] == pytest.approx(1) and player.loc["the hand", "share"] == pytest.approx(0)


def test_the_shares_add_up_to_one_and_their_intervals_hold_them(table):
    split = variance_split(table, "loop", "loop points", resamples=100, seed=3)
    assert split["share"].sum() == pytest.approx(1)
    assert (split["low"] <= split["share"] + 1e-9).all() and (split["share"] <= split["high"] + 1e-9).all()
    assert split.attrs["seed"] == 3 and split.attrs["deals"] == 6


def test_a_climber_outscores_a_random_player_on_the_same_hands(table):
    means = player_means(table)
    assert means.loc["climber", "low"] > means.loc["random", "high"]


def test_by_previous_rank_reads_the_loop_round_by_the_chairs_last_rank(table):
    frame = by_previous_rank(table)
    assert list(frame.index) == [1, 2, 3]
    # the loop rule adds previous - rank: on average exactly the mean rank's distance from the previous rank
    assert (frame["loop points"] - frame["points"] - (frame.index - frame["rank"])).abs().max() == pytest.approx(0)


def test_one_bot_a_chair():
    with pytest.raises(ValueError, match="one bot a chair"):
        replay_deals(deals=1, seed=1, bots={"random": RandomAgent()}, players=3)


def test_the_loop_rules_effect_compares_the_same_games_scored_both_ways(table):
    effect = loop_rule_effect(table, resamples=60, seed=1)
    assert effect["change in share"].sum() == pytest.approx(0)  # shares add to 1 under both scorings
    loop = table[table["round"] == "loop"]
    direct = variance_split(table, "loop", "loop points", resamples=2)["share"] - \
        variance_split(table, "loop", "points", resamples=2)["share"]
    assert list(effect["change in share"]) == pytest.approx(list(direct))
    same = table.assign(**{"loop points": table["points"]})  # a rule that adds nothing changes nothing
    assert loop_rule_effect(same, resamples=20)["change in share"].abs().max() == pytest.approx(0)
    assert len(loop) and effect.attrs["seed"] == 1


def test_a_class_latin_square_splits_too_but_a_hand_played_by_one_player_only_is_refused():
    rows = []  # two groups of three, three rounds, everyone one chair on each time: each plays each hand once
    for group in range(2):
        for round_ in range(3):
            for chair in range(3):
                player = f"g{group}p{(chair + round_) % 3}"
                rank = (chair + group + round_) % 3 + 1
                rows.append({"deal": group, "round": "class", "chair": chair, "player": player,
                             "points": (3, 1, 0)[rank - 1]})
    square = pd.DataFrame(rows)
    split = variance_split(square, "class", resamples=50, seed=1)
    assert split["share"].sum() == pytest.approx(1) and not split.isna().any().any()  # resamples may leave a group out
    with pytest.raises(ValueError, match="equally often"):
        check_layout(square[square.index % 9 < 3])  # the first round alone: each hand met one player
    with pytest.raises(ValueError, match="no rows"):
        variance_split(square, "normal")


def test_resampling_by_weights_is_resampling_the_deals(table):
    rows = table[table["round"] == "normal"]
    deals = sorted(rows["deal"].unique())
    picked = [0, 0, 3, 5, 5, 5]
    explicit = pd.concat([rows[rows["deal"] == deals[k]].assign(deal=i) for i, k in enumerate(picked)])
    weights = np.bincount(picked, minlength=len(deals)).astype(float)[None, :]
    from cardlib.loop.replays import _deal_sums, _weighted_shares
    by_weights = _weighted_shares(_deal_sums(rows, "points"), weights)[0]
    direct = variance_split(explicit, resamples=2)["share"].to_numpy()
    assert list(by_weights) == pytest.approx(list(direct))
