"""The coach panel's words say only what its exact numbers say, in English or in Japanese."""
import random

from cardlib.twentyfive import DRAW, Game
from cardlib.twentyfive.rules import REVEALS
from cardlib.twentyfive.analysis import p_over
from cardlib.twentyfive.coach import coach_panel, percent, reveal_hints
from cardlib.twentyfive.words import WORDS_JA
from cardlib.decks.pairs import stacked_deck
from cardlib.ui.narration import Names
from cardlib.ui.words import Words, is_japanese

NAMES = {0: "You", 1: "Player 1", 2: "Player 2"}


def test_different_odds_that_round_alike_are_never_called_the_same():
    state = Game(players=3).new(seed=6)
    state.apply(DRAW)  # seed 6: both coaches put P(> 25) below 0.1%, by different fractions
    view = state.observation(state.current_player)
    naive, informed = p_over(view, "naive").over, p_over(view, "informed").over
    assert naive != informed and percent(naive) == percent(informed)
    panel = coach_panel(view, {seat: f"Player {seat}" for seat in range(3)})
    assert "same chance" not in panel and "both round to" in panel


def test_a_last_reveal_of_5_caps_nothing():
    # Player 1 is dealt 9, 5, 2, 1 and reveals the 9; later draws a 3, and the 5 is then highest.
    deck = stacked_deck([8, 7, 6, 4], [9, 5, 2, 1], [10, 8, 6, 3], [4, 3])
    state = Game(players=3).new(deck=deck)
    state.apply(REVEALS[9])   # the opening choice: 9 (highest) or 5
    state.apply(DRAW)         # player 0 draws a 4 and reveals 7
    state.apply(DRAW)         # player 1 draws a 3 and must reveal the 5, now the highest
    view = state.observation(0)
    assert view.fields[1][-1] == 5 and view.fields[1][0] == 9
    hints = reveal_hints(view, NAMES)
    assert "Player 1's hidden cards can be anything up to 10: a 5 caps nothing." in hints, hints


def test_the_cap_is_the_smallest_card_shown_when_a_higher_one_was_just_drawn():
    # Player 1 shows 8, then draws a 10 and must show it: the cards kept are still 8 or lower.
    state = Game(players=3).new(deck=stacked_deck([4, 4, 4, 4], [8, 8, 3, 2], [6, 6, 6, 6], [10, 10]))
    state.apply(DRAW)
    state.apply(DRAW)
    hints = reveal_hints(state.observation(0), NAMES)
    assert any(hint.startswith("Player 1's hidden cards are all 8 or lower: 8 is the smallest") for hint in hints)


def test_every_sentence_the_coach_says_has_its_japanese():
    ja = Words("ja", WORDS_JA)
    said = set()

    def say(text, **fields):
        said.add(text)
        return ja(text, **fields)

    # you hold two of the three 3s, so Player 1, showing a 3, keeps only 2s and 1s: a cap below every card shown
    stacked = Game(players=3).new(deck=stacked_deck([3, 3, 8, 7], [3, 2, 2, 1], [10, 9, 6, 4]))
    assert "2以下" in "".join(reveal_hints(stacked.observation(0), Names(me=0, lang="ja"), say))
    state, rng = Game(players=3).new(seed=24), random.Random(24)
    while not state.is_over:  # seed 24: a short game (31 moves) that meets every other branch
        mover = state.current_player
        for seat in (mover, (mover + 1) % state.game.players):  # the player to move, and one waiting
            assert is_japanese(coach_panel(state.observation(seat), Names(me=seat, lang="ja"), say))
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if rng.random() < 0.2 else legal[0])
    missing = sorted(text for text in said if ja(text) == text)
    assert not missing, missing
    assert {"no higher copy is left unseen", "a 5 caps nothing", "{name} has not revealed a card yet.",
            "Here both give exactly the same chance of more than 25.", "Opening reveals: nobody may pass before "
            "someone has drawn.", "You have drawn, so you cannot pass this turn: put a card face up first.",
            "If you pass now: expected points to each player (points are bad)"} <= said
