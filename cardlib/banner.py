"""Block letters for a projector: the address students open and the class code, readable across a room.

>>> print(block("AB1"))
███ ██   █
█ █ █ █ ██
███ ██   █
█ █ █ █  █
█ █ ██  ███
"""
from __future__ import annotations

# Each character five rows high, three columns wide ('#': ink); the letters confused in a code are here too.
FONT = {
    "0": ("###", "# #", "# #", "# #", "###"), "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("###", "  #", "###", "#  ", "###"), "3": ("###", "  #", "###", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"), "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"), "7": ("###", "  #", " # ", " # ", " # "),
    "8": ("###", "# #", "###", "# #", "###"), "9": ("###", "# #", "###", "  #", "###"),
    "A": ("###", "# #", "###", "# #", "# #"), "B": ("## ", "# #", "## ", "# #", "## "),
    "C": ("###", "#  ", "#  ", "#  ", "###"), "D": ("## ", "# #", "# #", "# #", "## "),
    "E": ("###", "#  ", "## ", "#  ", "###"), "F": ("###", "#  ", "## ", "#  ", "#  "),
    "G": ("###", "#  ", "# #", "# #", "###"), "H": ("# #", "# #", "###", "# #", "# #"),
    "I": ("###", " # ", " # ", " # ", "###"), "J": ("  #", "  #", "  #", "# #", "###"),
    "K": ("# #", "## ", "#  ", "## ", "# #"), "L": ("#  ", "#  ", "#  ", "#  ", "###"),
    "M": ("# #", "###", "###", "# #", "# #"), "N": ("## ", "# #", "# #", "# #", "# #"),
    "O": ("###", "# #", "# #", "# #", "###"), "P": ("###", "# #", "###", "#  ", "#  "),
    "Q": ("###", "# #", "# #", "###", "  #"), "R": ("## ", "# #", "## ", "# #", "# #"),
    "S": ("###", "#  ", "###", "  #", "###"), "T": ("###", " # ", " # ", " # ", " # "),
    "U": ("# #", "# #", "# #", "# #", "###"), "V": ("# #", "# #", "# #", "# #", " # "),
    "W": ("# #", "# #", "###", "###", "# #"), "X": ("# #", "# #", " # ", "# #", "# #"),
    "Y": ("# #", "# #", " # ", " # ", " # "), "Z": ("###", "  #", " # ", "#  ", "###"),
    "-": ("   ", "   ", "###", "   ", "   "), ".": ("   ", "   ", "   ", "   ", " # "),
    ":": ("   ", " # ", "   ", " # ", "   "), "/": ("  #", "  #", " # ", "#  ", "#  "),
    " ": ("   ", "   ", "   ", "   ", "   "),
}
INK = "█"


def block(text: str, scale: int = 1) -> str:
    """``text`` in block letters five lines high (``scale`` times that); a character the font lacks is blank."""
    rows = []
    for line in range(5):
        row = " ".join(FONT.get(char, FONT[" "])[line] for char in text.upper())
        row = "".join(char * scale for char in row).replace("#", INK).rstrip()
        rows += [row] * scale
    return "\n".join(rows)


def banner(address: str, code: str, dashboard: str) -> str:
    """What ``cardlib class`` prints for the projector: where to go and the code in block letters, then the
    teacher's dashboard (this machine only)."""
    shown = address.removeprefix("http://").rstrip("/")
    rule = "=" * 72
    return "\n".join([rule, "Students: open this address in a browser", "", block(shown), "",
                      f"  ({address})", "", "and join with the class code", "", block(code, scale=2), "", f"  (class code {code})", "", rule,
                      f"Teacher's dashboard (this machine only): {dashboard}", "Stop the class with Ctrl+C.", ""])
