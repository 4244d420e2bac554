"""What every cardlib app shares: card faces, the table frame, the log and the scoreboard.

Nothing here knows a game's rules. An app builds HTML from the pieces below out of what its
human player may see, and hands it, with its buttons, to ``TableFrame.show``.
"""
from __future__ import annotations

from cardlib.ui.cards import back_row, card_back, card_face, card_group, card_row, card_slot, pile, wild_card
from cardlib.ui.frame import STALE, Control, TableFrame
from cardlib.ui.log import LogLine, log_html
from cardlib.ui.style import STYLE, style_block
from cardlib.ui.table import (
    MINUS, grid_html, message_html, number, points_text, prompt_html, score_table, seat_box, section, table_html,
)

__all__ = [
    "Control", "LogLine", "MINUS", "STALE", "STYLE", "TableFrame", "back_row", "card_back",
    "card_face", "card_group", "card_row", "card_slot", "grid_html", "log_html", "message_html", "number", "pile",
    "points_text", "prompt_html", "score_table", "seat_box", "section", "style_block", "table_html", "wild_card",
]
