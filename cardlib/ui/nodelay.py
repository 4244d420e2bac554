"""Voila's kernel websocket with Nagle's algorithm off, so that a click's answer reaches the page at once.

A click's answer is a burst of small messages (the table's HTML, each button's new look, the marker of
the render). Tornado leaves Nagle's algorithm on for a websocket: the server then holds each small
write until the browser has acknowledged the one before, and the browser may delay that
acknowledgement by up to 40 ms. Measured with ``bench/browser.py`` (Discontinuity, 2 cores): gaps of
30 to 45 ms inside a click's burst, gone with this connection (the longest gap 6 to 19 ms).

``cardlib app`` and ``cardlib class`` (``cardlib.serving``) pass it to Voila as
``--Voila.kernel_websocket_connection_class=cardlib.ui.nodelay.NoDelayConnection``.
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

OPTION = "--Voila.kernel_websocket_connection_class=cardlib.ui.nodelay.NoDelayConnection"


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection, its socket sending each message as it is written."""

    async def connect(self) -> Any:
        """Turn Nagle's algorithm off on the page's websocket, then connect to the kernel as usual."""
        self.websocket_handler.set_nodelay(True)
        return await super().connect()
