"""The Discontinuity app in the kernel: whole games by clicking the real buttons, the joker taken
and placed, bad clicks, and the promise that the widgets depend only on what the human may see."""
from __future__ import annotations

import html
import random
import re

import pytest

from cardlib.decks.pairs import PAIRS_DECK
from cardlib.core.testing import snapshot
from cardlib.discontinuity.actions import MARKS, PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.app import JOKER_LABEL, DiscontinuityApp

from cardlib.discontinuity.rules import Game, State
from cardlib.discontinuity.scoring import JOKER, row_penalty
from cardlib.discontinuity.view import row_html, signed
from cardlib.ui import testing as ui
from cardlib.ui.testing import click_refused, widget_tree
from cardlib.ui.words import is_japanese

NEXT_HALF = DiscontinuityApp.NEXT_PART[0]

TOTAL = re.compile(r'class="cl-total" data-seat="(\d+)"[^>]*>([^<]*)<')
SEAT_POINTS = re.compile(r'<div class="cl-seat[^"]*" data-seat="(\d+)">.*?<span class="cl-pts"[^>]*><b>([^<]*)</b>')
COST = re.compile(r'class="cl-row-cards" data-seat="(\d+)">(.*?)</span></div>')
TAKE = re.compile(r"^take (\d+) and (\d+) from (.)")
PLACE = re.compile(r"^right of (\d+) \(joker = \d+\): row [−0-9]+, points ([+−]?\d+)$")
POINTS = re.compile(r"^[+−]?\d+$")  # a number as shown: a true minus, never a hyphen
LINE_OF = {mark: line for line, mark in MARKS.items()}


def signed_int(text: str) -> int:
    """A number as the app shows it ("−3", "+4", "0"): a hyphen-minus is refused."""
    assert POINTS.match(text), f"{text!r} is not a number written with a true minus"
    return int(text.replace("−", "-"))


def shown_points(text: str):
    """Points as shown: a number, or "low to high" while a joker waits to be placed."""
    low, to, high = text.partition(" to ")
    return (signed_int(low), signed_int(high)) if to else signed_int(text)


def by_seat(pattern: re.Pattern, html: str) -> tuple:
    found = dict((int(seat), shown_points(points)) for seat, points in pattern.findall(html))
    return tuple(found[seat] for seat in sorted(found))


def waiting_joker(state, seat: int) -> bool:
    """The engine's own word: ``seat`` must place a joker that is in no row now."""
    return state.phase == "place" and state.current_player == seat and JOKER not in state.row(seat)


def placed(state, seat: int) -> list:
    """The position after each place the seat may give its waiting joker (tried on copies)."""
    out = []
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply(action)
        out.append(trial)
    return out


def row_after(state, trial, seat: int) -> tuple:
    """The seat's row in ``trial``, one action after ``state`` (the first half's last row if it ended)."""
    halves = trial.observation(seat).halves
    return halves[-1].rows[seat] if len(halves) > len(state.observation(seat).halves) else trial.row(seat)


def true_points(state) -> tuple:
    """Each seat's total; for a joker waiting to be placed, (worst, best) over its places (a range
    only when they differ)."""
    shown = []
    for seat, total in enumerate(state.scores):
        if waiting_joker(state, seat):
            totals = [trial.scores[seat] for trial in placed(state, seat)]
            total = (min(totals), max(totals)) if min(totals) != max(totals) else totals[0]
        shown.append(total)
    return tuple(shown)


def meaning(label: str):
    """The action a button's words name (read from the words, not from the app's code)."""
    if label == JOKER_LABEL:
        return TakeJoker()
    take = TAKE.match(label)
    if take:
        return Take(LINE_OF[take.group(3)], int(take.group(1)), int(take.group(2)))
    place = PLACE.match(label)
    if place:
        return PlaceJoker(int(place.group(1)))
    return None


def same(action, named) -> bool:
    """A Take named by its words matches whichever copy of a twin it takes."""
    if isinstance(action, Take) and isinstance(named, Take):
        return (action.line, action.a, action.b) == (named.line, named.a, named.b)
    return action == named


HYPHEN_MINUS = re.compile(r"(?<![\w-])-\d")


def shown_texts(app: DiscontinuityApp) -> list[str]:
    """Every text a person reads: each part of the app without its tags, every button and tooltip."""
    parts = [app._header, app._table, app._result, app._prompt, app._log, app._scores, app._message]
    texts = [html.unescape(re.sub(r"<[^>]*>", " ", part.value)) for part in parts]
    titles = [html.unescape(t) for part in parts for t in re.findall(r'title="([^"]*)"', part.value)]
    return texts + titles + [text for b in app.buttons() for text in (b.description, b.tooltip)]


def square_of(app: DiscontinuityApp) -> str:
    """The square's HTML, up to the seats."""
    return app._table.value.split('<div class="cl-seats-side">')[0]


def check_view(app: DiscontinuityApp) -> None:
    """What is shown agrees with the engine; the enabled buttons are exactly the legal actions."""
    state, human = app.state, app.human
    obs = state.observation(human)
    assert app.message == "", app.message
    assert by_seat(TOTAL, app._scores.value) == true_points(state)
    assert by_seat(SEAT_POINTS, app._table.value) == true_points(state)
    for seat, cards in COST.findall(app._table.value):
        row = obs.rows[int(seat)]
        if waiting_joker(state, int(seat)):
            costs = sorted(row_penalty(row_after(state, trial, int(seat))) for trial in placed(state, int(seat)))
            cost = f"<b>{costs[0]}</b>" + (f" to <b>{costs[-1]}</b>" if costs[0] != costs[-1] else "")
            assert f"costs {cost} once the joker is placed" in cards and "cl-wild-loose" in cards
        else:
            assert (f"costs <b>{row_penalty(row)}</b>" in cards) == bool(row)
            assert "cl-wild-loose" not in cards
    assert "Traceback" not in app._table.value + app._prompt.value
    for text in shown_texts(app):
        assert not HYPHEN_MINUS.search(text), text  # negative numbers take the true minus sign
    slots = re.findall(r'<span class="cl-grid-cell"><span class="cl-card cl-slot"[^>]*>([^<]*)</span>', square_of(app))
    assert len(slots) == obs.square.count(0)
    assert set(slots) <= ({"refill"} if obs.phase == "place" else {"empty"})  # the refill ends the turn
    if state.current_player == human and app.pending(obs) is None:
        enabled = [meaning(b.description) for b in app.action_buttons if not b.disabled]
        legal = state.legal_actions()
        assert len(enabled) == len(legal)
        assert all(any(same(a, e) for e in enabled) for a in legal)


def choose(app: DiscontinuityApp, rng: random.Random) -> str:
    """A newcomer's click: the joker once the row holds two numbers (now or a bit later), else any take."""
    labels = [b.description for b in app.action_buttons if not b.disabled]
    obs = app.state.observation(app.human)
    if JOKER_LABEL in labels and len(obs.row) >= 2 and rng.random() < 0.5:
        return JOKER_LABEL
    return rng.choice([label for label in labels if label != JOKER_LABEL] or labels)


def click(app: DiscontinuityApp, label: str) -> None:
    """Click a button and check it did what its words say (a joker's place: the points it promised)."""
    state, human = app.state, app.human
    before = len(state.history)
    obs = state.observation(human)
    mine = state.current_player == human and not state.is_over and app.pending(obs) is None
    app.button(label).click()
    assert app.message == "", app.message
    named = meaning(label)
    if mine and named is not None:
        assert same(state.history[before], named)
    place = PLACE.match(label)
    if place:  # the total the button promised, as the seats show it (a half's end banks it unchanged)
        assert state.scores[human] == signed_int(place.group(2))


def play_to_the_end(app: DiscontinuityApp, rng: random.Random, limit: int = 400) -> int:
    """Click until the game is over; returns the number of clicks."""
    for clicks in range(limit):
        check_view(app)
        if app.state.is_over:
            return clicks
        click(app, choose(app, rng))
    raise AssertionError(f"no game over after {limit} clicks")


@pytest.mark.parametrize("players, human, seed", [(2, 0, 1), (2, 1, 5), (3, 0, 2), (3, 2, 7), (4, 0, 3), (4, 1, 9)])
def test_whole_games_by_clicks_with_the_joker_then_new_game(players, human, seed):
    app = DiscontinuityApp(players=players, human=human, seed=seed)
    rng = random.Random(seed)
    play_to_the_end(app, rng)
    state = app.state
    mine = [a for a in state.history if isinstance(a, (TakeJoker, PlaceJoker))]
    assert TakeJoker() in state.history and any(isinstance(a, PlaceJoker) for a in mine)
    result = state.result()
    assert by_seat(TOTAL, app._scores.value) == result.scores
    assert "Game over" in app._prompt.value
    for seat, place in enumerate(result.places):
        assert re.search(rf'<tr data-seat="{seat}">.*?<b>{place}(st|nd|rd|th)</b>', app._result.value)
    if players == 2:  # the halves: the first half's scores stay on the board
        obs = state.observation(human)
        assert len(obs.halves) == 1 and "Half 1" in app._scores.value
    finished = app.state
    app.button("New game").click()
    assert app.message == "" and app.state is not finished and "Game 2 ·" in app._header.value
    play_to_the_end(app, rng)
    app.button("Play again").click()
    assert "Game 3 ·" in app._header.value and not app.state.is_over


def test_the_joker_is_placed_as_its_own_decision_with_live_scores():
    app = DiscontinuityApp(players=3, seed=4)
    while len(app.state.observation(0).row) < 2:
        click(app, next(b.description for b in app.action_buttons if TAKE.match(b.description)))
    click(app, JOKER_LABEL)
    assert app.state.current_player == 0 and app.state.phase == "place"
    assert "Place your joker" in app._prompt.value and "joker in hand" in app._table.value
    labels = [b.description for b in app.action_buttons]
    assert [meaning(label) for label in labels] == app.state.legal_actions()
    anchor = max(meaning(label).anchor for label in labels)
    click(app, next(label for label in labels if meaning(label) == PlaceJoker(anchor)))  # checks the points
    row = app.state.observation(0).rows[0]
    assert row[row.index(JOKER) - 1] == anchor and f'data-wild="{anchor + 1}"' in app._table.value
    assert by_seat(SEAT_POINTS, app._table.value) == app.state.scores
    assert app.button(JOKER_LABEL).disabled and "once per game" in app.button(JOKER_LABEL).tooltip


def minus(points: int) -> str:
    """How people write a number: a true minus sign."""
    return str(points).replace("-", "−")


def test_while_the_joker_waits_to_be_placed_every_number_shown_is_one_a_place_gives():
    app = DiscontinuityApp(players=3, seed=3)  # the reviewer's seed: the row 6 7, the joker just taken
    while len(app.state.observation(0).row) < 2:
        click(app, next(b.description for b in app.action_buttons if TAKE.match(b.description)))
    click(app, JOKER_LABEL)
    state = app.state
    assert waiting_joker(state, 0) and JOKER not in state.observation(0).row
    totals = sorted(trial.scores[0] for trial in placed(state, 0))
    costs = sorted(row_penalty(trial.row(0)) for trial in placed(state, 0))
    low, high = totals[0], totals[-1]
    before = state.scores[0]  # the engine's points before the joker counts: no place gives them
    assert low < high and before not in totals
    assert by_seat(SEAT_POINTS, app._table.value)[0] == (low, high) == by_seat(TOTAL, app._scores.value)[0]
    assert f"<b>{minus(low)} to {minus(high)}</b> points" in app._table.value
    row_cells = re.search(r"<tr><td>row</td>(.*?)</tr>", app._scores.value).group(1)
    assert f"{minus(-costs[-1])} to {minus(-costs[0])}</td>" in row_cells.split("</td>", 1)[0] + "</td>"
    assert f"your points read {minus(low)} to {minus(high)}: the worst and the best place" in app._prompt.value
    promised = sorted(signed_int(PLACE.match(b.description).group(2)) for b in app.action_buttons)
    assert promised == totals  # each button previews one of them
    seat_box = app._table.value.split('<div class="cl-seat cl-you cl-turn" data-seat="0">')[1]
    assert f"<b>{minus(before)}</b>" not in seat_box and "to place" in seat_box and "cl-wild-loose" in seat_box
    best = max(app.action_buttons, key=lambda b: signed_int(PLACE.match(b.description).group(2)))
    click(app, best.description)  # the total shown now is the one the button promised
    assert by_seat(SEAT_POINTS, app._table.value)[0] == state.scores[0] == high


def joker_then_take() -> "State":
    """Three players, stacked: you take the joker first (it stands alone), the bots take, then you
    take two numbers: the joker must be placed, and two places of the square wait to be refilled."""
    state = Game(players=3).new(deck=stacked([1, 7, 2, 3, 4, 5, 7, 6]))
    state.apply(TakeJoker())
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Take)))
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Take)))
    return state


def test_the_places_emptied_before_the_joker_is_placed_say_they_are_refilled_after_it():
    state = joker_then_take()
    assert state.phase == "place" and state.current_player == 0 and state.square.count(0) == 2
    app = DiscontinuityApp(seed=1)
    app.resume(state)
    square = square_of(app)
    slots = re.findall(r'<span class="cl-grid-cell"><span class="cl-card cl-slot"([^>]*)>([^<]*)</span>', square)
    assert [text for _, text in slots] == ["refill", "refill"]  # not "empty": the turn is not over
    note = "The 2 empty places are refilled from the deck once the joker is placed."
    assert note in square and all(note in title for title, _ in slots)
    assert note in app._prompt.value  # the prompt says it too
    deck = state.deck_size
    click(app, app.action_buttons[0].description)
    assert app.state.observation(0).square.count(0) == 0 and app.state.deck_size <= deck - 2  # refilled, bots moved
    assert "refill" not in square_of(app)


@pytest.mark.parametrize("players, seed", [(3, 1), (2, 1)])
def test_negative_numbers_are_written_with_a_true_minus_sign(players, seed):
    app = DiscontinuityApp(players=players, seed=seed)
    play_to_the_end(app, random.Random(seed))  # check_view refuses a hyphen before a digit on the way
    scores = app.state.result().scores
    assert min(scores) < 0, scores  # this game ends with a negative total
    worst = minus(min(scores))
    assert f">{worst}</td>" in app._scores.value and f"<b>{worst}</b> points" in app._table.value
    assert f"({worst})" in app._prompt.value and worst in app._log.value and worst in app._result.value


def test_runs_of_three_or_more_are_framed_and_the_joker_shows_only_its_value():
    html = row_html((1, 2, 5, 6, JOKER, 8))  # the sheet's player B: 1 + 2 + 5 = 8
    before, group = html.split('<span class="cl-group">')
    assert re.findall(r'data-card="(\d+)"', before) == ["1", "2"]
    assert re.findall(r'data-card="(\d+)"', group) == ["5", "6", "8"] and 'data-wild="7"' in group
    assert "counts only 5" in group
    assert "cl-group" not in row_html((1, 2, 9, 10))  # runs of two count in full: no frame
    assert 'data-wild="11"' in row_html((JOKER,))


def stacked(square: list[int]) -> list[int]:
    """A whole deck, top first: these 8 cards fill the square, the rest follows."""
    rest = list(PAIRS_DECK)
    for card in square:
        rest.remove(card)
    return square + sorted(rest, reverse=True)


def test_a_line_of_one_number_says_why_and_its_click_is_refused():
    app = DiscontinuityApp(seed=1)
    # places (0,0) (0,1) (0,2) (1,0) (1,2) (2,0) (2,1) (2,2): line ② is (0,1) and (2,1), both 7
    app.resume(Game(players=3).new(deck=stacked([1, 7, 2, 3, 4, 5, 7, 6])))
    button = app.button("nothing to take: both show 7")
    assert button.disabled and button.tooltip == "both show 7: two equal numbers can never be taken together"
    assert "both show 7: two equal numbers can never be taken together" in str(widget_tree(app._controls))
    message = click_refused(app, button)
    assert message.startswith("Not allowed:") and "two equal numbers can never be taken together" in message


def test_the_used_joker_button_is_disabled_and_refused():
    app = DiscontinuityApp(seed=3)
    click(app, JOKER_LABEL)
    while app.state.current_player == 0 and app.state.phase == "place":
        click(app, app.action_buttons[0].description)
    joker = app.button(JOKER_LABEL)
    assert joker.disabled
    before = snapshot(app.state)
    joker.click()
    assert app.message.startswith("Not allowed:") and "once a game" in app.message
    assert snapshot(app.state) == before


def test_two_players_pause_between_the_halves():
    app = DiscontinuityApp(players=2, seed=6)
    rng = random.Random(6)
    assert "Half <b>1</b> of 2" in app._header.value
    while [b.description for b in app.action_buttons] != [NEXT_HALF]:
        click(app, choose(app, rng))
    obs = app.state.observation(0)
    first = obs.halves[0]
    assert "The first half is over" in app._result.value
    assert by_seat(TOTAL, app._scores.value) == first.scores == obs.scores  # the second half starts at 0
    for seat, points in enumerate(first.scores):
        assert re.search(rf'<tr data-seat="{seat}">.*?→ {re.escape(signed(points))}</td>', app._result.value)
    history = app.state.history
    click(app, NEXT_HALF)
    assert "Half <b>2</b> of 2" in app._header.value and "Half 1" in app._scores.value
    assert app.state.history[:len(history)] == history


def test_two_players_without_halves_play_one_game():
    app = DiscontinuityApp(players=2, seed=6, halves=False)
    assert "Half" not in app._header.value
    play_to_the_end(app, random.Random(6))
    assert not app.state.observation(0).halves


def twin_moments(players: int, seed: int, count: int):
    """Apps stopped at several of the human's decisions (and a half's end) during a seeded game."""
    app = DiscontinuityApp(players=players, seed=seed)
    rng = random.Random(seed)
    while not app.state.is_over and count:
        if rng.random() < 0.7 or app.state.observation(0).halves:
            count -= 1
            yield app
        app.button(choose(app, rng)).click()
    yield app  # the end, every row on the table


def no_english_button(app) -> None:
    """Every button shown is in Japanese (or a number or a card)."""
    for button in app.buttons():
        assert is_japanese(button.description) or not re.search(r"[A-Za-z]{3,}", button.description), button.description


@pytest.mark.parametrize("players", [2, 3])
def test_a_japanese_table_plays_a_whole_game_by_clicks_in_the_sheets_words(players):
    app = DiscontinuityApp(players=players, seed=12, lang="ja")
    rng = random.Random(12)
    assert "ディスコンティニュイティ" in app._header.value and "山札" in app._header.value  # the sheet's title, 山札
    assert "ジョーカーを獲得（ゲーム中１回）" in [b.description for b in app.buttons()]
    assert any("獲得" in b.description for b in app.action_buttons if not b.disabled)  # カードの獲得
    assert "金庫" in app._table.value and "たて" in app._help.value and "ななめ" in app._help.value
    ui.check_speaks_japanese(app, rng, clicks=6)
    ui.play_by_clicks(app, rng, check=no_english_button)
    assert "ゲーム終了" in app._result.value and "位" in app._result.value
    shown = re.sub(r"<[^>]+>", " ", app._table.value + app._result.value + app._scores.value + app._log.value)
    assert not re.findall(r"[A-Za-z]{3,}", shown)  # the table, the result, the scoreboard and the log: no English
    if players == 2:
        assert "前半戦" in app._scores.value and "前半戦" in app._result.value
    app.button("もう一度遊ぶ").click()
    assert not app.state.is_over and app.message == ""


def test_the_menu_and_the_pause_speak_the_sheets_japanese():
    app = DiscontinuityApp(players=2, seed=3, lang="ja")
    assert app.players_choice.label == "2人（前半戦・後半戦）"
    assert [label for label, _ in app.players_choice.options] == [
        "2人（前半戦・後半戦）", "2人（山札すべてで1ゲーム）", "3人", "4人"]
    while not app.state.observation(0).halves:
        app.button(ui.random_click(app, random.Random(len(app.state.history)))).click()
    assert [b.description for b in app.action_buttons] == ["後半戦へ"]
    assert "前半戦" in app._prompt.value and "後半戦" in app._prompt.value


def test_an_english_table_keeps_its_words_and_its_record():
    app = DiscontinuityApp(seed=12)
    assert app.TITLE == "Discontinuity" and "How to play Discontinuity" in app._help.value
    assert not any(is_japanese(b.description) for b in app.buttons()) and not is_japanese(app._table.value)
