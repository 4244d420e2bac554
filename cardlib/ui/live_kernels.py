"""The kernel manager of ``cardlib class``: Voila's preheated pool, its kernels' idle time counted from the hand-out.

``cardlib class`` starts Voila with ``preheat_kernel`` and a pool of ``--students`` kernels, each of
which has already run the student page's notebook when a student opens the address: the page comes
from the pool at once. It also culls the kernels of pages closed or reloaded, as ``cardlib app``
does (idle, with no connection, for ``--cull-idle`` seconds). Voila's culler passes over the kernels
waiting in the pool, but counts a kernel's idle time from its last message: a kernel that waited ten
minutes for its student is culled at the next check, before a slow page has connected. Here every
check first sets the waiting kernels' last activity to now, so a kernel's idle time starts when it
leaves the pool; and a kernel whose page has not connected yet is not idle either for
``connect_grace`` seconds (on two cores with thirty browsers a page took 80 s to connect, and the
culler's 60 s left it dead).

On a small machine the pool is also kept from crowding it out. Its kernels start at most
``parallel_starts`` at a time (thirty at once on two cores make each one slow enough to miss
nbclient's timeouts). Once the class's first pool is started, only ``spare`` kernels are heated
again (for a reload or a latecomer), not a second pool as large as the class while the class is
joining and playing. And no more than ``max_kernels`` kernels run at once: a page asked beyond that
is refused with a message (HTTP 503) instead of starting one more kernel, so one device on the
network cannot start kernels faster than they are culled (a spare is not heated either then: the page
that would have taken it is told so, and the next page asks again).
"""
from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Int

FULL = "The class is full just now: wait a minute and reload the page, or ask your teacher."


class PoolKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager whose culler counts a pooled kernel's idle time from when a page takes it,
    with a cap on kernels, pool kernels started a few at a time and only a few spares heated again."""

    max_kernels = Int(0, config=True, help="At most this many kernels at once (0: no cap).")
    spare = Int(-1, config=True, help="Kernels heated again once the first pool is started (-1: the whole pool).")
    parallel_starts = Int(2, config=True, help="Pool kernels started at the same time.")
    connect_grace = Int(300, config=True, help="Seconds a page may take to connect to its kernel before the culler "
                        "counts the kernel idle (a loaded machine's pages took 80 s).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._first_pool = True
        self._starting: asyncio.Semaphore | None = None
        self._launching = 0  # kernels being started, not yet in the map
        self._handed_out: dict[str, Any] = {}  # kernel id: when a cull check first saw it out of the pool
        self._connected: set[str] = set()  # kernels a page has connected to
        self._stopping = False  # Ctrl+C: no kernel is started any more, and every one is shut down

    def _check_room(self) -> None:
        if self.max_kernels and len(self._kernels) + self._launching >= self.max_kernels:
            self.log.warning("%s kernels run: no more (max_kernels)", len(self._kernels))
            raise web.HTTPError(503, reason=FULL)

    async def _start(self, **kwargs: Any) -> str:
        self._launching += 1
        try:
            return await super().start_kernel(**kwargs)
        finally:
            self._launching -= 1

    async def start_kernel(self, **kwargs: Any) -> str:
        """Start a kernel, for the pool or for a page beyond it; at the cap, HTTP 503 with a message."""
        if self._stopping:  # the pool refilling as the class stops would leave kernels behind
            raise web.HTTPError(503, reason="The class is stopping.")
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # a page beyond the pool
            self._check_room()
            return await self._start(**kwargs)
        if self._first_pool:  # the first pool is the class's size; then only the spares are heated again
            self._first_pool = False
            pools = getattr(self, "kernel_pools_config", {})
            if self.spare >= 0 and "default" in pools:
                pools["default"]["pool_size"] = min(self.spare, pools["default"].get("pool_size", 0))
        if self._starting is None:
            self._starting = asyncio.Semaphore(max(1, self.parallel_starts))
        async with self._starting:  # held until the kernel answers: its start is most of its work
            self._check_room()  # no spare at the cap: the page that takes its place is told the class is full
            kernel_id = await self._start(**kwargs)
            await self._wait_ready(kernel_id)
            return kernel_id

    async def shutdown_all(self, now: bool = False) -> None:
        """Stop starting kernels, then shut every one down (Ctrl+C)."""
        self._stopping = True
        await super().shutdown_all(now=now)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        """Shut a kernel down; one already gone (culled, or ended as the class stops) is no error."""
        if kernel_id not in self._kernels:
            return
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)

    async def _wait_ready(self, kernel_id: str, timeout: float = 120) -> None:
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=timeout)
        except Exception:  # a kernel that does not answer is Voila's to report, as with any kernel
            pass
        finally:
            client.stop_channels()

    def pooled_kernels(self) -> set[str]:
        """The ids of the kernels started for the pool that no page has taken yet."""
        waiting: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():  # Voila's preheating subclass keeps them here
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    waiting.add(task.result()["kernel_id"])
        return waiting

    async def cull_kernels(self) -> Any:
        """Cull the idle kernels, after marking as active now the ones waiting in the pool and the ones whose
        page has not connected yet (for ``connect_grace`` seconds after they left the pool)."""
        now, pooled = utcnow(), self.pooled_kernels()
        for kernel_id, kernel in list(self._kernels.items()):
            if self._kernel_connections.get(kernel_id, 0) > 0:
                self._connected.add(kernel_id)
            handed_out = self._handed_out.setdefault(kernel_id, now) if kernel_id not in pooled else now
            if kernel_id in pooled or (kernel_id not in self._connected
                                       and (now - handed_out).total_seconds() < self.connect_grace):
                kernel.last_activity = now  # waiting for a student, or for a slow page, is not idleness
        for gone in set(self._handed_out) - set(self._kernels):
            self._handed_out.pop(gone)
            self._connected.discard(gone)
        return await super().cull_kernels()
