"""The Twenty-five app in the kernel: whole games by clicking the real buttons, bad clicks, and
the promise that the widgets depend only on what the human may see."""
from __future__ import annotations

import html
import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from cardlib.decks.pairs import pair_count
from cardlib.twentyfive.app import TwentyFiveApp, default_opponents
from cardlib.twentyfive.view import pair_lines
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.coach import cap_words
from cardlib.twentyfive.beliefs import hidden_cap, p_over, pass_cost
from cardlib.twentyfive.rules import PASS, Game, Reveal
from cardlib.ui.testing import bots, click_refused, moments
from cardlib.ui.words import is_japanese

TOTAL = re.compile(r'class="cl-total" data-seat="(\d+)">(\d+)<')
HAND_AREA = re.compile(r'<span class="cl-hand" data-seat="(\d+)">(.*?)</span></div>')


def shown_totals(app: TwentyFiveApp) -> tuple[int, ...]:
    """The totals row of the scoreboard, as shown."""
    cells = TOTAL.findall(app._scores.value)
    return tuple(int(points) for _, points in sorted(cells, key=lambda cell: int(cell[0])))


def action_name(label: str) -> str:
    """The engine's str() of the action a button label stands for."""
    return {"Draw": "draw", "Pass": "pass"}.get(label) or "reveal " + label.split()[1]


def choose(app: TwentyFiveApp, rng: random.Random) -> str:
    """A newcomer's click: usually draw, sometimes pass, any reveal; Next round / Play again when shown."""
    labels = [b.description for b in app.action_buttons if not b.disabled]
    if "Pass" in labels and (rng.random() < 0.3 or "Draw" not in labels):
        return "Pass"
    if "Draw" in labels:
        return "Draw"
    return rng.choice(labels)


def check_view(app: TwentyFiveApp) -> None:
    """What is shown agrees with the engine, and no other player's hand shows a value."""
    state, human = app.state, app.human
    assert app.message == "", app.message
    assert shown_totals(app) == state.scores
    assert "Traceback" not in app._table.value + app._message.value + app._prompt.value
    if state.current_player == human and len(state.observation(human).rounds) == app.parts_read:
        enabled = {action_name(b.description) for b in app.action_buttons if not b.disabled}
        assert enabled == {str(action) for action in state.legal_actions()}
        for seat, cards in HAND_AREA.findall(app._table.value):
            if int(seat) != human:
                assert "data-card" not in cards and not re.search(r"\d", cards)
                assert cards.count("cl-back") == len(state.hand(int(seat)))


def play_to_the_end(app: TwentyFiveApp, rng: random.Random, limit: int = 3000) -> int:
    """Click until the game is over; returns the number of clicks."""
    for clicks in range(limit):
        check_view(app)
        if app.state.is_over:
            return clicks
        app.button(choose(app, rng)).click()
    raise AssertionError(f"no game over after {limit} clicks")


@pytest.mark.parametrize("players, human, seed", [(3, 0, 1), (3, 0, 2), (3, 2, 8), (4, 0, 3), (4, 1, 11)])
def test_whole_games_by_clicks_then_new_game(players, human, seed):
    app = TwentyFiveApp(players=players, human=human, seed=seed)
    rng = random.Random(seed)
    play_to_the_end(app, rng)
    result = app.state.result()
    assert max(result.scores) > 25
    assert shown_totals(app) == result.scores
    assert "Game over" in app._prompt.value
    assert app._scores.value.count("<tr>") == len(app.state.observation(human).rounds) + 1  # + header row
    finished = app.state
    app.button("New game").click()  # bots may already have moved, even ended round 1
    assert app.message == "" and app.state is not finished and "Game 2 ·" in app._header.value
    assert len(app.state.observation(human).rounds) <= 1 and shown_totals(app) == app.state.scores
    play_to_the_end(app, rng)  # a second game from the same app
    app.button("Play again").click()
    assert "Game 3 ·" in app._header.value and not app.state.is_over


def test_each_round_end_counts_the_pairs_number_by_number():
    app = TwentyFiveApp(seed=4)
    rng = random.Random(4)
    rounds_checked = 0
    while not app.state.is_over:
        if [b.description for b in app.action_buttons] == ["Next round"]:
            done = app.state.observation(0).rounds[app.parts_read]
            shown = app._result.value
            assert f"{done.pairs} pairs" in shown
            lines = pair_lines(done.cards_in_play)
            assert all(line in shown for line in lines)
            assert sum(int(line.split("→ ")[1].split()[0]) for line in lines) == done.pairs == pair_count(
                done.cards_in_play)
            for seat, hand in enumerate(done.hands):  # every hand is shown at the round's end
                area = re.search(rf'<span class="cl-hand" data-seat="{seat}">(.*?)</span></div>', app._table.value)
                assert re.findall(r'data-card="(\d+)"', area.group(1)) == [str(card) for card in hand]
            rounds_checked += 1
        app.button(choose(app, rng)).click()
        assert app.message == ""
    assert rounds_checked == len(app.state.observation(0).rounds) - 1  # the last one ends the game


def test_pass_on_the_first_turn_is_disabled_with_a_reason_and_refused_if_clicked():
    app = TwentyFiveApp(seed=1)
    pass_button = app.button("Pass")
    assert pass_button.disabled and "first turn" in pass_button.tooltip
    assert "must draw" in app._prompt.value
    message = click_refused(app, pass_button)
    assert message.startswith("Not allowed:") and "first turn" in message


# -- the "Players" menu: the table of the next game --

def subtitle(app: TwentyFiveApp, seat: int):
    """The line under a seat's name (None when there is none)."""
    box = re.search(rf'<div class="cl-seat[^"]*" data-seat="{seat}">(.*?)<div class="cl-row">', app._table.value)
    found = re.search(r'<div class="cl-sub">(.*?)</div>', box.group(1))
    return found.group(1) if found else None


@pytest.mark.parametrize("players", [3, 4])
def test_the_default_opponents_are_the_coach_and_two_counters_named_in_their_seats(players):
    app = TwentyFiveApp(players=players, seed=1)
    wanted = [CoachBot(), ThresholdBot(threshold=22), ThresholdBot(threshold=20)][:players - 1]
    assert bots(default_opponents(players)) == bots(wanted) and bots(app.opponents.values()) == bots(wanted)
    said = ["bot · the coach: passes when the exact odds favour it", "bot · passes once 22 cards are in play",
            "bot · passes once 20 cards are in play"]
    assert [subtitle(app, seat) for seat in app.opponents] == said[:players - 1]
    assert subtitle(app, app.human) is None


@pytest.mark.parametrize("players", [3, 4])
def test_no_default_bot_ends_a_round_before_every_player_has_drawn(players):
    """The default bots pass on their judgement, never on a coin's: your draws always count."""
    bot_passes = 0
    for seed in range(5):
        app = TwentyFiveApp(players=players, seed=seed)
        while not app.state.is_over:  # you always draw (reveal, read the count, draw again)
            enabled = [b.description for b in app.action_buttons if not b.disabled]
            app.button("Draw" if "Draw" in enabled else enabled[0]).click()
            assert app.message == ""
        draws = 0
        for kind, seat, _ in app.state.observation(app.human).log:
            if kind == "round":
                draws = 0
            draws += kind == "draw"
            if kind == "pass" and seat != app.human:
                # turns go round the table: `players` draws in a row mean everyone drew once
                assert draws >= players, (seed, app.state.observation(app.human).log)
                bot_passes += 1
    assert bot_passes >= 10  # the bots did end rounds


# -- the coach: exact odds and pass costs for the human's observation only --

MODEL_HEAD = re.compile(r'<th class="cl-coach-model" data-model="(\w+)" data-over="([^"]+)" '
                        r'data-exactly="([^"]+)" data-under="([^"]+)"(?: data-costs="([^"]+)")?>')
ODDS_CELL = re.compile(r'data-model="(\w+)" data-outcome="(\w+)"><span class="cl-coach-frac">([^<]+)</span> '
                       r"<b>([=≈<>]) ([\d.]+)%</b>")
COST_CELL = re.compile(r'data-model="(\w+)" data-seat="(\d+)" data-cost="([^"]+)">'
                       r'<span class="cl-coach-frac">([^<]+)</span> <b>([=≈]) ([\d.]+)</b>')
LAST_ROW = re.compile(r'<tr class="cl-coach-last" data-seat="(\d+)">')


def near(shown: float, sign: str, exact: Fraction, scale: int, places: int) -> bool:
    """A number shown with ``places`` decimals (after =, ≈, < or >) agrees with ``exact`` × ``scale``."""
    value = float(exact * scale)
    return {"=": exact * scale == Fraction(str(shown)), "≈": abs(value - shown) <= 0.5 * 10 ** -places + 1e-12,
            "<": 0 < value < shown, ">": shown < value < scale}[sign]


def check_coach(app: TwentyFiveApp) -> int:
    """The open coach shows p_over and pass_cost of the human's observation, exactly; returns 1 if checked."""
    state, human = app.state, app.human
    obs = state.observation(human)
    panel = app._coach.value
    if app.pending(obs) is not None:
        assert "The round is over" in panel and "data-over" not in panel
        return 0
    heads = {model: rest for model, *rest in MODEL_HEAD.findall(panel)}
    assert set(heads) == {"naive", "informed"}
    can_pass = PASS in state.legal_actions()
    for model, (over, exactly, under, costs) in heads.items():
        odds = p_over(obs, model)
        assert (Fraction(over), Fraction(exactly), Fraction(under)) == (odds.over, odds.exactly, odds.under)
        assert costs == (",".join(map(str, pass_cost(obs, model))) if can_pass else "")
    cells = ODDS_CELL.findall(panel)
    assert len(cells) == 6
    for model, outcome, fraction, sign, shown in cells:
        exact = getattr(p_over(obs, model), outcome)
        assert Fraction(fraction) == exact and near(float(shown), sign, exact, 100, 1), (fraction, sign, shown)
    costs = COST_CELL.findall(panel)
    if can_pass:
        assert len(costs) == 2 * obs.players
        for model, seat, data, fraction, sign, shown in costs:
            exact = pass_cost(obs, model)[int(seat)]
            assert Fraction(data) == Fraction(fraction) == exact and near(float(shown), sign, exact, 1, 2)
        assert LAST_ROW.findall(panel) == [str(obs.last_drawer)]  # the last drawer's row stands out
        assert 'class="cl-coach-note"' not in panel
    else:  # no costs, and a line saying why not
        assert not costs and 'class="cl-coach-note"' in panel
    for seat in range(obs.players):  # the plain-words hints are there, and true of the hidden hands
        field = obs.fields[seat]
        if seat == human or not field or not obs.hand_sizes[seat] or obs.current_player == seat:
            continue
        cap = hidden_cap(obs, seat)  # checked against every consistent deal in test_hidden_cap.py
        assert cap_words(f"Player {seat}", field, cap) in html.unescape(panel) and max(state.hand(seat)) <= cap
    return 1


@pytest.mark.parametrize("players, human, seed", [(3, 0, 1), (3, 1, 5), (4, 0, 3)])
def test_the_open_coach_shows_exact_odds_and_pass_costs_through_whole_games(players, human, seed):
    app = TwentyFiveApp(players=players, human=human, seed=seed)
    app.coach_open = True
    rng = random.Random(seed)
    checked = costs_shown = games = 0
    while checked < 30:  # whole games, as many as it takes
        games += 1
        assert games <= 5
        while not app.state.is_over:
            check_view(app)
            checked += check_coach(app)
            costs_shown += "data-costs" in app._coach.value
            app.button(choose(app, rng)).click()
        check_coach(app)
        app.button("Play again").click()
    assert 0 < costs_shown < checked  # first turns and reveals show no costs


def test_the_coach_says_why_a_pass_is_not_possible_instead_of_its_costs():
    app = TwentyFiveApp(seed=1)
    app.coach_open = True
    rng = random.Random(1)
    seen = Counter()
    while seen.total() < 60 or len(seen) < 4:  # every reason, and the costs, seen
        assert seen.total() < 1000, seen
        if app.state.is_over:
            app.button("Play again").click()
        panel, state = app._coach.value, app.state
        if app.pending(state.observation(0)) is None:
            legal = state.legal_actions()
            why = ("Opening reveals: nobody may pass" if isinstance(legal[0], Reveal) and not state.observation(0).draws
                   else "You have drawn, so you cannot pass this turn" if isinstance(legal[0], Reveal)
                   else "Nobody may pass on a round&#x27;s first turn" if PASS not in legal else None)
            assert ("data-costs" in panel) == (why is None)
            if why is not None:
                assert re.search(f'class="cl-coach-note">{why}', panel), (why, panel[-900:])
            seen[why] += 1
        app.button(choose(app, rng)).click()


def test_with_the_draw_pile_empty_the_coach_shows_what_the_only_move_costs():
    state = Game(players=3).new(seed=12)  # 43 cards to draw from seat 0 on: seat 1 meets the empty pile
    while state.observation(1).pile_size or state.phase != "turn":
        state.apply(state.legal_actions()[0])  # draw, reveal, never pass
    assert state.current_player == 1
    app = TwentyFiveApp(human=1, seed=12)
    app.coach_open = True
    app.resume(state)
    assert [(b.description, b.disabled) for b in app.action_buttons] == [("Draw", True), ("Pass", False)]
    assert check_coach(app) and "data-costs" in app._coach.value and "cl-coach-note\"" not in app._coach.value


def test_the_closed_coach_is_empty_and_opening_it_shows_the_table_as_it_is():
    app = TwentyFiveApp(seed=1)
    app.button("Draw").click()
    assert app._coach.value == "" and app.button("Pass")
    app.show_message("a message about the last click", "info")
    app.coach_open = True
    assert check_coach(app) and app.message == "a message about the last click"
    shown = app._coach.value
    app.render()
    assert app._coach.value == shown  # opening drew what a render draws
    app.coach_open = False
    assert app._coach.value == ""


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 9)])
def test_the_coach_is_the_same_for_determinized_twins(players, seed):
    compared = changed = 0
    for app in moments(TwentyFiveApp(players=players, seed=seed), random.Random(seed), count=8, choose=choose):
        app.coach_open = True
        human, state = app.human, app.state
        for k in range(2):
            other = state.determinize(human, random.Random(10 * seed + k))
            changed += any(other.hand(s) != state.hand(s) for s in range(players) if s != human)
            twin = TwentyFiveApp(players=players, seed=seed)
            twin.coach_open = True
            twin.resume(other, parts_read=app.parts_read)
            assert twin._coach.value == app._coach.value and app._coach.value
            compared += "data-over" in app._coach.value
    assert compared >= 10 and changed >= compared // 2  # the twins really hid different cards


# -- the coach in Japanese --

TAG = re.compile(r"<style>.*?</style>|</?[a-z][^>]*>", re.S)  # markup only: "< 0.1%" is text
DATA = re.compile(r'data-[\w-]+="[^"]*"')


def shown_text(panel: str) -> str:
    """What a reader sees of a panel: the text without the style sheet and the tags."""
    return html.unescape(TAG.sub(" ", panel))


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 7)])
def test_the_japanese_coach_has_no_english_word_and_the_same_numbers(players, seed):
    parts = Counter()
    for app in moments(TwentyFiveApp(players=players, seed=seed, lang="ja"), random.Random(seed), count=12):
        app.coach_open = True
        panel = app._coach.value
        text = shown_text(panel)
        assert is_japanese(text) and not re.findall(r"[A-Za-z]{3,}", text), re.findall(r"[A-Za-z]{3,}", text)
        english = TwentyFiveApp(players=players, seed=seed)  # the same moment in English: the same numbers
        english.coach_open = True
        english.resume(app.state, parts_read=app.parts_read)
        assert DATA.findall(panel) == DATA.findall(english._coach.value)
        assert re.findall(r"[A-Za-z]{3,}", shown_text(english._coach.value))  # the check above can fail
        notes_and_hints = re.findall(r'<(?:li|div class="cl-coach-note")>(.*?)</', panel)
        assert all(is_japanese(line) for line in notes_and_hints), notes_and_hints
        parts.update(part for part, shown in [("odds", "事後確率" in text and "単純な確率" in text),
                                              ("costs", "data-costs" in panel and "期待値" in text),
                                              ("note", "cl-coach-note" in panel), ("hints", "<li>" in panel),
                                              ("round over", "ラウンド終了" in text)] if shown)
    assert set(parts) == {"odds", "costs", "note", "hints", "round over"}, parts


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_end_message_names_the_button_shown_under_it(lang):
    app, rng = TwentyFiveApp(seed=5, lang=lang), random.Random(5)
    while not app.state.is_over:
        app.button(rng.choice([b.description for b in app.action_buttons if not b.disabled])).click()
    (again,) = [b.description for b in app.action_buttons]
    prompt = html.unescape(re.sub(r"<[^>]*>", " ", app._prompt.value))
    assert again == app.say("Play again") and again in prompt and app.say("New game") not in prompt, prompt
