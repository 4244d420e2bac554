"""``python -m cardlib``: the ``cardlib`` command (``python -m cardlib app scout``)."""
import sys

from cardlib.entry import main

sys.exit(main())
