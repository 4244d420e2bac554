"""The new edges of the contract, checked honestly: type twins are made for every number of an action's
parts, and check_parse passes a sound parse and fails each broken one (the toy game of test_testing.py)."""
import pytest

from cardlib.core import testing
from tests.core.test_testing import SOUND, STOP, TAKE, TakeSome


def test_type_twins_are_made_for_every_number_in_an_actions_parts():
    assert testing.type_twins(TakeSome(1)) == [TakeSome(1.0), TakeSome(True)]
    assert [type(twin.count) for twin in testing.type_twins(TakeSome(1))] == [float, bool]
    assert testing.type_twins(TAKE) == [] and testing.type_twins("take") == []


# --- parse: the notation read back, ValueError for the rest ---------------------------------------

WORDS = {"take": TAKE, "stop": STOP}


def toy_parse(text):
    if not isinstance(text, str) or text.strip() not in WORDS:
        raise ValueError(f"{text!r:.40} is not the toy's notation (take, stop)")
    return WORDS[text.strip()]


PARSE_DEFECTS = [
    ("AttributeError on None", lambda text: WORDS.get(text.strip()) or toy_parse(text),
     "parse\\(None\\) raised AttributeError"),
    ("KeyError for a word it does not know", lambda text: WORDS[text.strip()] if isinstance(text, str) else toy_parse(text),
     "parse\\(''\\) raised KeyError"),
    ("anything else taken for a stop", lambda text: TAKE if text == "take" else STOP, "parse\\(None\\) was accepted"),
    ("a word read as another", lambda text: STOP if isinstance(text, str) and text in WORDS else toy_parse(text),
     "parse\\('take'\\) is not"),
]


def test_the_toys_parse_passes():
    testing.check_parse(toy_parse, [TAKE, STOP])
    testing.check_game_parse(SOUND, toy_parse)


@pytest.mark.parametrize("name, parse, message", PARSE_DEFECTS, ids=[defect[0] for defect in PARSE_DEFECTS])
def test_each_parse_defect_fails_check_parse(name, parse, message):
    with pytest.raises(AssertionError, match=message):
        testing.check_game_parse(SOUND, parse)


def kuhn_world(obs, rng, keep_betting: bool = True):
    """A Kuhn hand imagined from one seat's observation: its own card, the others at random, the betting replayed."""
    from cardlib.core import example

    others = [card for card in example.CARDS if card != obs.card]
    rng.shuffle(others)
    deck = (obs.card, others[0]) if obs.seat == 0 else (others[0], obs.card)
    state = example.Game().new(deck=deck)
    for action in obs.betting if keep_betting else ():
        state.apply(action)
    return state


def test_check_world_passes_a_sound_world_and_fails_one_that_forgets_what_the_seat_saw():
    from cardlib.core import example

    testing.check_world(example.Game(), kuhn_world, games=6, every=1)
    with pytest.raises(AssertionError, match="changed what it sees"):
        testing.check_world(example.Game(), lambda obs, rng: kuhn_world(obs, rng, keep_betting=False), games=6, every=1)
