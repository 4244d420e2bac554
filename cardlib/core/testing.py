"""The conformance checks every game in GAMES must pass (the engine contract, ARCHITECTURE.md).

Each check raises AssertionError with a readable message. A game package provides ``Game`` and
may list rule variants in ``VARIANTS``; its State provides ``all_cards()`` (every physical card,
wherever it is) so that the checks can see no card is lost or made.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter, deque
from collections.abc import Hashable, Iterator
from types import ModuleType
from typing import Any

from cardlib.core.errors import IllegalActionError
from cardlib.core.match import play, replay
from cardlib.core.agents import RandomAgent

MALFORMED: tuple[Any, ...] = (None, "draw", 42, 3.5, (), object(), [1, 2])
NO_SEATS: tuple[Any, ...] = (-1, 99, None, True, False, "0", 1.0)  # False == 0 and 1.0 == 1, but neither is a seat
NOT_TEXT: tuple[Any, ...] = (None, 42, 3.5, b"take", ["pass"], ("pass",), object())


def variants(package: ModuleType) -> tuple[Any, ...]:
    """The rule variants a game asks to be checked (at least its default Game())."""
    return tuple(getattr(package, "VARIANTS", None) or (package.Game(),))


_ATOMS = (int, str, float, bool, type(None))


def snapshot(value: Any) -> Any:
    """A deep, comparable picture of a state: every attribute, lists as tuples, RNG by state."""
    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if type(value) is tuple and all(type(item) in _ATOMS for item in value):
        return value  # a tuple of numbers and words is already a value: compared as it is
    if isinstance(value, (list, tuple, deque)):
        return tuple(snapshot(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), snapshot(v)) for k, v in value.items()))
    if isinstance(value, set):
        return tuple(sorted(repr(item) for item in value))
    if isinstance(value, (int, str, float, bool, type, ModuleType)) or callable(value) or _is_frozen_dataclass(value):
        return value
    # An object is pictured by its attributes, slots and __dict__ alike, whatever its module:
    # returned as itself, it would be compared with itself and hide every change.
    names = [n for n in _all_slots(type(value)) if n != "__dict__" and hasattr(value, n)]
    parts = [(n, snapshot(getattr(value, n))) for n in names]
    parts += [(k, snapshot(v)) for k, v in sorted(getattr(value, "__dict__", {}).items())]
    if names or hasattr(value, "__dict__"):
        return (type(value).__name__,) + tuple(parts)
    return value


def _all_slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name not in names and name != "__weakref__":
                names.append(name)
    return names


def _is_frozen_dataclass(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params and params.frozen)


def random_states(game: Any, games: int, seed: int) -> Iterator[Any]:
    """Every state met in ``games`` seeded random playouts (each one a clone), finals included."""
    rng = random.Random(seed)
    for index in range(games):
        state = game.new(seed=seed * 10_007 + index)
        yield state.clone()
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            yield state.clone()


def check_playouts(game: Any, games: int = 30, seed: int = 0) -> None:
    """Random games end; the turn, the legal actions, the cards and the result stay coherent."""
    rng = random.Random(seed)
    for index in range(games):
        state = game.new(seed=seed * 10_007 + index)
        deck = Counter(state.all_cards())
        steps = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None and 0 <= seat < game.players, f"bad current_player {seat!r}"
            legal = state.legal_actions()
            assert legal, f"no legal action in a game that is not over: {state!r}"
            assert len(set(legal)) == len(legal), f"repeated legal actions {legal}"
            for action in legal:
                hash(action)
                assert str(action), f"{action!r} has no readable str()"
            before = len(state.history)
            action = legal[rng.randrange(len(legal))]
            state.apply(action)
            assert len(state.history) == before + 1 and state.history[-1] == action, "history must record the action"
            assert Counter(state.all_cards()) == deck, f"cards lost or made after {action!r}"
            steps += 1
            assert steps < 100_000, "a random game did not end"
        assert state.current_player is None and state.legal_actions() == []
        result = state.result()
        assert len(result.scores) == len(result.places) == game.players
        assert min(result.places) == 1, f"nobody in first place: {result}"


def refused_unchanged(state: Any, actions: list[Any], what: str) -> None:
    """Each of ``actions`` raises IllegalActionError saying why (else: the action, ``what``, the state), and the state is exactly as it was after them all
    (on a change, the one that made it is named)."""
    before, original = snapshot(state), state.clone()
    for action in actions:
        try:
            state.apply(action)
        except IllegalActionError as error:
            assert str(error), f"IllegalActionError for {action!r} says nothing"
        else:
            raise AssertionError(f"{action!r}{what} {original!r}")
    if snapshot(state) != before:  # one picture after them all; on a change, find which one did it
        for action in actions:
            probe = original.clone()
            try:
                probe.apply(action)
            except IllegalActionError:
                pass
            assert snapshot(probe) == before, f"rejecting {action!r} changed the state"
        raise AssertionError(f"rejecting {len(actions)} actions in turn changed the state")


def check_illegal_actions(game: Any, games: int = 10, seed: int = 1) -> None:
    """Illegal and malformed actions raise IllegalActionError and leave the state exactly as it was."""
    universe: set[Hashable] = set()
    states = list(random_states(game, games, seed))
    for state in states:
        universe.update(state.legal_actions())
    for state in states[:: max(1, len(states) // 200)]:
        legal = state.legal_actions()
        wrong = [a for a in universe if a not in legal] + list(MALFORMED)
        refused_unchanged(state, wrong, " was accepted but is not legal in")


def check_clone(game: Any, games: int = 5, seed: int = 2) -> None:
    """A clone is independent of its original and behaves exactly like it."""
    rng = random.Random(seed)
    for state in list(random_states(game, games, seed))[::7]:
        if state.is_over:
            continue
        before = snapshot(state)
        twin = state.clone()
        copy = state.clone()
        while not twin.is_over:
            legal = twin.legal_actions()
            action = legal[rng.randrange(len(legal))]
            twin.apply(action)
            copy.apply(action)
        assert snapshot(state) == before, "playing on a clone changed the original"
        assert snapshot(twin) == snapshot(copy), "two clones given the same actions differ"


def check_replay(game: Any, games: int = 10, seed: int = 3) -> None:
    """play() then replay(seed, actions) reaches the same final state."""
    for index in range(games):
        game_seed = seed * 1_000 + index
        record = play(game, [RandomAgent()] * game.players, seed=game_seed)
        again = replay(game, game_seed, record.actions)
        assert again.is_over and again.result() == record.result, "replay reached another end"
        other = replay(game, game_seed, record.actions)
        assert snapshot(again) == snapshot(other), "replay is not deterministic"


def check_determinize(game: Any, games: int = 5, seed: int = 4, samples: int = 12) -> None:
    """determinize(seat) keeps observation(seat) while really changing what the seat cannot see."""
    rng = random.Random(seed)
    changed = checked = 0
    states = list(random_states(game, games, seed))
    # every 5th state, and at most about 40 in all: each world is played out to the end, and long games
    # (Loop's rounds go on until a target score) would otherwise cost minutes
    for state in states[::max(5, len(states) // 40)]:
        if state.is_over:
            continue
        for seat in range(game.players):
            seen = state.observation(seat)
            truth = [state.observation(other) for other in range(game.players)]
            for _ in range(samples):
                world = state.determinize(seat, rng)
                assert world.observation(seat) == seen, f"determinize({seat}) changed what seat {seat} sees"
                assert Counter(world.all_cards()) == Counter(state.all_cards()), "determinize lost or made cards"
                checked += 1
                # Hidden cards may sit in other hands (their observations change) or nowhere in
                # any hand, like a deck order or a face-down joker (the card order changes).
                if ([world.observation(other) for other in range(game.players)] != truth
                        or tuple(world.all_cards()) != tuple(state.all_cards())):
                    changed += 1
                probe = world.clone()
                while not probe.is_over:  # a determinized world is a playable game
                    legal = probe.legal_actions()
                    probe.apply(legal[rng.randrange(len(legal))])
    assert checked, "no state to determinize"
    assert changed > checked // 4, f"determinize changed hidden cards in only {changed} of {checked} worlds"


def check_observation_hides(game: Any, games: int = 5, seed: int = 5) -> None:
    """Observations are frozen values (hashable or comparable) and differ only through the state."""
    for state in list(random_states(game, games, seed))[::9]:
        for seat in range(game.players):
            first = state.observation(seat)
            assert first == state.observation(seat), "observation is not a stable value"
            assert not isinstance(first, (list, dict, set, deque, bytearray)), "an observation can be changed in place"
            try:
                first.seat = 99  # type: ignore[misc]
            except (AttributeError, TypeError):
                pass
            else:
                raise AssertionError("an observation can be changed in place")


def _twin_values(value: Any) -> list[Any]:
    """Values equal to ``value`` (and hashing alike) but of another type: 7.0 for 7, True for 1, 1 for True."""
    kind = type(value)
    if kind is bool:
        return [int(value), float(value)]
    if kind is int:
        return [float(value)] + ([bool(value)] if value in (0, 1) else [])
    if kind is tuple:
        return [value[:index] + (twin,) + value[index + 1:] for index, part in enumerate(value)
                for twin in _twin_values(part)]
    return []


def type_twins(action: Any) -> list[Any]:
    """Copies of an action with one part (a dataclass field, or a number inside one) swapped for its twin.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Move:
    ...     to: int
    ...     turned: bool
    >>> type_twins(Move(1, True))
    [Move(to=1.0, turned=True), Move(to=True, turned=True), Move(to=1, turned=1), Move(to=1, turned=1.0)]
    >>> type_twins(Move(2, False))[0] == Move(2, False)  # equal, and so found by a lookup
    True
    """
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return []
    twins = []
    for field in dataclasses.fields(action):
        if not field.init:
            continue
        for twin in _twin_values(getattr(action, field.name)):
            try:
                twins.append(dataclasses.replace(action, **{field.name: twin}))
            except (TypeError, ValueError):  # refused when made: it can never reach apply
                pass
    return twins


def check_type_twins(game: Any, games: int = 4, seed: int = 6) -> None:
    """Every legal action's type twins (7.0 for 7, True for 1, 1 for True) are refused, the state unchanged.

    ``Take(3, 7.0, 8) == Take(3, 7, 8)`` and both hash alike, so a check by lookup lets a float through: it
    would then be recorded in the history, stored as ``7.0`` and replayed as something else.
    """
    states = [state for state in random_states(game, games, seed) if not state.is_over]
    for state in states[:: max(1, len(states) // 60)]:
        twins = [twin for action in state.legal_actions() for twin in type_twins(action)]
        refused_unchanged(state, twins, ", a type twin of a legal action, was accepted in")


def check_no_seat_refused(game: Any, games: int = 3, seed: int = 7) -> None:
    """``determinize`` and ``observation`` of a seat that is no seat (-1, 99, None, True, "0", 1.0) raise ValueError."""
    states = list(random_states(game, games, seed))
    rng = random.Random(seed)
    for state in (states[0], states[len(states) // 2], states[-1]):
        before = snapshot(state)
        for seat in (*NO_SEATS, game.players):
            for name, ask in (("determinize", lambda: state.determinize(seat, rng)),
                              ("observation", lambda: state.observation(seat))):
                try:
                    ask()
                except ValueError as error:
                    assert str(error), f"{name}({seat!r}) raised a ValueError that says nothing"
                except Exception as error:  # noqa: BLE001 - any other error is the defect reported
                    raise AssertionError(f"{name}({seat!r}) raised {type(error).__name__}: {error}, "
                                         "not ValueError") from None
                else:
                    raise AssertionError(f"{name}({seat!r}) was accepted in a {game.players}-player game")
        assert snapshot(state) == before, "asking for a seat that is no seat changed the state"


def check_parse(parse: Any, legal: Any = ()) -> None:
    """A game's ``actions.parse``: ``parse(str(a)) == a`` for the actions given, and ValueError (never
    AttributeError or TypeError) for text that is no notation and for anything that is not text."""
    for action in legal:
        assert parse(str(action)) == action, f"parse({str(action)!r}) is not {action!r}"
    for given in (*NOT_TEXT, "", "  ", "no such move 42"):
        try:
            parse(given)
        except ValueError as error:
            assert str(error), f"parse({given!r}) raised a ValueError that says nothing"
        except Exception as error:  # noqa: BLE001 - any other error is the defect reported
            raise AssertionError(f"parse({given!r}) raised {type(error).__name__}: {error}, not ValueError") from None
        else:
            raise AssertionError(f"parse({given!r}) was accepted")


def offered(game: Any, games: int, seed: int) -> list[Any]:
    """Every action legal in some state of ``games`` seeded random games of ``game``, once each (by repr)."""
    legal = {action for state in random_states(game, games, seed) for action in state.legal_actions()}
    return sorted(legal, key=repr)


def check_game_parse(game: Any, parse: Any, games: int = 3, seed: int = 8) -> list[Any]:
    """``check_parse`` with every action legal in a few seeded random games of ``game``; returns those actions."""
    legal = offered(game, games, seed)
    check_parse(parse, legal)
    return legal


def check_world(game: Any, world: Any, games: int = 3, seed: int = 9, every: int = 4) -> None:
    """A game's ``world(obs, rng)`` (its world room): a whole game imagined from one seat's observation keeps
    that observation and every card, and plays on to its end (every ``every``-th state of a few random games)."""
    rng = random.Random(seed)
    for state in list(random_states(game, games, seed))[::every]:
        if state.is_over:
            continue
        for seat in range(game.players):
            obs = state.observation(seat)
            imagined = world(obs, rng)
            assert imagined.observation(seat) == obs, f"{game!r}: a world imagined by seat {seat} changed what it sees"
            assert Counter(imagined.all_cards()) == Counter(state.all_cards()), f"{game!r}: a world lost or made cards"
            while not imagined.is_over:
                legal = imagined.legal_actions()
                imagined.apply(legal[rng.randrange(len(legal))])


CHECKS = (check_playouts, check_illegal_actions, check_clone, check_replay, check_determinize,
          check_observation_hides, check_type_twins, check_no_seat_refused)


def check_game(package: ModuleType) -> None:
    """Run every conformance check on every variant of a game package."""
    for game in variants(package):
        for check in CHECKS:
            check(game)
