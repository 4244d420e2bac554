"""The Satori app in the kernel: Katsu by clicks (a success and a failure from stacked positions),
the narrator, the end panel, the coach's numbers, refused clicks, and no hidden card in the page."""
from __future__ import annotations

import html
import math
import random
import re
from fractions import Fraction

import pytest

from cardlib.core.errors import RulesError
from cardlib.satori import KATSU, NO_KATSU, PLAY_SATORI, PLAY_ZATSUNEN, Game
from cardlib.satori.analysis import BOTS, MODELS, Estimate, Stakes, katsu_stakes, p_satori
from cardlib.satori.app import TABLES, SatoriApp
from cardlib.satori.beliefs import Model
from cardlib.satori.bots import CountingBot, counted_chance
from cardlib.satori.coach import CHOSEN_MODEL, ROLLOUTS, percent, verdict
from cardlib.satori.view import narrate
from cardlib.ui.frame import STALE
from cardlib.ui.narration import Names
from cardlib.ui.testing import (
    check_determinized_twin, click_refused, page_drew, play_by_clicks,
    random_click, widget_tree,
)
from tests.satori.helpers import DECLARE_GAME, EMPTY_GAME, NO_SATORI_GAME, PASS_GAME, play_out, stacked

SEAT = re.compile(r'<div class="cl-seat[^"]*" data-seat="(\d+)">(.*?)'
                  r'(?=<div class="cl-seat(?: [^"]*)?" data-seat=|$)', re.S)
HAND = re.compile(r'<span class="cl-hand" data-seat="(\d+)">(.*?)</span></div>', re.S)
PILE = re.compile(r'<span class="cl-pile-cards" data-seat="(\d+)">(.*)', re.S)
FACE = re.compile(r'data-card="([SZ])"')


def text(widget) -> str:
    """A widget's words as a person reads them (no tags, no style sheet)."""
    words = re.sub(r"<style>.*?</style>", "", widget.value, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]*>", " ", words)))


def seats(app) -> dict[int, str]:
    """Each seat's box on the table, as HTML."""
    return {int(seat): box for seat, box in SEAT.findall(app._table.value)}


def pile_faces(box: str) -> list[str]:
    """The faces shown in a seat box's pile row, bottom to top."""
    found = PILE.search(box)
    return FACE.findall(found.group(2)) if found else []


def asked_on(card, human=1, players=3) -> SatoriApp:
    """An app where player 0 has just played ``card`` and you (seat ``human``) are asked first: Katsu?"""
    app = SatoriApp(players=players, human=human, opponents=[CountingBot()] * (players - 1), seed=1)
    state = stacked(players)
    state.apply(card)
    app.resume(state)
    return app


# -- Katsu by clicks --

def test_a_katsu_on_a_satori_by_clicks_puts_it_on_your_pile():
    app = asked_on(PLAY_SATORI)
    assert [b.description for b in app.action_buttons] == ["Katsu!", "No katsu"]
    assert "Player 0 has played a card face down" in text(app._prompt) and "Katsu?" in text(app._prompt)
    assert "all the time you need" in text(app._prompt)
    assert 'class="sat-wait"' in seats(app)[0]  # the card waiting is marked
    app.button("Katsu!").click()
    assert app.message == ""
    state = app.state
    assert state.history[:2] == (PLAY_SATORI, KATSU) and state.pile(1)[0] == "S"
    log = text(app._log)
    assert "You call Katsu! on Player 0's card…" in log and "…it is satori: onto your pile." in log
    assert pile_faces(seats(app)[1])[0] == "S"
    # the others see that satori face up on your pile: a known card, in their observation too
    assert state.observation(0).piles[1][0] == "S"


def test_a_katsu_on_a_zatsunen_by_clicks_puts_you_out_and_the_bots_finish_the_game():
    app = asked_on(PLAY_ZATSUNEN)
    app.button("Katsu!").click()
    assert app.message == ""
    state = app.state
    assert state.is_over and state.observation(1).out[1]  # you are out; the bots play on to the end
    log = text(app._log)
    assert "…it is zatsunen: You fail." not in log and "…it is zatsunen: you fail." in log
    assert "You are out of the game." in log
    assert "Player 0 takes the zatsunen back and a satori from your hand." in log
    assert "Game over" in text(app._prompt) and "Your Katsu failed" in text(app._prompt)
    assert "out" in seats(app)[1] and [b.description for b in app.action_buttons] == ["Play again"]


def test_no_katsu_by_click_lets_the_card_lie():
    app = asked_on(PLAY_SATORI)
    app.button("No katsu").click()
    assert app.message == "" and app.state.history[:2] == (PLAY_SATORI, NO_KATSU)
    assert "You say no katsu." in text(app._log)


# -- the buttons of a turn --

def test_the_turn_buttons_say_what_is_legal_and_why_not():
    app = SatoriApp(seed=1)
    buttons = {b.description: b for b in app.action_buttons}
    assert list(buttons) == ["Play satori", "Play zatsunen", "Declare Satori!"]
    assert not buttons["Play satori"].disabled and not buttons["Play zatsunen"].disabled
    assert buttons["Declare Satori!"].disabled and "needs 3 satori" in buttons["Declare Satori!"].tooltip
    assert "Your turn: play a card face down" in text(app._prompt)


def test_declare_is_offered_on_a_run_of_three_and_ends_the_game():
    state = play_out(stacked(), DECLARE_GAME.rsplit("declare", 1)[0])
    app = SatoriApp(seed=1)
    app.resume(state)
    assert not app.button("Declare Satori!").disabled and "Declare Satori!" in text(app._prompt)
    app.button("Declare Satori!").click()
    assert app.state.is_over and app.message == ""
    assert "You declare Satori! with a run of 3." in text(app._log)
    assert "Game over: You declared Satori!" in text(app._prompt)


def test_with_an_empty_hand_the_button_is_pass():
    script = PASS_GAME.split("pass")[0]
    state = play_out(stacked(), script)
    app = SatoriApp(seed=1)
    app.resume(state)
    assert [b.description for b in app.action_buttons] == ["Pass", "Declare Satori!"]
    assert "your hand is empty" in text(app._prompt)
    app.button("Pass").click()
    assert app.message == "" and "You pass (empty hand)." in text(app._log)


# -- refused clicks --

def test_a_disabled_button_clicked_anyway_is_a_message_and_changes_nothing():
    app = SatoriApp(seed=1)
    message = click_refused(app, app.button("Declare Satori!"))
    assert message.startswith("Not allowed:") and "Traceback" not in message


def test_a_button_from_the_window_clicked_after_it_closed_is_stale():
    app = asked_on(PLAY_SATORI)
    page_drew(app)  # the page shows the window's buttons
    katsu = app.button("Katsu!")
    app.button("No katsu").click()
    before = app.state.history
    katsu.click()  # sent before the page drew the window closed (the widget may show another action now)
    assert app.message == STALE and app.state.history == before


def test_a_click_out_of_turn_reaches_the_engine_as_a_message():
    app = asked_on(PLAY_SATORI)
    app._run(lambda: app._act(PLAY_SATORI))  # a turn's action in a window, as a late click would send it
    assert app.message.startswith("Not allowed:") and "katsu or no katsu" in app.message
    assert app.state.history == (PLAY_SATORI,)


# -- the narrator --

EVERY_KIND = [
    ("deal", 0, (3, 2)), ("play", 0, None), ("no katsu", 1, None), ("katsu", 2, 0), ("reveal", 2, "S"),
    ("play", 1, None), ("katsu", 0, 1), ("reveal", 0, "Z"), ("out", 0, None), ("receives", 1, "hand"),
    ("play", 2, None), ("katsu", 1, 2), ("reveal", 1, "Z"), ("out", 1, None), ("receives", 2, "pile"),
    ("pass", 2, None), ("declare", 2, 4), ("end", 2, "declare"), ("shows", 0, 0), ("shows", 1, 2),
]


@pytest.mark.parametrize("me", [None, 0, 1, 2])
def test_the_narrator_tells_every_kind_of_event_in_words(me):
    told = narrate(EVERY_KIND, Names(me=me))
    assert [i for i, _ in told] == list(range(len(EVERY_KIND)))
    for (kind, seat, value), (_, sentence) in zip(EVERY_KIND, told):
        assert sentence != f"{kind} {seat} {value}" and sentence[-1] in ".…!)", sentence
        assert "None" not in sentence
    said = dict(told)
    you = Names(me=me)
    assert said[0] == f"Each player takes 3 satori and 2 zatsunen. {you.does(0, 'start')}."
    assert said[6].startswith(f"{you.does(0, 'call')} Katsu! on ") and said[7].startswith("…it is zatsunen")
    assert "from" in said[9] and "hand" in said[9] and "pile (the nearest the top)" in said[14]
    assert "with a run of 4" in said[16] and said[17] == f"The game ends: {you(2, inside=True)} declared."
    assert said[18].endswith("no satori on top.") and said[19].endswith("a run of 2 satori.")


def test_the_narrator_tells_a_transfer_without_a_satori():
    state = play_out(stacked(), NO_SATORI_GAME)
    said = [sentence for _, sentence in narrate(state.observation(0).log, Names(me=0))]
    assert "You take the zatsunen back; Player 1 had no satori to give." in said


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_every_event_of_whole_games_is_told(players, seed):
    app = SatoriApp(players=players, human=seed % players, seed=seed)
    play_by_clicks(app, random.Random(seed))
    events = app.state.observation(app.human).log
    told = narrate(events, app.names)
    assert len(told) == len(events)
    assert all(sentence != f"{k} {s} {v}" for (k, s, v), (_, sentence) in zip(events, told))
    log = app._log.value
    assert all(html.escape(sentence) in log for _, sentence in told)


# -- the end panel --

def end_rows(app) -> dict[int, tuple[str, str]]:
    """The end panel's rows: seat -> (place, run) as shown."""
    rows = re.findall(r'<tr data-seat="(\d+)" data-run="([^"]*)"><td><b>(\w+)</b>', app._result.value)
    return {int(seat): (place, run) for seat, run, place in rows}


def test_the_end_panel_shows_every_run_and_explains_the_clockwise_tie_break():
    state = play_out(stacked(), EMPTY_GAME)  # every run is 3; player 2 played last: the reference
    app = SatoriApp(seed=1)
    app.resume(state)
    result = state.result()
    assert result.places == (2, 1, 3)
    assert end_rows(app) == {0: ("2nd", "3"), 1: ("1st", "3"), 2: ("3rd", "3")}
    panel = text(app._result)
    assert panel.count("run of 3") == 3 and "◀ top" in panel
    assert "farthest clockwise from Player 2 (who played the last card: distance 0)" in panel
    assert ("Tied on 3, clockwise from Player 2: Player 1: 2 seats, You: 1 seat, Player 2: 0 (the reference); "
            "so Player 1 places first among them.") in panel
    for seat in range(3):  # every pile still in shows its run, face up
        assert pile_faces(seats(app)[seat])[-3:] == ["S", "S", "S"]
    assert "1st Player 1 (3)" in text(app._prompt)


def test_the_end_panel_after_a_declaration_names_the_declarer_as_the_reference():
    state = play_out(stacked(), DECLARE_GAME)
    app = SatoriApp(human=1, seed=1)
    app.resume(state)
    result = state.result()
    shown = end_rows(app)
    assert {seat: run for seat, (_, run) in shown.items()} == {s: str(result.scores[s]) for s in range(3)}
    assert "from Player 0 (the declarer: distance 0, so the declarer loses every tie)" in text(app._result)
    assert "Game over: Player 0 declared Satori!" in text(app._prompt)


@pytest.mark.parametrize("players, seed", [(3, 11), (4, 12), (5, 13)])
def test_the_end_panel_agrees_with_the_result_after_whole_games(players, seed):
    app = SatoriApp(players=players, seed=seed)
    play_by_clicks(app, random.Random(seed))
    result, obs = app.state.result(), app.state.observation(app.human)
    shown = end_rows(app)
    for seat in range(players):
        place, run = shown[seat]
        assert place.startswith(str(result.places[seat]))
        assert run == ("—" if obs.out[seat] else str(result.scores[seat]))


# -- the coach --

def coach_chances(app) -> dict[str, str]:
    return dict(re.findall(r'data-model="([^"]+)" data-p="([^"]+)"', html.unescape(app._coach.value)))


@pytest.mark.parametrize("card", [PLAY_SATORI, PLAY_ZATSUNEN])
def test_the_coach_shows_the_exact_posterior_under_every_model_and_the_stakes(card):
    state = play_out(stacked(), "play satori / no katsu / no katsu / play zatsunen / no katsu / no katsu")
    state.apply(card)  # player 2 plays; you, player 0, are asked first
    app = SatoriApp(human=0, seed=1)
    app.resume(state)
    app.coach_open = True
    obs = state.observation(0)
    chances = coach_chances(app)
    assert {name: chances[name] for name in MODELS} == {name: str(p_satori(obs, m)) for name, m in MODELS.items()}
    assert chances["counting"] == str(counted_chance(obs))
    chosen = re.findall(r'<tr class="sat-chosen" data-model="([^"]+)"', html.unescape(app._coach.value))
    assert chosen == [CHOSEN_MODEL] and CHOSEN_MODEL == BOTS  # by default the bots' own model
    stakes = katsu_stakes(obs, rollouts=ROLLOUTS, seed=len(obs.log), model=MODELS[CHOSEN_MODEL])
    p = float(p_satori(obs, MODELS[CHOSEN_MODEL]))
    panel = app._coach.value
    assert stakes_shown(app) == {
        "success": str(stakes.success.value), "failure": "0", "no call satori": str(stakes.no_call_satori.value),
        "no call zatsunen": str(stakes.no_call_zatsunen.value)}
    for name, estimate in (("success", stakes.success), ("no call satori", stakes.no_call_satori),
                           ("no call zatsunen", stakes.no_call_zatsunen)):
        assert estimate.samples == ROLLOUTS
        assert (f'data-stake="{name}" data-value="{estimate.value}" data-error="{estimate.standard_error}" '
                f'data-samples="{ROLLOUTS}">{percent(estimate.value, estimate.standard_error)}<') in panel
    assert dict(re.findall(r'data-expect="([^"]+)" data-value="([^"]+)"', panel)) == {
        "call": str(stakes.call(p)), "no call": str(stakes.no_call(p))}
    assert stakes.call(p) == pytest.approx(p * stakes.success.value)
    assert stakes.no_call(p) == pytest.approx(p * stakes.no_call_satori.value + (1 - p) * stakes.no_call_zatsunen.value)
    assert f'data-break-even="{stakes.break_even}" data-break-even-error="{stakes.break_even_error}"' in panel
    words = text(app._coach)
    assert "0 (you are out)" in words and "break-even" in words and "±" in words
    assert f"P(satori) = {p:.0%}" in words and f"= {stakes.call(p):.0%}" in words
    assert f"{1 - p:.0%} × {stakes.no_call_zatsunen.value:.0%} = {stakes.no_call(p):.0%}" in words
    be, error = stakes.break_even, stakes.break_even_error
    expected = ("let it go" if be >= 1 or p < be - 2 * error else "call" if p > be + 2 * error else "too close")
    assert verdict_shown(app) == expected
    assert verdict(p, stakes, "the chosen model")[1] in words


def stakes_shown(app) -> dict[str, str]:
    """The coach's four cases: name -> the chance of winning shown (its data-value)."""
    return dict(re.findall(r'data-stake="([^"]+)" data-value="([^"]+)"', app._coach.value))


def verdict_shown(app) -> str:
    """The kind of the coach's verdict: call, let it go or too close."""
    (kind,) = re.findall(r'<div class="cl-verdict" data-verdict="([^"]+)">', app._coach.value)
    return kind


def made_stakes(success, satori, zatsunen, error=0.02, samples=(100, 100, 100)) -> Stakes:
    """Stakes from chosen numbers: the chances of winning after a success, no call | S and no call | Z."""
    values = (success, satori, zatsunen)
    return Stakes(*(Estimate(v if n else math.nan, error if n else math.nan, n, 0) for v, n in zip(values, samples)),
                  "counting")


@pytest.mark.parametrize("p, stakes, kind", [
    # break-even 0.3 / (0.4 - 0.1 + 0.3) = 1/2, its standard error about 2.9%: p is compared with 1/2 ± 5.8%
    (0.80, made_stakes(0.4, 0.1, 0.3), "call"),
    (0.56, made_stakes(0.4, 0.1, 0.3), "call"),
    (0.53, made_stakes(0.4, 0.1, 0.3), "too close"),
    (0.47, made_stakes(0.4, 0.1, 0.3), "too close"),
    (0.44, made_stakes(0.4, 0.1, 0.3), "let it go"),
    (0.53, made_stakes(0.4, 0.1, 0.3, error=0.0), "call"),           # no spread: the break-even alone decides
    (0.99, made_stakes(0.3, 0.3, 0.5), "let it go"),                # a success no better than a satori let go
    (0.0, made_stakes(0.0, 0.0, 0.5, samples=(0, 0, 100)), "let it go"),  # the card cannot be satori
    (1.0, made_stakes(0.6, 0.2, 0.0, samples=(100, 100, 0)), "call"),     # nor zatsunen: break-even 0
])
def test_the_verdict_compares_p_with_the_break_even_give_or_take_two_standard_errors(p, stakes, kind):
    said, words = verdict(p, stakes, "the chosen model")
    assert said == kind
    assert words.startswith({"call": "Call:", "let it go": "Let it go:", "too close": "Too close to tell:"}[kind])
    be, error = stakes.break_even, stakes.break_even_error
    if 0 < p and be < 1 and error:
        assert (kind == "call") == (p > be + 2 * error) and (kind == "let it go") == (p < be - 2 * error)
        assert f"{be - 2 * error:.0%} to {be + 2 * error:.0%}" in words


def test_the_coach_highlights_the_model_chosen_and_says_when_a_model_cannot_explain_the_play():
    # 0 bluffs and is caught (1 is out); later 0 plays again: "never bluffs" cannot explain that
    state = play_out(stacked(), "play zatsunen / katsu / play satori / no katsu / play satori")
    app = SatoriApp(human=2, seed=1, model="uniform from hand")
    app.resume(state)
    app.coach_open = True
    obs = state.observation(2)
    chances = coach_chances(app)
    assert chances["never bluffs"] == "impossible" and "did not play like this" in text(app._coach)
    assert chances["uniform from hand"] == str(p_satori(obs, MODELS["uniform from hand"]))
    assert re.findall(r'<tr class="sat-chosen" data-model="([^"]+)"', app._coach.value) == ["uniform from hand"]
    stakes = katsu_stakes(obs, rollouts=ROLLOUTS, seed=len(obs.log), model=MODELS["uniform from hand"])
    assert f'data-stake="success" data-value="{stakes.success.value}"' in app._coach.value  # drawn under it
    honest = SatoriApp(human=2, seed=1, model="never bluffs")
    honest.resume(state.clone())
    honest.coach_open = True
    assert "under the bots' model: the chosen one cannot explain this play" in text(honest._coach)
    custom = SatoriApp(human=2, seed=1, model=Model(bluff=Fraction(1, 2)))
    custom.resume(state.clone())
    custom.coach_open = True
    assert coach_chances(custom)["bluffs 1/2 of the time"] == str(p_satori(obs, Model(bluff=Fraction(1, 2))))
    with pytest.raises(RulesError, match="model"):
        SatoriApp(model="always honest")


def test_the_coach_on_your_turn_gives_your_run_and_the_public_counts():
    state = play_out(stacked(), "play satori / no katsu / no katsu / play zatsunen / katsu")  # 2 is out
    app = SatoriApp(human=0, seed=1)
    app.resume(state)
    app.coach_open = True
    words = text(app._coach)
    assert "Your run on top: 1 satori" in words
    assert "Player 1" in words and "Player 2" not in words  # the eliminated are not counted
    obs = state.observation(0)
    assert f"Player 1 {obs.satori[1]} satori · {obs.zatsunen[1]} zatsunen" in words


# -- nothing hidden on the page --

def page_html(app) -> str:
    return "".join(w.value for w in (app._header, app._table, app._result, app._prompt, app._log, app._scores,
                                     app._coach, app._message))


def check_nothing_hidden(app) -> None:
    """Opponents' hands show only backs; their piles show faces only where the observation knows the card."""
    obs = app.state.observation(app.human)
    assert "could not work out" not in app._coach.value
    hands = dict((int(seat), cards) for seat, cards in HAND.findall(app._table.value))
    for seat, box in seats(app).items():
        if obs.out[seat]:
            assert "data-card" not in box
            continue
        known = [card for card in obs.piles[seat] if card is not None]
        assert pile_faces(box) == known
        if seat != app.human:
            assert "data-card" not in hands[seat] and hands[seat].count("cl-back") == obs.hand_sizes[seat]
        else:
            assert FACE.findall(hands[seat]) == list(obs.hand)


@pytest.mark.parametrize("players, seed", [(3, 5), (4, 6), (2, 7)])
def test_no_hidden_card_reaches_the_widgets(players, seed):
    app = SatoriApp(players=players, seed=seed)
    app.coach_open = True
    play_by_clicks(app, random.Random(seed), check=check_nothing_hidden)


def test_a_twin_with_other_hidden_cards_draws_the_same_widgets_coach_included():
    rng, differed = random.Random(3), 0
    for seed in range(4):
        app = SatoriApp(seed=seed)
        for _ in range(12):
            if app.state.is_over:
                break
            if app.state.current_player == app.human:
                differed += check_determinized_twin(app, lambda: SatoriApp(seed=seed), rng, coach=True)
            app.button(random_click(app, rng)).click()
    assert differed >= 2


def test_a_window_moment_with_other_hidden_cards_draws_the_same_widgets():
    state = play_out(stacked(), "play satori / no katsu / no katsu / play zatsunen / no katsu / no katsu")
    state.apply(PLAY_SATORI)
    one, two = SatoriApp(seed=1), SatoriApp(seed=1)
    one.coach_open = two.coach_open = True
    other = state.clone()
    other._piles[1] = ["S"]  # what player 1 played is unseen by you: say it was a satori, not a zatsunen
    other._hand_s[1], other._hand_z[1] = 2, 2
    assert other.observation(0) == state.observation(0) and other.pile(1) != state.pile(1)
    one.resume(state)
    two.resume(other)
    assert widget_tree(one) == widget_tree(two)


# -- the tables --

def test_the_players_menu_has_three_to_five_and_the_unofficial_two():
    assert [label for label, _ in TABLES] == ["3 players", "4 players", "5 players", "2 players (unofficial)"]
    app = SatoriApp(players=2, seed=1)
    assert app.state.game == Game(players=2, satori=2, zatsunen=1) and "unofficial" in app._header.value
    assert [bot.name for bot in SatoriApp(players=5, seed=1).opponents.values()] == \
        ["bayesian", "counting", "bayesian", "counting"]


def test_the_coach_when_the_card_cannot_be_satori_says_so_instead_of_failing():
    # two players: 0's two satori are both taken by Katsu, so 0's last card can only be the zatsunen
    script = "play satori / katsu / play zatsunen / no katsu / play satori / katsu / play satori / no katsu"
    state = play_out(stacked(2, satori=2, zatsunen=1, hands=[["S", "S", "Z"]] * 2), script)
    state.apply(PLAY_ZATSUNEN)
    app = SatoriApp(players=2, human=1, seed=1)
    app.coach_open = True
    app.resume(state)
    obs = state.observation(1)
    assert app.message == "" and all(p_satori(obs, m) == 0 for m in MODELS.values())
    words = text(app._coach)
    assert "Let it go: the card cannot be satori (the chosen model), and a call would put you out." in words
    assert verdict_shown(app) == "let it go"
    # no call is still weighed: only the cases with a satori waiting cannot happen
    stakes = katsu_stakes(obs, rollouts=ROLLOUTS, seed=len(obs.log), model=MODELS[CHOSEN_MODEL])
    assert stakes.success.samples == stakes.no_call_satori.samples == 0 and stakes.no_call_zatsunen.samples == ROLLOUTS
    shown = stakes_shown(app)
    assert shown == {"success": "nan", "failure": "0", "no call satori": "nan",
                     "no call zatsunen": str(stakes.no_call_zatsunen.value)}
    assert words.count("— (cannot happen)") == 2 and "P(satori) = 0%" in words
    assert dict(re.findall(r'data-expect="([^"]+)" data-value="([^"]+)"', app._coach.value)) == {
        "call": "0.0", "no call": str(stakes.no_call_zatsunen.value)}
    assert 'data-break-even="1.0"' in app._coach.value and "none (the card cannot be satori)" in words
    app.button("No katsu").click()
    assert app.message == ""


def test_the_katsu_prompt_warns_when_a_satori_would_let_the_player_declare():
    script = """play satori / katsu                 # 0 plays; 1 takes it: S face up on 1's pile
                play satori / katsu                 # 1 plays; 2 takes it
                play satori / no katsu / katsu      # 2 plays; 1 takes it: S S face up on 1's pile
                play satori / no katsu / no katsu   # 0
                play satori / no katsu              # 1 plays on top of S S; 2 lets it go, you are asked"""
    app = SatoriApp(seed=1)
    app.resume(play_out(stacked(), script))
    assert "If it is satori, Player 1 has 3 satori on top and may declare Satori! next turn." in text(app._prompt)
    assert pile_faces(seats(app)[1]) == ["S", "S"] and "3 cards · 2 won by Katsu" in text(app._table)
