"""Discontinuity's coach: each move's change in score is what the move really does, and the
chance that the next card turned up pairs agrees with deals the seat cannot tell apart."""
from __future__ import annotations

import random
from fractions import Fraction

from cardlib.core.testing import random_states
from cardlib.discontinuity import DiscontinuityApp, Game, Take
from cardlib.discontinuity.coach import outlook


def taking_states(players: int, games: int, seed: int):
    """States where the seat to act takes (no joker to place), from seeded random games."""
    for state in random_states(Game(players=players), games, seed):
        if not state.is_over and state.phase == "take":
            yield state


def after_best_place(state, action):
    """The state after ``action``, the seat's joker (if it must be placed) at its best place."""
    seat, trial = state.current_player, state.clone()
    trial.apply(action)
    if not trial.is_over and trial.phase == "place" and trial.current_player == seat:
        places = []
        for place in trial.legal_actions():
            placed = trial.clone()
            placed.apply(place)
            places.append(placed)
        trial = max(places, key=lambda placed: placed.scores[seat])
    return trial


def test_each_moves_change_is_the_score_it_really_gives():
    checked = jokers = 0
    for index, state in enumerate(taking_states(players=3, games=6, seed=2)):
        if index % 3:
            continue
        seat = state.current_player
        for move in outlook(state.observation(seat), state.legal_actions()):
            assert after_best_place(state, move.action).scores[seat] - state.scores[seat] == move.change
            checked += 1
            jokers += not isinstance(move.action, Take)
    assert checked > 100 and jokers > 5


def test_the_pairing_chance_agrees_with_deals_the_seat_cannot_tell_apart():
    state = Game(players=3).new(seed=4)
    state.apply(Take(3, 7, 8))
    seat = state.current_player
    moves = [move for move in outlook(state.observation(seat), state.legal_actions()) if isinstance(move.action, Take)]
    move = max(moves, key=lambda move: move.pairing)
    singles = {number for number in range(1, 11)
               if after_best_place(state, move.action).observation(seat).row.count(number) == 1}
    rng, trials, hits = random.Random(7), 3000, 0
    for _ in range(trials):  # the next card turned up is the top of the deck in a deal the seat cannot rule out
        hits += state.determinize(seat, rng)._deck[-1] in singles
    p = float(move.pairing)
    error = (p * (1 - p) / trials) ** 0.5
    assert move.pairing > 0 and abs(hits / trials - p) < 4 * error, (hits / trials, move.pairing, error)


def test_the_coach_marks_the_lookahead_bots_choice_once():
    for state in taking_states(players=2, games=2, seed=5):
        moves = outlook(state.observation(state.current_player), state.legal_actions())
        assert sum(move.bots_choice for move in moves) == 1
        assert all(isinstance(move.pairing, Fraction) and 0 <= move.pairing <= 1 for move in moves)


def test_the_app_shows_the_coach_on_your_turn():
    app = DiscontinuityApp(seed=1)
    app.coach_open = True
    moves = outlook(app.state.observation(0), app.state.legal_actions())
    panel = app._coach.value
    for move in moves:
        assert f'data-change="{move.change}" data-pairing="{move.pairing}"' in panel
    assert "the lookahead bot&#x27;s choice" in panel or "the lookahead bot's choice" in panel
