"""The conformance checks are honest: a small sound game passes them, and each deliberately broken
copy of it fails the check that is meant to catch its defect. The real Twenty-five passes.
"""
import itertools
import random
from collections import deque
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

import cardlib.twentyfive
from cardlib.core import testing
from cardlib.core.errors import IllegalActionError
from cardlib.core.protocol import Result, places_from_scores


# --- a sound toy game -------------------------------------------------------------------------

@dataclass(frozen=True)
class Take:
    """Take the top card of the pile."""

    def __str__(self):
        return "take"


@dataclass(frozen=True)
class Stop:
    """Stop; two stops in a row end the game."""

    def __str__(self):
        return "stop"


TAKE, STOP = Take(), Stop()


@dataclass(frozen=True)
class View:
    seat: int
    hand: tuple
    hand_sizes: tuple
    pile_size: int
    current_player: object
    history: tuple


FIELDS = ("game", "rng", "hands", "pile", "current", "moves", "stops")


def seat_of(seat):
    """The seat, or ValueError for anything that is no seat of the toy (a bool, 1.0, -1, 2, None)."""
    if type(seat) is not int or seat not in (0, 1):
        raise ValueError(f"no seat {seat!r} in the toy game")
    return seat


class ToyRules:
    """Two players, twelve numbered cards, three each; take or stop; the higher hand total wins."""

    def __init__(self, game, seed):
        self.game = game
        self.rng = random.Random(seed)
        deck = list(range(12))
        self.rng.shuffle(deck)
        self.hands = [deck[0:3], deck[3:6]]
        self.pile = deck[6:]
        self.current = 0
        self.moves = []
        self.stops = 0

    @property
    def current_player(self):
        return self.current

    @property
    def is_over(self):
        return self.current is None

    @property
    def history(self):
        return tuple(self.moves)

    def legal_actions(self):
        if self.current is None:
            return []
        return [TAKE, STOP] if self.pile else [STOP]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now")
        self.moves.append(action)
        seat = self.current
        if action == TAKE:
            self.hands[seat].append(self.pile[0])
            del self.pile[0]
            self.stops = 0
        else:
            self.stops += 1
        self.current = None if self.stops == 2 else 1 - seat

    def observation(self, seat):
        seat = seat_of(seat)
        return View(seat, tuple(sorted(self.hands[seat])), tuple(map(len, self.hands)), len(self.pile),
                    self.current, tuple(self.moves))

    def determinize(self, seat, rng):
        world = self.clone()
        other = 1 - seat_of(seat)
        unseen = list(world.hands[other]) + list(world.pile)
        rng.shuffle(unseen)
        size = len(world.hands[other])
        world.hands[other], world.pile = unseen[:size], type(world.pile)(unseen[size:])
        return world

    def result(self):
        scores = tuple(sum(hand) for hand in self.hands)
        return Result(scores, places_from_scores(scores, lower_is_better=False))

    def clone(self):
        other = type(self).__new__(type(self))
        for name in FIELDS:
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [hand[:] for hand in self.hands]
        other.pile = type(self.pile)(self.pile)
        other.moves = self.moves[:]
        return other

    def all_cards(self):
        return tuple(self.hands[0] + self.hands[1] + list(self.pile))


class Toy(ToyRules):
    """The toy with its attributes in __slots__."""

    __slots__ = FIELDS


class PlainToy(ToyRules):
    """The toy with its attributes in an ordinary __dict__."""


@dataclass(frozen=True)
class ToyGame:
    state: type = Toy
    players: int = 2

    def new(self, seed=None):
        return self.state(self, seed)


SOUND = ToyGame()


def broken(base=Toy, **methods):
    """The toy game with some methods of its State replaced."""
    return ToyGame(state=type(f"Broken{base.__name__}", (base,), methods))


# --- the defects ------------------------------------------------------------------------------

def mutates_before_raising(self, action):
    self.stops += 1  # counted before the legality test, and left behind when it fails
    if action not in self.legal_actions():
        raise IllegalActionError(f"{action!r} is not legal now")
    self.stops -= 1
    ToyRules.apply(self, action)


def accepts_anything(self, action):
    if self.current is None or (action == TAKE and not self.pile):
        raise IllegalActionError(f"{action!r} is not legal now")
    ToyRules.apply(self, TAKE if action == TAKE else STOP)  # anything else is taken for a stop


def says_nothing(self, action):
    if action not in self.legal_actions():
        raise IllegalActionError()
    ToyRules.apply(self, action)


def shares_a_list(self):
    other = ToyRules.clone(self)
    other.hands = self.hands  # the hands are the original's
    return other


def leaks(self, seat, rng):
    return self.clone()  # the true hidden cards: nothing imagined


def changes_own_hand(self, seat, rng):
    world = ToyRules.determinize(self, seat, rng)
    mine = world.hands[seat] + world.pile
    rng.shuffle(mine)
    world.hands[seat], world.pile = mine[:len(world.hands[seat])], mine[len(world.hands[seat]):]
    return world


def loses_a_card(self, seat, rng):
    world = ToyRules.determinize(self, seat, rng)
    if world.pile:
        world.pile[-1] = 99  # a card swapped for one that is not in the deck
    return world


def shows_every_hand(self, seat):
    return (ToyRules.observation(self, seat), tuple(map(tuple, self.hands)))


def mutable_view(self, seat):
    return SimpleNamespace(**ToyRules.observation(self, seat).__dict__)


def dict_view(self, seat):
    return dict(ToyRules.observation(self, seat).__dict__)


def take_drops_the_card(self, action):
    seat = self.current
    ToyRules.apply(self, action)
    if action == TAKE:
        self.hands[seat].pop()


def forgets_history(self, action):
    ToyRules.apply(self, action)
    self.moves.pop()


class NeverEnds(Toy):
    """Two stops start the game over instead of ending it."""

    @property
    def history(self):
        return self.moves  # no copy: the check plays 100,000 moves

    def apply(self, action):
        ToyRules.apply(self, action)
        if self.current is None:
            self.current, self.stops = 0, 0


_deals = itertools.count()


def deals_from_a_counter(self, game, seed):
    # The same seed deals differently every time: replay cannot reproduce a game.
    ToyRules.__init__(self, game, None if seed is None else seed + next(_deals))


class DequePile(PlainToy):
    """A pile in a deque (a mutable container that is neither list nor dict), rotated, then refused."""

    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.pile = deque(self.pile)

    def apply(self, action):
        if action not in self.legal_actions():
            self.pile.rotate(1)
            raise IllegalActionError(f"{action!r} is not legal now")
        ToyRules.apply(self, action)


def trusts_the_seat(self, seat, rng):
    return ToyRules.determinize(self, 0 if seat is None else int(seat) % 2, rng)  # -1, 99, "0": some seat anyway


def indexes_by_the_seat(self, seat):
    # the toy's observation without its seat check: hands[-1] is a hand, hands[None] a TypeError
    return View(seat, tuple(sorted(self.hands[seat])), tuple(map(len, self.hands)), len(self.pile), self.current,
                tuple(self.moves))


@dataclass(frozen=True)
class TakeSome:
    """Take ``count`` cards from the pile (the toy offers only 1): an action with a part."""

    count: int

    def __str__(self):
        return f"take {self.count}"


class CountingToy(Toy):
    """The toy with its take written TakeSome(1), looked up among the legal actions: TakeSome(1.0) and
    TakeSome(True) are equal to it, so they get through."""

    def legal_actions(self):
        return [TakeSome(1) if action == TAKE else action for action in ToyRules.legal_actions(self)]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now")
        seat = self.current
        self.moves.append(action)
        if action == STOP:
            self.stops += 1
        else:
            self.hands[seat].append(self.pile.pop(0))
            self.stops = 0
        self.current = None if self.stops == 2 else 1 - seat


class ExactCountingToy(CountingToy):
    """CountingToy that also asks the count to be an int (not a float, not a bool)."""

    def apply(self, action):
        if type(action) is TakeSome and type(action.count) is not int:
            raise IllegalActionError(f"{action!r}: a count is a whole number")
        CountingToy.apply(self, action)


# --- the sound toy passes; each defect fails its check -----------------------------------------

@pytest.mark.parametrize("check", testing.CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("game", [SOUND, ToyGame(state=PlainToy), ToyGame(state=ExactCountingToy)],
                         ids=["slots", "dict", "an action with a part"])
def test_the_sound_toy_game_passes_every_check(game, check):
    check(game)


DEFECTS = [
    ("mutates before raising", broken(apply=mutates_before_raising), testing.check_illegal_actions,
     "changed the state"),
    ("mutates before raising (dict)", broken(PlainToy, apply=mutates_before_raising),
     testing.check_illegal_actions, "changed the state"),
    ("a deque pile changed, then refused", ToyGame(state=DequePile), testing.check_illegal_actions,
     "changed the state"),
    ("accepts a malformed action", broken(apply=accepts_anything), testing.check_illegal_actions,
     "was accepted"),
    ("an error that says nothing", broken(apply=says_nothing), testing.check_illegal_actions, "says nothing"),
    ("a clone sharing a list", broken(clone=shares_a_list), testing.check_clone, "changed the original"),
    ("a clone sharing a list (dict)", broken(PlainToy, clone=shares_a_list), testing.check_clone,
     "changed the original"),
    ("determinize leaks the truth", broken(determinize=leaks), testing.check_determinize,
     "changed hidden cards in only 0"),
    ("determinize changes the observation", broken(determinize=changes_own_hand), testing.check_determinize,
     "changed what seat 0 sees"),
    ("determinize makes a card", broken(determinize=loses_a_card), testing.check_determinize,
     "lost or made cards"),
    ("observation shows every hand", broken(observation=shows_every_hand), testing.check_determinize,
     "changed what seat 0 sees"),
    ("an observation that can be changed", broken(observation=mutable_view), testing.check_observation_hides,
     "changed in place"),
    ("a dict observation", broken(observation=dict_view), testing.check_observation_hides, "changed in place"),
    ("a take that drops the card", broken(apply=take_drops_the_card), testing.check_playouts,
     "cards lost or made"),
    ("history not recorded", broken(apply=forgets_history), testing.check_playouts, "history must record"),
    ("a game that never ends", ToyGame(state=NeverEnds), testing.check_playouts, "did not end"),
    ("new() ignores what the seed means", broken(__init__=deals_from_a_counter), testing.check_replay,
     "replay"),
    ("a float or bool twin of a legal action accepted", ToyGame(state=CountingToy), testing.check_type_twins,
     "TakeSome\\(count=1.0\\), a type twin of a legal action, was accepted"),
    ("determinize takes -1, 99 or '0' for some seat", broken(determinize=trusts_the_seat),
     testing.check_no_seat_refused, "determinize\\(-1\\) was accepted"),
    ("observation indexes by whatever it is given", broken(observation=indexes_by_the_seat),
     testing.check_no_seat_refused, "observation\\(-1\\) was accepted"),
]


@pytest.mark.parametrize("name, game, check, message", DEFECTS, ids=[defect[0] for defect in DEFECTS])
def test_each_defect_fails_its_check(name, game, check, message):
    with pytest.raises(AssertionError, match=message):
        check(game)


@pytest.mark.parametrize("state", [Toy, PlainToy, DequePile], ids=["slots", "dict", "deque"])
def test_snapshot_sees_every_change_whatever_the_states_shape(state):
    game = ToyGame(state=state)
    position = game.new(seed=1)
    assert testing.snapshot(position) == testing.snapshot(position.clone()) == testing.snapshot(game.new(seed=1))
    for change in (lambda p: p.hands[0].append(5), lambda p: p.pile.reverse(), lambda p: p.rng.random(),
                   lambda p: setattr(p, "stops", 1)):
        before = testing.snapshot(position)
        change(position)
        assert testing.snapshot(position) != before


def test_snapshot_pictures_containers_by_value():
    assert testing.snapshot({"a": [1, 2]}) == testing.snapshot({"a": (1, 2)})
    assert testing.snapshot({1, 2}) != testing.snapshot({1, 3})
    assert testing.snapshot(deque([1, 2])) == (1, 2)


def test_check_game_runs_every_check_on_every_variant():
    package = SimpleNamespace(Game=ToyGame, VARIANTS=(SOUND, broken(clone=shares_a_list)))
    assert testing.variants(package) == package.VARIANTS
    with pytest.raises(AssertionError):
        testing.check_game(package)
    testing.check_game(SimpleNamespace(Game=ToyGame))


def test_the_real_twenty_five_passes_every_check():
    # Every variant is run by test_conformance.py; here one real game shows the checks can pass.
    testing.check_game(SimpleNamespace(Game=cardlib.twentyfive.Game, VARIANTS=(cardlib.twentyfive.Game(players=4),)))
