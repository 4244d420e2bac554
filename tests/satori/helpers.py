"""Helpers of The Satori rules tests: stacked hands, games written in the digest's notation, refusals.

A script is the digest's notation, one decision after another, separated by "/" or new lines;
"#" starts a comment (who is deciding, what they hold), so a whole game reads like a record:

    play_out(state, '''
        play satori / no katsu / no katsu      # 0 plays; 1 and 2 let it go
        play zatsunen / katsu                  # 1 plays; 2 calls: a zatsunen, 2 is out
    ''')
"""
import random
import re
from collections import Counter

import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.core.testing import snapshot
from cardlib.satori import VARIANTS, Game
from tests.scripts import legal, moves, play_script, say  # noqa: F401 (the rules tests import them from here)

DEAL = ("S", "S", "S", "Z", "Z")          # the sheet's hand: 3 satori and 2 zatsunen
DECK = Counter({"S": 15, "Z": 10})         # the 25 playing cards, wherever they are
NOTATION = ("play satori", "play zatsunen", "declare", "pass", "katsu", "no katsu")


def stacked(players=3, start=0, hands=None, **options):
    """A new game from stacked hands (each player the sheet's mix in a shuffled-looking order by default)."""
    game = Game(players=players, start=start, **options)
    if hands is None:
        hands = [list(DEAL[seat % 5:] + DEAL[:seat % 5]) for seat in range(players)]
    return game.new(hands=hands)


def play_out(state, script):
    """Apply a script's decisions in order, each the unique legal action of that notation; every card kept."""
    return play_script(state, script)


def asked(state, script):
    """The seats that decided, one per decision of the script, as it is played out."""
    seats = []
    for text in moves(script):
        seats.append(state.current_player)
        play_out(state, text)
    return seats


def log_since(state, mark):
    """The public events logged after the first ``mark`` ones (mark: a length of the log)."""
    return list(state.observation(0).log[mark:])


def log_length(state):
    return len(state.observation(0).log)


def rejects(state, action, why):
    """IllegalActionError naming the action and saying ``why`` (a regex); the state left exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    message = str(caught.value)
    assert repr(action) in message, f"the message does not say which action: {message!r}"
    assert re.search(why, message), f"the message does not say why ({why!r}): {message!r}"
    assert snapshot(state) == before, f"refusing {action!r} changed the state"


def top_run(pile):
    """The digest's run, computed here independently: satori unbroken from the top (the last card)."""
    run = 0
    for card in reversed(pile):
        if card != "S":
            break
        run += 1
    return run


PLAYS = {"S": "satori", "Z": "zatsunen"}


def quiet(plays, players=3):
    """Plays in turn that nobody calls: S (satori) or Z (zatsunen) a play, spaces only to group them in rounds.

    ``players``: how many are still in (each other one says "no katsu").

    >>> quiet("SZ", players=2)
    'play satori / no katsu / play zatsunen / no katsu'
    """
    after = " / no katsu" * (players - 1)
    return " / ".join(f"play {PLAYS[card]}{after}" for card in plays if card != " ")


# --- scripts used by several tests ---------------------------------------------------------------

NO = "no katsu / no katsu"  # the two other players of a three-player game let a card go

# 0 plays satori three times and declares at the start of their fourth turn, zatsunen still in hand.
DECLARE_GAME = f"""
    {quiet("SZZ SSZ SSS")}   # rounds of 0, 1, 2
    declare                   # 0: top three are satori; Z, Z in hand
"""

# Everyone plays zatsunen, zatsunen, satori, satori, satori and nobody calls: every hand empties
# with player 2's last play, every run is 3.
EMPTY_GAME = quiet("ZZZ ZZZ SSS SSS SSS")

# 2 takes 1's three satori by Katsu; 1, with no satori left anywhere, then calls on 0's zatsunen.
NO_SATORI_GAME = f"""
    play satori / {NO}              # 0
    play satori / katsu             # 1 plays; 2 calls: satori, onto 2's pile
    play zatsunen / {NO}            # 2
    play satori / {NO}              # 0
    play satori / katsu             # 1; 2 again
    play zatsunen / {NO}            # 2
    play satori / {NO}              # 0: pile S S S, hand Z Z
    play satori / katsu             # 1: now Z Z in hand and nothing in the pile, no satori at all
    play satori / {NO}              # 2
    play zatsunen / katsu           # 0; 1 calls on a zatsunen: 1 is out and has no satori to give
    play satori / no katsu          # 2 (1 is skipped); only 0 is asked
    declare                         # 0: S S S on top again (the zatsunen went back to the hand)
"""

# 2 calls on 1's zatsunen and is out; 1 holds six cards, 0 runs out first and must pass.
PASS_GAME = f"""
    play zatsunen / {NO}            # 0
    play zatsunen / katsu           # 1; 2 calls: out. 1 takes back the Z and a satori of 2's hand
    {quiet("SS SS ZZ SS", 2)}       # rounds of 0 and 1 (2 is skipped and never asked): 0's hand empty
    pass                            # 0
    play satori / katsu             # 1; 0, hand empty, calls and wins the satori
    pass                            # 0
    play zatsunen / no katsu        # 1: every hand still in is empty
"""


def agrees(shown, pile):
    """A pile as another seat sees it agrees with the truth: the same size, each card unseen (None) or true."""
    return len(shown) == len(pile) and all(card is None or card == true for card, true in zip(shown, pile))


OPTIONS = (*VARIANTS, Game(players=3, satori=1, zatsunen=1), Game(players=4, start=3, satori=2, zatsunen=2))


def walk_from(state, seed):
    """Random decisions from a position (left as it is) to the end: (state before, action, state after) each."""
    rng = random.Random(seed)
    state = state.clone()
    while not state.is_over:
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state


def walk(game, seed):
    """A random game from the deal."""
    return walk_from(game.new(seed=seed), seed)


def random_positions(games=6, seed=0):
    """Every position of a few random games of each option set (clones), finals included."""
    for index, game in enumerate(OPTIONS):
        for number in range(games):
            for _, _, after in walk(game, seed * 1000 + index * 100 + number):
                yield after.clone()
