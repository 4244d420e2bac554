"""The two errors every game raises."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state; the state is left unchanged."""


class RulesError(ValueError):
    """Rule options or a stacked deck that do not describe a valid game."""
