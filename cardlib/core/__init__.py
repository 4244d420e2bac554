"""What every game shares: errors, protocols, matches, tournaments, conformance checks."""
from cardlib.core.agents import RandomAgent
from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.match import Record, play, replay
from cardlib.core.protocol import Agent, Result, State, places_from_scores

__all__ = [
    "Agent",
    "IllegalActionError",
    "RandomAgent",
    "Record",
    "Result",
    "RulesError",
    "State",
    "places_from_scores",
    "play",
    "replay",
]
