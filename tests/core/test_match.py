"""play() and replay(): agents see only their seat's observation; illegal choices are refused."""
import pytest

from cardlib.core.agents import RandomAgent
from cardlib.core.errors import IllegalActionError
from cardlib.core.match import Record, agent_rng, play, replay
from cardlib.core.protocol import State
from cardlib.core.testing import snapshot
from cardlib.twentyfive import DRAW, PASS, Game, Observation, ThresholdBot


class Spy:
    """Plays at random and writes down everything it was shown."""

    def __init__(self, seat, seen):
        self.seat, self.seen = seat, seen

    def act(self, observation, legal, rng):
        self.seen.append((self.seat, observation, list(legal)))
        return legal[rng.randrange(len(legal))]


class Always:
    """Returns the same thing whatever it is shown."""

    def __init__(self, action):
        self.action = action

    def act(self, observation, legal, rng):
        return self.action


@pytest.mark.parametrize("players", [3, 4])
def test_play_returns_a_record_that_replay_reproduces(players):
    game = Game(players=players)
    record = play(game, [RandomAgent(), ThresholdBot(20), RandomAgent(), ThresholdBot(23)][:players], seed=9)
    assert isinstance(record, Record) and record.game == game and record.seed == 9
    assert record.decisions == len(record.actions) > 0
    state = replay(game, 9, record.actions)
    assert state.is_over and state.history == record.actions and state.result() == record.result
    assert snapshot(state) == snapshot(replay(game, 9, record.actions))


def test_play_is_deterministic_for_a_seed_and_differs_between_seeds():
    game, agents = Game(players=3), [RandomAgent()] * 3
    assert play(game, agents, seed=4) == play(game, agents, seed=4)
    assert len({play(game, agents, seed=s).actions for s in range(6)}) == 6


def test_agents_get_their_own_random_streams():
    assert agent_rng(3, 0).random() == agent_rng(3, 0).random()
    assert agent_rng(3, 0).random() != agent_rng(3, 1).random() != agent_rng(4, 1).random()


def test_agents_receive_only_their_seats_observation_and_the_legal_actions():
    game, seen = Game(players=3), []
    record = play(game, [Spy(seat, seen) for seat in range(3)], seed=2)
    assert len(seen) == record.decisions
    state = game.new(seed=2)
    for (seat, observation, legal), action in zip(seen, record.actions):
        assert type(observation) is Observation and not isinstance(observation, State)
        assert observation.seat == seat == state.current_player
        assert observation == state.observation(seat)
        assert legal == state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("choice", [PASS, None, "draw", object()])
def test_an_agent_returning_an_illegal_action_raises(choice):
    # On a round's first turn only DRAW is legal.
    with pytest.raises(IllegalActionError) as info:
        play(Game(players=3), [Always(choice), RandomAgent(), RandomAgent()], seed=0)
    assert "seat 0" in str(info.value) and "not legal" in str(info.value)


class NeverPasses:
    """Reveals the first option offered and otherwise draws, even from an empty pile."""

    def act(self, observation, legal, rng):
        return DRAW if DRAW in legal or PASS in legal else legal[0]


def test_an_illegal_action_later_in_the_game_raises_too():
    # 43 draws empty the pile, the last one by seat 0; seat 1 may then only pass.
    with pytest.raises(IllegalActionError, match="seat 1 chose Draw"):
        play(Game(players=3), [NeverPasses()] * 3, seed=0)


def test_play_needs_one_agent_per_seat():
    with pytest.raises(ValueError, match="3 agents"):
        play(Game(players=3), [RandomAgent()] * 2, seed=0)


def test_play_gives_up_after_max_decisions():
    with pytest.raises(RuntimeError, match="did not end"):
        play(Game(players=3), [RandomAgent()] * 3, seed=0, max_decisions=3)
