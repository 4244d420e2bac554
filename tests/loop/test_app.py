"""The Loop app in the kernel: setting 2 cards aside in two clicks (either order, with a Back), a lead
chosen by its form then the play, following and passing, an 8 that stops the trick, donden by the
human (and what the others see of it), the round's panel, the chair choice of a loop round with the
points each chair pays, whole games to the end, the narrator, and no hidden card on the page.

Positions come from stacked deals (``tests/loop/helpers.py``) resumed in the app; whole games are
played by random clicks. The generic checks of every app are in ``tests/test_every_game.py``.
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from cardlib.core.testing import snapshot
from cardlib.loop.actions import DONDEN, PASS, Play, SetAside, Sit, parse, parse_card
from cardlib.loop.app import LEAD_LIMIT, LoopApp, default_opponents
from cardlib.loop.bots import ClimberBot, SearchBot
from cardlib.loop.chairs import round_points
from cardlib.loop.rules import Game
from cardlib.loop.view_story import narrate, rounds_over
from cardlib.ui.narration import Names
from cardlib.ui.testing import check_buttons_are_the_legal_actions, labels, my_turn, play_by_clicks, widget_tree
from cardlib.ui.testing import page_text as text
from tests.loop.helpers import stacked_deck
from tests.scripts import play_script as play

TOKEN = re.compile(r"(?<![\w#-])(1[0-5]|[1-9])([rby])(?!\w)")  # a card as the page writes it: 7r, 12b
FACE = re.compile(r'data-card="(\d+[rby])"')
HAND_BACKS = re.compile(r'<span class="lp-hand" data-seat="(\d+)">(?:<span class="lp-backs" data-count="(\d+)">)?')
CHAIR = re.compile(r'<div class="cl-seat lp-chair[^"]*" data-chair="(\d+)">(.*?)(?=<div class="cl-seat lp-chair|$)',
                   re.S)

# three players: you (0) hold the yellow run 10-14, a pair of 7s and loners; player 1 the pairs 9 and 15
FIVES = stacked_deck("5r 7r 7b 10y 11y 12y 13y 14y 1r 2r 3r", "6r 9r 9b 2b 3b 4b 15r 15b 1b 1y 2y",
                     "8r 8b 4r 11r 12r 13r 14r 6y 4y 5y 3y")
# you (0) hold 8r to set aside for donden, with 15r; the others hold low cards
DONDEN_DEAL = stacked_deck("8r 1r 5b 6y 9b 10b 11b 12y 13y 14y 15r", "1b 2b 3b 9y 10y 11y", "4b 5y 6b 7b 13r 14r")


def cards(texts) -> list:
    return [parse_card(t) for t in texts]


def app_at(state, human=0, **options) -> LoopApp:
    """An app (climber bots) resumed at ``state``."""
    app = LoopApp(players=state.game.players, human=human, seed=1)
    app.resume(state, **options)
    assert app.message == "", app.message
    return app


def bots_until(state, done):
    """Let climbers make every decision until ``done(state)``."""
    bot, rng = ClimberBot(), random.Random(0)
    while not done(state):
        state.apply(bot.act(state.observation(state.current_player), state.legal_actions(), rng))
    return state


def click(app, label: str) -> None:
    app.button(label).click()
    assert app.message == "", app.message


def page(app) -> str:
    """Everything the page is sent: every synced value of every widget (HTML, labels, tooltips), style sheets aside."""
    return re.sub(r"<style>.*?</style>", "", str(widget_tree(app)), flags=re.S)


def visible(obs) -> set:
    """The cards the human may see: their own, every card played (and where), revealed 8s, cards they know."""
    seen = set(obs.hand) | set(obs.aside) | set(obs.trick)
    for group in (*obs.piles, *obs.revealed, *obs.held_known):
        seen |= set(group)
    for kind, _, value in obs.log:
        if kind in ("play", "three eights"):
            seen |= set(value)
        elif kind == "donden":
            seen.add(value[0])
    return seen


def check_nothing_hidden(app) -> None:
    """No card the human's observation does not show is named anywhere on the page; others' hands are backs."""
    obs = app.state.observation(app.human)
    shown = page(app)
    named = {(int(number), colour) for number, colour in TOKEN.findall(shown)}
    assert named <= visible(obs), sorted(named - visible(obs))
    assert set(cards(FACE.findall(shown))) <= visible(obs)
    for seat, backs in HAND_BACKS.findall(app._table.value):
        seat = int(seat)
        if seat != app.human:
            assert int(backs or 0) == obs.hand_sizes[seat]
    if not CHAIR.search(app._table.value):
        mine = re.search(rf'<span class="lp-hand" data-seat="{app.human}">(.*?)</span></div>', app._table.value)
        assert cards(FACE.findall(mine.group(1))) == list(obs.hand)


# -- setting 2 cards aside --

def test_setting_aside_takes_two_clicks_a_card_then_any_other_and_back_starts_again():
    app = app_at(Game(players=3).new(deck=FIVES))
    hand = [f"{n}{c}" for n, c in app.state.hand(0)]
    assert labels(app) == hand and all(app.opens_of[b] == ("aside", card) for b, card in
                                       zip(app.action_buttons, app.state.hand(0)))
    assert "Set 2 cards aside, face down: click one, then the other." in text(app._prompt)
    before = snapshot(app.state)
    click(app, "7b")
    assert snapshot(app.state) == before and app.step == ("aside", (7, "b"))
    assert labels(app) == [card for card in hand if card != "7b"] + ["Back"]
    assert all(type(a) is SetAside and (7, "b") in a.cards for a in app.action_of.values() if a is not None)
    assert "Set aside 7b and which other card?" in text(app._prompt)
    assert 'lp-picked" data-card="7b"' in app._table.value  # the first card stands out in your hand
    click(app, "Back")
    assert app.step is None and labels(app) == hand and snapshot(app.state) == before
    click(app, "14y")
    click(app, "1r")
    assert app.state.history[0] == SetAside(((1, "r"), (14, "y")))
    assert "You set 2 cards aside." in text(app._log)


def test_a_pair_is_the_same_action_whichever_card_is_clicked_first():
    one, two = app_at(Game(players=3).new(deck=FIVES)), app_at(Game(players=3).new(deck=FIVES))
    click(one, "3r")
    click(one, "12y")
    click(two, "12y")
    click(two, "3r")
    assert one.state.history[0] == two.state.history[0] == parse("set aside 3r 12y")


def test_your_set_aside_cards_are_face_up_for_you_and_backs_for_the_others():
    state = play(Game(players=3).new(deck=FIVES), "set aside 1r 2r")
    app = app_at(state.clone(), human=1)  # player 1 to set aside: player 0 has, player 2 has not
    table = app._table.value
    assert re.search(r'<span class="lp-aside" data-seat="0"><span class="lp-backs" data-count="2">', table)
    assert '<span class="lp-aside" data-seat="2"><span class="cl-none">not yet</span>' in table
    assert "1r" not in page(app) and "2r" not in page(app)
    check_nothing_hidden(app)
    mine = app_at(bots_until(state, lambda s: s.phase == "play"))
    assert re.search(r'<span class="lp-aside" data-seat="0"><span class="lp-cards">.*data-card="1r".*data-card="2r"',
                     mine._table.value)


# -- leading, following, passing, 8 stops --

def test_a_long_lead_is_chosen_by_its_form_then_the_play():
    state = play(Game(players=3).new(deck=FIVES), "set aside 1r 2r / set aside 1b 2y / set aside 3y 4y")
    app = app_at(state)
    assert len(app.state.legal_actions()) == 20 > LEAD_LIMIT
    assert labels(app) == ["Singles (9)", "Pairs (1)", "Runs (10)"]
    assert "Your lead: play any single, pair, three of a kind or run of one colour." in text(app._prompt)
    assert "You lead the first trick" in text(app._table)
    click(app, "Runs (10)")
    runs = labels(app)
    assert runs[-1] == "Back" and len(runs) == 11 and runs[0] == "10y 11y" and "10y 11y 12y 13y 14y" in runs
    assert "Lead runs: which one?" in text(app._prompt)
    click(app, "Back")
    click(app, "Singles (9)")
    assert labels(app)[:3] == ["3r", "5r", "7r"]
    click(app, "Back")
    click(app, "Runs (10)")
    click(app, "10y 11y 12y 13y 14y")
    assert app.state.history[3] == parse("play 10y 11y 12y 13y 14y")
    assert "You play 10y 11y 12y 13y 14y (a yellow run 10–14)." in text(app._log)


def test_following_offers_only_the_stronger_plays_of_the_same_form_and_pass():
    state = play(Game(players=3).new(deck=FIVES), "set aside 1r 2r / set aside 1b 2y / set aside 3y 4y / play 7r 7b")
    app = app_at(state, human=1)
    assert labels(app) == ["9r 9b", "15r 15b", "Pass"]
    assert [app.action_of[b] for b in app.action_buttons] == [parse("play 9r 9b"), parse("play 15r 15b"), PASS]
    prompt = text(app._prompt)
    assert "Beat a pair of 7s by Player 0: the same form and size, stronger (higher), or pass." in prompt
    assert "2 of your plays beat it." in prompt
    assert re.search(r'class="lp-trick" data-last="0">.*data-card="7r".*data-card="7b"', app._table.value)
    click(app, "Pass")
    assert app.state.history[4] == PASS and "You pass." in text(app._log)


def test_after_an_8_stops_the_trick_the_page_says_who_leads():
    deal = stacked_deck("8y 1r 5b 6y 9b", "1b 2b 3b 9y 10y 11y", "4b 5y 6b 7b 13r 14r")
    state = play(Game(players=3).new(deck=deal), "set aside 1r 5b")
    app = app_at(bots_until(state, lambda s: s.current_player == 0))
    assert labels(app) == ["Singles (9)", "Pairs (2)", "Runs (6)"]  # 17 plays: the form first
    click(app, "Singles (9)")
    assert "8y (stops)" in labels(app)
    assert app.button("8y (stops)").tooltip == "Play a single 8: an 8 stops the trick, and you lead next"
    click(app, "8y (stops)")
    assert my_turn(app) and not app.state.observation(0).trick
    assert "8 stops the trick: You lead" in text(app._table)
    assert "You play 8y (a single 8). 8 stops the trick: you lead." in text(app._log)


# -- donden --

def test_donden_by_you_reveals_your_8_reverses_the_order_and_the_others_see_only_that_8():
    state = play(Game(players=3).new(deck=DONDEN_DEAL), "set aside 8r 15r")
    app = app_at(bots_until(state, lambda s: s.current_player == 0))
    assert "Donden (reveal 8r)" in labels(app) and "Or declare donden first." in text(app._prompt)
    assert app.action_of[app.button("Donden (reveal 8r)")] == DONDEN
    click(app, "Donden (reveal 8r)")
    assert app.state.reversed and my_turn(app) and DONDEN not in app.state.legal_actions()
    assert not any(label.startswith("Donden") for label in labels(app))
    assert "Donden: 1 is strongest now" in text(app._table) and "8r revealed by you" in text(app._table)
    assert "You reveal 8r: donden! 1 is strongest now." in text(app._log)
    assert 'lp-revealed" data-card="8r"' in app._table.value and "donden ×1" in text(app._table)
    assert "Donden: 1 is strongest now (15 weakest)." in text(app._prompt)
    click(app, "12y 13y 14y")
    assert "You play 12y 13y 14y (a yellow run 12–14)." in text(app._log)
    other = app_at(app.state.clone(), human=1)  # player 1's page: your 8r face up, your 15r a back
    aside = re.search(r'<span class="lp-aside" data-seat="0">(.*?)</span></div>', other._table.value).group(1)
    assert FACE.findall(aside) == ["8r"] and 'data-count="1"' in aside
    assert "15r" not in page(other)
    check_nothing_hidden(other)


def test_following_under_donden_offers_the_lower_plays():
    state = play(Game(players=3).new(deck=DONDEN_DEAL), "set aside 8r 15r / set aside 1b 1y / set aside 4r 4b / "
                 "donden / play 9b / play 3y / pass")
    app = app_at(state)
    assert labels(app) == ["1r", "Pass"]  # of your singles only the 1 is lower than the 3
    assert "Beat a single 3 by Player 1: the same form and size, stronger (lower), or pass." in text(app._prompt)
    assert "Donden: 1 is strongest now" in text(app._table)


# -- the round's end and the chair choice --

def sitting(players=4, seed=3, human=0):
    """A game played by climbers until you choose a chair before the first loop round."""
    state = Game(players=players).new(seed=seed)
    return bots_until(state, lambda s: s.phase == "sit" and s.current_player == human)


def test_the_chair_choice_shows_each_chairs_cards_and_what_it_pays_at_each_rank():
    state = sitting()
    app = app_at(state)
    obs = app.state.observation(0)
    chairs = dict((int(chair), body) for chair, body in CHAIR.findall(app._table.value))
    assert sorted(chairs) == [0, 1, 2, 3]
    legal = {a.chair for a in app.state.legal_actions()}
    for chair, body in chairs.items():
        holder = obs.chairs.index(chair)
        rank = obs.out.index(holder) + 1
        played = re.search(r'<span class="lp-pile" data-chair="\d+">(.*?)</span></div>', body).group(1)
        assert cards(FACE.findall(played)) == list(obs.piles[chair])
        aside = re.search(r'<span class="lp-aside" data-chair="\d+">(.*?)</span></div>', body).group(1)
        faces = cards(FACE.findall(aside))
        unplayed = 11 - len(obs.piles[chair])  # set aside, and the last player's cards still in hand
        assert unplayed == obs.hand_sizes[holder] + 2
        if holder == 0:
            assert set(faces) == set(obs.hand + obs.aside) and len(faces) == unplayed
        else:
            assert set(faces) == set(obs.held_known[holder]) and body.count("cl-back") == unplayed - len(faces)
        pays = " · ".join(f"{r}{['st', 'nd', 'rd', 'th'][r - 1]} {round_points(4, r, rank):+d}".replace("+0", "0")
                          for r in range(1, 5)).replace("-", "−")
        assert pays in text(body), (pays, text(body))
        assert f"finished {rank}{['st', 'nd', 'rd', 'th'][rank - 1]}" in text(body)
        assert ("you may sit here" in body) == (chair in legal)
    assert labels(app) == ["Chair 0", "Chair 1", "Chair 2", "Chair 3"]
    for button in app.action_buttons:
        chair = app.action_of[button].chair
        assert button.disabled == (chair not in legal)
    taken = {value: who for kind, who, value in obs.log[-3:] if kind == "sit"}
    mine = app.button(f"Chair {obs.chairs[0]}").tooltip
    assert mine == f"Taken by {app.names(taken[obs.chairs[0]], inside=True)}" if obs.chairs[0] in taken else \
        mine.startswith("You sat here last round")
    assert "Choose your chair for the next round" in text(app._prompt)
    assert "choosing chairs for round 2" in text(app._header)
    check_nothing_hidden(app)
    chair = min(legal)
    coming = list(obs.piles[chair]) + list(obs.held_known[obs.chairs.index(chair)])
    click(app, f"Chair {chair}")
    assert app.state.history[-1] == Sit(chair) or Sit(chair) in app.state.history
    new = app.state.observation(0)
    assert new.round == 2 and new.chairs[0] == chair and set(coming) <= set(new.hand) | set(new.aside)
    assert len(new.hand) + len(new.aside) == 11 and "You take chair" in text(app._log)
    assert "(loop round)" in text(app._header)
    assert "pays 1st" in text(app._table)  # each seat now says what its chair pays


def test_a_chair_taken_before_you_says_by_whom():
    state = bots_until(Game(players=4).new(seed=3), lambda s: s.phase == "sit")
    first, human = state.observation(0).out[-1], state.observation(0).out[-2]  # last place chooses first
    app = app_at(bots_until(state, lambda s: s.current_player == human), human=human)
    taken = next(value for kind, who, value in app.state.observation(human).log if kind == "sit" and who == first)
    assert app.button(f"Chair {taken}").disabled
    assert app.button(f"Chair {taken}").tooltip == f"Taken by Player {first}"
    assert f"Chair {taken} taken by Player {first}" in text(app._table)


def test_the_round_panel_shows_ranks_base_and_chair_points_and_totals():
    state = sitting()
    state.apply(state.legal_actions()[0])
    state = bots_until(state, lambda s: len(rounds_over(s.observation(0))) == 2)
    app = app_at(state, parts_read=1)
    assert labels(app) == ["Next round"] or labels(app) == ["Play again"]
    done = rounds_over(app.state.observation(0))[1]
    rows = re.findall(r'<tr data-seat="(\d+)"><td>([^<]*)</td><td>([^<]*)</td><td>(\d+)</td><td>(\d+)</td>'
                      r"<td>([^<]*)</td><td><b>([^<]*)</b></td><td>([^<]*)</td></tr>", app._result.value)
    assert [int(row[0]) for row in rows] == list(done.order)
    for rank, (seat, place, name, chair, base, bonus, points, total) in enumerate(rows, start=1):
        seat = int(seat)
        assert int(chair) == done.chairs[seat] and int(base) + int(bonus.split()[0].replace("−", "-")) == \
            done.points[seat]
        assert int(points.replace("−", "-")) == done.points[seat] and int(total) == done.totals[seat]
        assert name == app.names(seat) and place.startswith(str(rank))
    assert "Round 2 (a loop round) is over." in text(app._result)
    assert "round 2 (loop round) is over" in text(app._header)
    totals = re.findall(r'<td class="cl-total" data-seat="(\d+)">([^<]*)</td>', app._scores.value)
    assert [int(points) for _, points in totals] == list(app.state.observation(0).scores)


# -- whole games, and nothing hidden on the page --

@pytest.mark.parametrize("players, seed, long", [(4, 11, False), (3, 12, False), (2, 13, False), (2, 14, True)])
def test_whole_games_by_clicks_show_no_hidden_card(players, seed, long):
    app = LoopApp(players=players, human=seed % players, seed=seed, long=long)
    rng = random.Random(seed)
    seen = Counter()

    def look(app):
        check_nothing_hidden(app)
        obs = app.state.observation(app.human)
        seen["chairs"] += bool(CHAIR.search(app._table.value))
        seen["donden"] += obs.reversed
        seen["pause"] += app.pending(obs) is not None

    play_by_clicks(app, rng, check=look)
    final = app.state.observation(app.human)
    assert seen["chairs"] and seen["pause"] and "Game over" in text(app._prompt)
    assert final.result == app.state.result()
    if long:
        assert max(final.sets_won) == 2 and "sets won" in text(app._table) and "sets." in text(app._prompt)
        assert "Set 1: " not in text(app._log) and "Set 2: a fresh deal" in text(app._log)


def test_the_default_opponents_are_a_search_bot_then_climbers():
    assert [type(bot) for bot in default_opponents(4)] == [SearchBot, ClimberBot, ClimberBot]
    app = LoopApp(seed=1)
    assert app.state.game == Game(players=4)
    assert [type(b) for b in app.opponents.values()] == [SearchBot, ClimberBot, ClimberBot]
    assert [label for label, _ in app.players_choice.options] == ["4 players", "3 players", "2 players"]
    check_buttons_are_the_legal_actions(app)


# -- the narrator --

EVENTS = [
    ("set", None, 1), ("round", 0, (1, 1)), ("set aside", 1, None),
    ("play", 0, ((9, "r"), (9, "y"))), ("pass", 1, None), ("pass", 2, None),
    ("donden", 0, ((8, "r"), True)), ("play", 0, ((3, "b"),)), ("out", 0, 1), ("stopped", 0, None),
    ("play", 1, ((4, "b"), (5, "b"), (6, "b"))), ("pass", 2, None),
    ("round end", None, ((0, 1, 2), (3, 1, 0), (5, 3, 2))), ("sit", 2, 1), ("set end", None, (0,)),
    ("end", None, (5, 3, 2)),
]


@pytest.mark.parametrize("me", [None, 0, 1])
def test_the_narrator_tells_tricks_passes_stops_donden_and_the_round(me):
    you = Names(me=me)
    said = dict(narrate(EVENTS, you, players=3))
    assert all((sentence[0].isupper() or sentence[0] == "8") and sentence.endswith(".") and "None" not in sentence
               for sentence in said.values())
    assert said[3] == f"{you.does(0, 'play')} 9r 9y (a pair of 9s)."
    assert said[5] == (f"{you.does(2, 'pass')}: everyone else passed, so {you(0, inside=True)} "
                       f"{you.verb(0, 'lead')} a new trick.")
    assert said[6] == f"{you.does(0, 'reveal')} 8r: donden! 1 is strongest now."
    assert said[8] == f"{you(0)} {'go' if me == 0 else 'goes'} out: 1st."
    assert said[9] == "8 stops the trick: the next player still in leads."  # its player went out
    assert said[11] == (f"{you.does(2, 'pass')}: everyone else passed, so {you(1, inside=True)} "
                        f"{you.verb(1, 'lead')} a new trick.")
    assert said[12].startswith(f"The round is over: 1st {you(0, inside=True)} (+3), 2nd {you(1, inside=True)} (+1)")
    assert said[13] == f"{you.does(2, 'take')} chair 1."
    assert said[0].startswith("The cards are dealt") and said[1].startswith("Round 1 (the first, normal round)")
