"""The SCOUT app in the kernel: keep or turn, a show, a scout in two clicks (the end, then the place
and which way up), Scout & Show with its refused places and the show after it, the two-player
table, the round summary with the (ii) exemption, the narrator, no unseen card on the page, and the
Japanese table in the sheet's words (no English left but the kit's table words).

Positions come from stacked deals (``tests/scout/helpers.py``) resumed in the app; whole games
are played by random clicks. The generic checks of every app are in ``tests/test_every_game.py``.
"""
from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from cardlib.core.testing import snapshot
from cardlib.scout.actions import KEEP, SHOWING, TURN, RoundTally, Scout, ScoutAndShow, Show
from cardlib.scout.app import ScoutApp
from cardlib.scout.bots import PlannerBot
from cardlib.scout.view import narrate, round_html
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names
from cardlib.ui.table import points_text
from cardlib.ui.testing import labels, moments, my_turn, random_click
from cardlib.ui.testing import page_text as text
from tests.scout.helpers import beating_slices, play, stacked, turned

SEAT = re.compile(r'<div class="cl-seat[^"]*" data-seat="(\d+)">(.*?)'
                  r'(?=<div class="cl-seat(?: [^"]*)?" data-seat=|</div></div>$|$)', re.S)
HAND = re.compile(r'<span class="cl-label">Hand \((\d+)\)</span><span class="cl-cards" data-seat="(\d+)">(.*?)'
                  r'</span></div><div class="cl-row"><span class="cl-label">[^<]*</span>'
                  r'<span class="cl-cards" data-seat="\d+">([^<]*)</span>', re.S)
SLOT = re.compile(r'data-card="(\d+)/(\d+)"|class="cl-card cl-back')
FACE = re.compile(r'data-card="(\d+)/(\d+)"')
ACTIVE = re.compile(r'<span class="sc-active" data-owner="(\d+)">(.*?)</span></div>', re.S)
BADGES = re.compile(r'<span class="cl-badge[^"]*">([^<]*)</span>')
ROW = re.compile(r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>(.*?)</td><td><b>([^<]*)</b></td></tr>")


def cards(found) -> list:
    """The slots found by SLOT/FACE: (top, bottom) for a face, None for a back."""
    return [(int(top), int(bottom)) if top else None for top, bottom in found]


def hands_shown(app) -> dict[int, list]:
    """Each seat's hand on the table, left to right: (top, bottom) for a face, None for a back."""
    return {int(seat): cards(SLOT.findall(body)) for _, seat, body, _ in HAND.findall(app._table.value)}


def this_round(app) -> dict[int, str]:
    """Each seat's row of this round's score cards and chips (tokens: score cards only)."""
    return {int(seat): html.unescape(taken) for _, seat, _, taken in HAND.findall(app._table.value)}


def badges(app) -> dict[int, list[str]]:
    """The badges beside each seat's name, as read."""
    return {int(seat): [html.unescape(b) for b in BADGES.findall(box.split('<div class="cl-row">')[0])]
            for seat, box in SEAT.findall(app._table.value)}


def active_shown(app):
    """(owner, cards) of the active set on the table; None when the table shows none."""
    found = ACTIVE.search(app._table.value)
    return (int(found.group(1)), cards(FACE.findall(found.group(2)))) if found else None


def tops(cards) -> list[int]:
    return [card[0] for card in cards]


def show_label(hand, first, last) -> str:
    """A show's button as the issue writes it: 'Show 2–4: 3-4-5'."""
    where = str(first) if first == last else f"{first}–{last}"
    return f"Show {where}: " + "-".join(str(card[0]) for card in hand[first - 1:last])


def places(size: int) -> list[str]:
    """The second clicks of a scout into a hand of ``size`` cards, then Back."""
    return ([f"at {to}" for to in range(1, size + 2)] + [f"at {to}, turned" for to in range(1, size + 2)]
            + ["Back"])


def logged(app, kind: str, seat: int):
    """The value of the first event of ``kind`` by ``seat`` in your observation's log."""
    return next(value for k, who, value in app.state.observation(app.human).log if k == kind and who == seat)


def app_at(state, human=0, **options) -> ScoutApp:
    """An app (planner bots: quick) resumed at ``state``."""
    app = ScoutApp(players=state.game.players, human=human,
                   opponents=[PlannerBot() for _ in range(state.game.players - 1)], seed=1)
    app.resume(state, **options)
    assert app.message == "", app.message
    return app


# -- the positions: stacked deals, three players, player 0 starts --

# Player 0 holds the run 5-6-7 (the 5 has an 8 below), you (player 1) a 9 first and loners after it, player 2 the
# run 2-3-4. Player 0 shows 5-6-7: your hand beats nothing, so you scout, or Scout & Show the 5 turned (8) by the 9.
SCOUTING = ["5/8 6/1 7/2", "9/3", "2/9 3/8 4/1"]
SCOUT_NOW = "keep / keep / keep / show 1-3"
# ... you Scout & Show (8-9 beats the 6-7 left), player 2 beats it with 2-3-4, player 0 scouts its 2: the turn
# comes to you with your marker spent, and if you scout too, the round ends (ii) with player 2 exempt.
MARKER_SPENT = SCOUT_NOW + " / scout & show left to 1 turned / show 1-2 / show 1-3 / scout left to 1"


def scouting(human=1, script=SCOUT_NOW, **options) -> ScoutApp:
    return app_at(play(stacked(3, SCOUTING), script), human, **options)


# -- keep or turn --

def test_keep_or_turn_shows_the_hand_both_ways_and_turning_reverses_and_flips_it():
    state = stacked(3, ["3/9 4/8 5/7 1/2"])
    dealt = list(state.hand(0))
    app = app_at(state)
    assert labels(app) == ["Keep", "Turn around"]
    assert [app.action_of[b] for b in app.action_buttons] == [KEEP, TURN]
    prompt = text(app._prompt)
    assert "Keep your hand as dealt, or turn it around" in prompt
    assert f"Now: {' '.join(map(str, tops(dealt)))}." in prompt
    assert f"Turned around: {' '.join(map(str, tops(turned(dealt))))}." in prompt
    assert prompt.startswith("Keep your hand") and "Now: 3 4 5 1 " in prompt
    assert hands_shown(app)[0] == dealt and "keep or turn?" in badges(app)[0]
    app.button("Turn around").click()
    assert app.message == "" and app.state.history[0] == TURN
    assert list(app.state.hand(0)) == turned(dealt) and app.state.hand(0)[-4:] == ((2, 1), (7, 5), (8, 4), (9, 3))
    assert hands_shown(app)[0] == turned(dealt)
    assert "You turn the whole hand around." in text(app._log)
    assert my_turn(app) and app.state.phase == "play"  # the bots kept or turned; you start with the turned hand
    hand = app.state.hand(0)
    assert labels(app) == [show_label(hand, a.first, a.last) for a in app.action_of.values()]


def test_keep_leaves_the_hand_as_dealt():
    state = stacked(3, ["3/9 4/8 5/7 1/2"])
    dealt = state.hand(0)
    app = app_at(state)
    app.button("Keep").click()
    assert app.state.hand(0) == dealt and "You keep the hand." in text(app._log)


# -- a show --

def test_a_show_by_its_button_only_the_beating_slices_have_buttons():
    # player 0 shows the run 6-7; you hold 2-3-4 and 8-8 (beat it) and 2-3, 3-4 (a run of 2 lower: do not)
    state = play(stacked(3, ["6/1 7/2", "2/9 3/8 4/5 1/7 8/6 8/7"]), "keep / keep / keep / show 1-2")
    app = app_at(state, human=1)
    hand = state.hand(1)
    shows = {(a.first, a.last): b.description for b, a in app.action_of.items() if type(a) is Show}
    assert set(shows) == beating_slices(tops(hand), [6, 7]) == {(1, 3), (5, 6)}
    assert shows == {(1, 3): "Show 1–3: 2-3-4", (5, 6): "Show 5–6: 8-8"}
    assert all(not b.disabled for b in app.action_buttons)
    assert "Your turn: beat the 6-7 (a run of 2), or scout a card from one of its ends." in text(app._prompt)
    assert "2 of your groups beat it." in text(app._prompt)
    app.button("Show 5–6: 8-8").click()
    assert app.message == "" and app.state.history[4] == Show(5, 6)
    assert logged(app, "show", 1) == (5, 6, ((8, 6), (8, 7)), 2)  # the 6-7 taken: 2 score cards
    assert "You show 8-8 (cards 5–6): a set of 2, taking 2 score cards." in text(app._log)


def test_at_the_start_of_a_round_every_group_has_a_button():
    state = stacked(3, ["3/9 4/8 5/7 5/1 5/2"])
    app = app_at(state)
    app.button("Keep").click()
    hand = app.state.hand(0)
    shows = [(a.first, a.last) for a in app.action_of.values() if type(a) is Show]
    assert set(shows) == beating_slices(tops(hand), []) and len(shows) == len(set(shows))
    assert {b.description for b, a in app.action_of.items()} == {show_label(hand, *s) for s in shows}
    assert "Show 1–3: 3-4-5" in labels(app) and "Show 3–5: 5-5-5" in labels(app)
    assert "Your turn: show any group (nothing is on the table)." in text(app._prompt)


# -- a scout in two clicks --

def test_the_first_clicks_of_a_scout_name_the_end_and_its_card():
    app = scouting()
    assert labels(app) == ["Scout left: 5", "Scout right: 7", "Scout & Show left: 5", "Scout & Show right: 7"]
    assert all(a is None for a in app.action_of.values())
    assert [app.opens_of[b] for b in app.action_buttons] == [(Scout, "left"), (Scout, "right"),
                                                              (ScoutAndShow, "left"), (ScoutAndShow, "right")]
    assert "Nothing in your hand beats it: scout." in text(app._prompt)
    assert active_shown(app) == (0, [(5, 8), (6, 1), (7, 2)])


@pytest.mark.parametrize("end, card, place, index, lands", [
    ("left", 5, "at 4, turned", 3, (8, 5)),
    ("left", 5, "at 1", 0, (5, 8)),
    ("right", 7, "at 13", 12, (7, 2)),
    ("right", 7, "at 7, turned", 6, (2, 7)),
])
def test_a_scout_in_two_clicks_puts_the_card_there_that_way_up(end, card, place, index, lands):
    app = scouting()
    before = snapshot(app.state)
    hand = list(app.state.hand(1))
    app.button(f"Scout {end}: {card}").click()
    assert app.message == "" and snapshot(app.state) == before and app.step == (Scout, end)
    assert labels(app) == places(12)
    assert all(not b.disabled for b in app.action_buttons)  # a plain scout may go anywhere, either way up
    assert {a for a in app.action_of.values() if a is not None} == {
        a for a in app.state.legal_actions() if type(a) is Scout and a.end == end}
    other_number = {5: 8, 7: 2}[card]
    prompt = text(app._prompt)
    assert f"Scout: where does the {card} go, and which number on top?" in prompt
    assert f"'turned' puts it in with the {other_number} on top" in prompt
    app.button(place).click()
    assert app.message == "" and app.step is None
    assert app.state.history[4] == Scout(end, int(place.split()[1].strip(",")), place.endswith("turned"))
    assert list(app.state.hand(1)) == hand[:index] + [lands] + hand[index:]
    assert hands_shown(app)[1] == list(app.state.hand(1))
    assert logged(app, "scout", 1) == (end, index + 1, lands, place.endswith("turned"), 0)  # 0 gets a chip
    told = f"You scout the {end} card ({card}) to position {index + 1}"
    assert told in text(app._log) and "Player 0 gets a chip." in text(app._log)


def test_back_returns_to_the_first_clicks_and_the_game_does_not_move():
    app = scouting()
    first, prompt, before = labels(app), app._prompt.value, snapshot(app.state)
    for opener in ("Scout right: 7", "Scout & Show left: 5"):
        app.button(opener).click()
        assert labels(app) != first and app.button("Back").tooltip == "Choose another move"
        app.button("Back").click()
        assert app.message == "" and app.step is None
        assert labels(app) == first and app._prompt.value == prompt and snapshot(app.state) == before
    assert app.state.current_player == 1 and len(app.state.history) == 4


# -- Scout & Show --

def test_scout_and_show_places_where_no_show_could_follow_are_disabled_and_say_why():
    app = scouting()
    app.button("Scout & Show left: 5").click()
    assert labels(app) == places(12)
    assert "Scout & Show: where does the 5 go, and which number on top?" in text(app._prompt)
    legal = {a for a in app.state.legal_actions() if type(a) is ScoutAndShow and a.end == "left"}
    enabled = {a for b, a in app.action_of.items() if a is not None and not b.disabled}
    refused = [(b, a) for b, a in app.action_of.items() if a is not None and b.disabled]
    assert enabled == legal and len(legal) + len(refused) == 26 and refused
    for button, action in refused:
        assert "No show could follow" in button.tooltip and "Scout & Show needs one" in button.tooltip
        assert type(action) is ScoutAndShow
    # the 8 beside the 9 makes a run of 2 above the 6-7 left; the 5 kept beside the 9 makes nothing
    assert not app.button("at 1, turned").disabled and not app.button("at 2, turned").disabled
    assert app.button("at 1").disabled and app.button("at 2").disabled


def test_after_the_scout_of_scout_and_show_only_shows_are_offered_and_the_marker_is_spent():
    app = scouting()
    assert "Scout & Show used" not in badges(app)[1]
    app.button("Scout & Show left: 5").click()
    app.button("at 1, turned").click()
    assert app.message == "" and app.state.phase == SHOWING and my_turn(app)
    assert app.state.hand(1)[:2] == ((8, 5), (9, 3))
    prompt = text(app._prompt)
    assert "Now show: a group that beats what is left of the active set." in prompt
    assert "It need not use the card you scouted." in prompt
    hand = app.state.hand(1)
    assert all(type(a) is Show for a in app.action_of.values()) and not any(app.opens_of.values())
    slices = beating_slices(tops(hand), [6, 7])
    assert sorted(labels(app)) == sorted(show_label(hand, *s) for s in slices) and "Show 1–2: 8-9" in labels(app)
    assert active_shown(app) == (0, [(6, 1), (7, 2)])
    assert "Scout & Show used" in badges(app)[1] and "to play" in badges(app)[1]
    told = "You use Scout & Show: scout the left card (5) to position 1, turned: 8 on top; Player 0 gets a chip."
    assert told in text(app._log)
    app.button("Show 1–2: 8-9").click()
    assert app.message == "" and app.state.history[4:6] == (ScoutAndShow("left", 1, True), Show(1, 2))
    assert "You show 8-9 (cards 1–2): a run of 2, taking 2 score cards." in text(app._log)
    assert "Scout & Show used" in badges(app)[1]


def test_with_the_marker_spent_there_are_no_scout_and_show_buttons():
    app = scouting(script=MARKER_SPENT)
    assert active_shown(app) == (2, [(3, 8), (4, 1)])
    assert labels(app) == ["Scout left: 3", "Scout right: 4"]
    assert not any("Scout & Show" in label for label in labels(app))
    assert badges(app) == {0: [], 1: ["to play", "Scout & Show used"], 2: ["owner"]}
    # player 0 scouted after player 2's show: if you scout too, the turn comes back to player 2
    assert "Careful: everyone else has only scouted; if you scout too, the round ends." in text(app._prompt)


def test_a_one_card_active_set_has_one_end():
    state = play(stacked(3, ["7/2", "9/3 6/4"]), "keep / keep / keep / show 1")
    app = app_at(state, human=1)
    assert [label for label in labels(app) if "Scout" in label] == ["Scout: 7", "Scout & Show: 7"]
    app.button("Scout & Show: 7").click()
    assert labels(app) == places(12) and all(not b.disabled for b in app.action_buttons)  # the set empties
    app.button("at 2, turned").click()
    assert app.message == "" and app.state.hand(1)[:3] == ((9, 3), (2, 7), (6, 4))
    assert "Any group if nothing is left." in text(app._prompt)
    assert "none (the last show was Player 0's): any group may be shown" in text(app._table)
    shows = {(a.first, a.last) for a in app.action_of.values()}
    assert shows == beating_slices(tops(app.state.hand(1)), [])
    assert "You use Scout & Show: scout the only card (7) to position 2, turned: 2 on top; Player 0 gets a chip." \
        in text(app._log)


# -- the two-player table --

def test_two_players_tokens_as_badges_a_scout_costs_one_and_you_go_again():
    state = play(stacked(2, ["7/2"]), "keep / keep / show 1")
    app = app_at(state, human=1)
    assert badges(app) == {0: ["owner", "3 scout tokens"], 1: ["to play", "3 scout tokens"]}
    assert "Scout: 7" in labels(app) and not any("Scout & Show" in label for label in labels(app))
    assert this_round(app) == {0: "0 score cards", 1: "0 score cards"}  # no chips in this game
    assert "Careful" not in text(app._prompt)
    app.button("Scout: 7").click()
    app.button("at 1").click()
    assert app.message == "" and my_turn(app) and app.state.hand(1)[0] == (7, 2)
    assert badges(app) == {0: ["3 scout tokens"], 1: ["to play", "2 scout tokens"]}
    assert "You scout the only card (7) to position 1." in text(app._log)
    assert "chip" not in text(app._log) and "chip" not in text(app._table)
    assert "Your turn: show any group (nothing is on the table)." in text(app._prompt)


def tallies_shown(app) -> list[tuple]:
    """The round summary's rows: (name, score cards, chips or tokens, cards in hand, round points) as read."""
    return [tuple(text(cell) for cell in row) for row in ROW.findall(app._result.value)]


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def check_summary(app, tally: RoundTally) -> None:
    """The round summary's numbers are the RoundTally's; the exempt seat is marked."""
    rows = tallies_shown(app)
    assert [row[0] for row in rows] == [app.names(seat) for seat in range(len(tally.scores))]
    extra = tally.tokens if tally.tokens is not None else tally.chips
    for seat, (_, taken, more, held, score) in enumerate(rows):
        assert taken == f"+{tally.score_cards[seat]}" and more == f"+{extra[seat]}"
        lost = f"−{tally.held[seat]}" if tally.held[seat] else "0"
        assert held == (f"{tally.held[seat]} (exempt)" if seat == tally.exempt else lost)
        assert int(score.replace("−", "-")) == tally.scores[seat]
    assert ('class="sc-exempt"' in app._result.value) == (tally.exempt is not None)


def totals_shown(app) -> list[int]:
    found = re.findall(r'<td class="cl-total" data-seat="(\d+)">([^<]*)</td>', app._scores.value)
    return [int(points.replace("−", "-")) for _, points in sorted(found, key=lambda pair: int(pair[0]))]


def test_two_players_the_round_summary_has_tokens_not_chips():
    app = ScoutApp(players=2, seed=4)
    rng, summaries = random.Random(4), 0
    while not app.state.is_over:
        obs = app.state.observation(app.human)
        if my_turn(app):
            assert not any("Scout & Show" in label for label in labels(app))
            for seat in range(2):
                tokens = obs.tokens[seat]
                assert f"{tokens} scout token{'s' if tokens != 1 else ''}" in badges(app)[seat]
        done = app.pending(obs)
        if done is not None:
            summaries += 1
            head = text(app._result)
            assert "Tokens left" in head and "Chips" not in head and done.tokens is not None
            check_summary(app, done)
        app.button(random_click(app, rng)).click()
    check_summary(app, app.state.observation(app.human).finished[-1])
    assert summaries == 1 and totals_shown(app) == list(app.state.result().scores)


# -- the round summary --

def test_a_round_ended_by_ii_names_the_owner_exempt_and_the_scoreboard_adds_up():
    app = scouting(script=MARKER_SPENT)
    app.button("Scout left: 3").click()
    app.button("at 1").click()
    assert app.message == ""
    obs = app.state.observation(1)
    (tally,) = obs.finished
    assert (tally.reason, tally.ender, tally.exempt) == ("came back", 2, 2)
    # by hand: 0 took no cards, 1 chip (your scout), 10 in hand; you 2 cards (6-7), 12 in hand; 2 took 8-9, 2 chips
    assert (tally.score_cards, tally.chips, tally.held, tally.scores) == ((0, 2, 2), (1, 0, 2), (10, 12, 9),
                                                                          (-9, -10, 4))
    assert labels(app) == ["Next round"]
    result = text(app._result)
    assert result.startswith("Round 1 is over.")
    assert ("Everyone else only scouted since Player 2's show, and the turn came back: the round ends (ii). "
            "Player 2 loses nothing for the cards in hand.") in result
    assert "Score cards Chips Cards in hand Round" in result
    check_summary(app, tally)
    assert "Round 1 is over: read the points, then deal the next round." in text(app._prompt)
    assert "The round ends (came back)" in text(app._log)
    assert totals_shown(app) == list(obs.totals) == [-9, -10, 4]
    app.button("Next round").click()
    assert app.message == "" and app._result.value == "" and app.parts_read == 1
    assert totals_shown(app) == list(app.state.observation(1).totals)
    assert "round 2 of 3" in text(app._header)


# you (player 0) hold 5-5-5 and the run 1 to 9; player 1 beats your 5-5-5 with 6-6-6, player 2 scouts a 6 and
# your run of 9 beats the 6-6 left: your hand is empty, the round ends (i)
EMPTYING = ["5/1 5/2 5/3 1/9 2/8 3/7 4/6 5/4 6/3 7/2 8/1 9/2", "6/7 6/8 6/9"]


def test_a_round_ended_by_i_says_so_and_nobody_is_exempt():
    state = play(stacked(3, EMPTYING), "keep / keep / keep / show 1-3 / show 1-3 / scout left to 1")
    app = app_at(state)
    assert "Show 1–9: 1-2-3-4-5-6-7-8-9" in labels(app)
    app.button("Show 1–9: 1-2-3-4-5-6-7-8-9").click()
    assert app.message == ""
    (tally,) = app.state.observation(0).finished
    assert (tally.reason, tally.ender, tally.exempt) == ("emptied", 0, None)
    assert tally.scores == (2, -5, -13)  # you +2 (the 6-6); 1: +3 cards +1 chip −9; 2: −13
    assert "You showed" in text(app._result) and "last card: the round ends at once (i)." in text(app._result)
    assert "exempt" not in text(app._result)
    check_summary(app, tally)
    assert totals_shown(app) == [2, -5, -13]


def test_a_finished_round_not_yet_read_waits_when_resumed():
    state = play(stacked(3, EMPTYING), "keep / keep / keep / show 1-3 / show 1-3 / scout left to 1 / show 1-9")
    app = app_at(state, parts_read=0)
    assert labels(app) == ["Next round"] and "(i)" in text(app._result)
    read = app_at(state.clone())
    assert read._result.value == "" and read.parts_read == 1


def test_while_a_summary_waits_the_header_and_badges_are_of_the_round_over():
    app = scouting(script=MARKER_SPENT)
    app.button("Scout left: 3").click()
    app.button("at 1").click()
    assert labels(app) == ["Next round"] and "Round 1 is over." in text(app._result)
    assert "round 2" not in text(app._header).lower()
    assert not any(badge in ("keep or turn?", "to play") for seat in badges(app).values() for badge in seat)
    assert "cl-turn" not in app._table.value


def test_the_summary_of_a_round_you_ended_by_i_says_your_last_card():
    state = play(stacked(3, EMPTYING), "keep / keep / keep / show 1-3 / show 1-3 / scout left to 1 / show 1-9")
    app = app_at(state, parts_read=0)
    assert "You showed your last card: the round ends at once (i)." in text(app._result)


def test_points_lost_are_written_with_the_true_minus_sign():
    app = scouting(script=MARKER_SPENT)
    app.button("Scout left: 3").click()
    app.button("at 1").click()
    words = text(app._result) + " " + text(app._log)
    assert "−9" in words and not re.search(r"(?<![\w-])-\d", words), words


# -- the narrator --

EVENTS = [
    ("round", 2, 3), ("keep", 0, None), ("turn", 1, None),
    ("show", 2, (4, 4, ((7, 1),), 0)),
    ("show", 0, (1, 3, ((3, 9), (4, 8), (5, 7)), 1)),
    ("scout", 1, ("left", 2, (3, 9), False, 0)),
    ("scout", 2, ("right", 5, (7, 5), True, 0)),
    ("scout & show", 1, (None, 1, (4, 8), False, 0)),
    ("scout", 0, (None, 3, (9, 4), False, None)),
    ("round end", 0, ("came back", (4, -3, -5))),
    ("round end", None, ("emptied", (2, 0, -1))),
    ("end", None, (6, -3, -6)),
]


@pytest.mark.parametrize("me", [None, 0, 1])
def test_the_narrator_tells_shows_and_scouts_with_names_positions_and_chips(me):
    told = narrate(EVENTS, Names(me=me))
    assert [i for i, _ in told] == list(range(len(EVENTS)))
    said = dict(told)
    you = Names(me=me)
    assert all("None" not in sentence and sentence[0].isupper() and sentence.endswith(".") for _, sentence in told)
    assert said[0] == f"Round 3: the cards are dealt; {you(2, inside=True)} start{'' if me == 2 else 's'}."
    assert said[3] == f"{you.does(2, 'show')} 7 (card 4): a single card."
    assert said[4] == f"{you.does(0, 'show')} 3-4-5 (cards 1–3): a run of 3, taking 1 score card."
    assert said[5] == (f"{you.does(1, 'scout')} the left card (3) to position 2; "
                       f"{you(0, inside=True)} get{'' if me == 0 else 's'} a chip.")
    assert said[6] == (f"{you.does(2, 'scout')} the right card (5) to position 5, turned: 7 on top; "
                       f"{you(0, inside=True)} get{'' if me == 0 else 's'} a chip.")
    assert said[7] == (f"{you.does(1, 'use')} Scout & Show: {you.verb(1, 'scout')} the only card (4) to position 1; "
                       f"{you(0, inside=True)} get{'' if me == 0 else 's'} a chip.")
    assert said[8] == f"{you.does(0, 'scout')} the only card (9) to position 3."  # two players: no chip
    assert "(came back)" in said[9] and "(hand emptied)" in said[10]
    assert said[11].startswith("The game is over:")


def test_the_app_log_tells_every_event_of_a_whole_game():
    app = ScoutApp(opponents=[PlannerBot(), PlannerBot()], seed=6)
    rng = random.Random(6)
    while not app.state.is_over:
        app.button(random_click(app, rng)).click()
    events = app.state.observation(0).log
    told = narrate(events, app.names)
    assert len(told) == len(events)
    assert all(html.escape(sentence) in app._log.value for _, sentence in told)
    kinds = Counter(kind for kind, _, _ in events)
    assert kinds["show"] and kinds["scout"] + kinds["scout & show"] and kinds["round end"] == 3
    assert totals_shown(app) == list(app.state.result().scores)


# -- nothing unseen on the page --

def check_nothing_unseen(app) -> bool:
    """Every card face on the page is yours, the active set's, or one an opponent scouted (where it went);
    every other card of theirs is a back. Returns whether an opponent holds a scouted card now."""
    obs = app.state.observation(app.human)
    if app.pending(obs) is not None:  # between rounds: the round over, in counts; the next deal not shown yet
        assert FACE.search(app._table.value) is None and "Left in hand" in text(app._table)
        return False
    shown = hands_shown(app)
    assert sorted(shown) == list(range(obs.players))
    for seat in range(obs.players):
        assert shown[seat] == list(obs.hands[seat])  # faces exactly where the observation knows the card
        if seat != app.human:
            truth = app.state.hand(seat)
            assert all(card is None or card == truth[i] for i, card in enumerate(shown[seat]))
    assert shown[app.human] == list(app.state.hand(app.human))
    allowed = Counter(obs.hand) + Counter(obs.active) + Counter(
        card for seat, hand in enumerate(obs.hands) if seat != app.human for card in hand if card is not None)
    page = "".join(w.value for w in (app._header, app._table, app._result, app._prompt, app._log, app._scores,
                                     app._message))
    assert Counter(cards(FACE.findall(page))) == allowed
    if obs.active:
        assert active_shown(app) == (obs.owner, list(obs.active))
    return any(card is not None for seat, hand in enumerate(obs.hands) if seat != app.human for card in hand)


@pytest.mark.parametrize("players, seed, searching", [(3, 21, True), (4, 22, False), (2, 23, False), (5, 24, False)])
def test_no_unseen_card_reaches_the_page(players, seed, searching):
    planners = None if searching else [PlannerBot() for _ in range(players - 1)]  # the search bot is slow
    app = ScoutApp(players=players, human=seed % players, opponents=planners, seed=seed)
    scouted = sum(check_nothing_unseen(moment) for moment in moments(app, random.Random(seed), count=40))
    assert scouted >= 3  # the check met opponents holding cards they scouted


def test_a_pause_after_a_round_shows_the_summary_and_no_unseen_card():
    app = scouting(script=MARKER_SPENT)
    app.button("Scout left: 3").click()
    app.button("at 1").click()
    assert app.pending(app.state.observation(1)) is not None
    check_nothing_unseen(app)
    assert FACE.search(app._result.value) is None


def test_the_round_summary_view_alone_matches_its_tally():
    tally = RoundTally(2, 1, "stuck", 0, 1, (3, 1), (0, 0), (0, 2), (4, 6), (-1, 3))
    drawn = round_html(tally, Names(me=0))
    assert "You could neither show nor scout" in text(drawn) and "Tokens left" in text(drawn)
    assert "6 (exempt)" in text(drawn) and "−4" in text(drawn)


def test_at_the_games_end_each_seat_labels_the_rounds_points_and_shows_the_total_the_standings_give():
    app, rng = ScoutApp(seed=39), random.Random(1)
    while not app.state.is_over:
        app.button(random_click(app, rng)).click()
    obs, final = app.state.observation(app.human), app.state.result()
    last = obs.finished[-1]
    assert final.scores != last.scores  # the round's points and the totals differ: the labels must tell them apart
    head = {int(seat): box.split('<div class="cl-row">')[0] for seat, box in SEAT.findall(app._table.value)}
    for seat in range(obs.players):
        assert re.search(rf"<b>{re.escape(points_text(last.scores[seat]))}</b> points? this round", head[seat])
        assert f"total {points_text(final.scores[seat])}" in badges(app)[seat]
        name = app.names(seat)
        assert f"{ordinal(final.places[seat])} {name} ({points_text(final.scores[seat])})" in text(app._prompt)


def test_between_rounds_the_total_badge_counts_the_rounds_up_to_the_one_shown():
    app = scouting(script=MARKER_SPENT)
    app.button("Scout left: 3").click()
    app.button("at 1").click()
    assert labels(app) == ["Next round"]
    for seat, points in enumerate((-9, -10, 4)):
        assert f"total {points_text(points)}" in badges(app)[seat]
    assert text(app._table).count("points this round") == 3 and not re.search(r"\bpoints?\b(?! this round)", text(app._table))
