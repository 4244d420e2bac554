"""The kernel manager of ``cardlib class``: Voila's preheated pool, its kernels' idle time counted from the hand-out.

``cardlib class`` starts Voila with ``preheat_kernel`` and a pool of ``--students`` kernels, each of
which has already run the student page's notebook when a student opens the address: the page comes
from the pool at once. It also culls the kernels of pages closed or reloaded, as ``cardlib app``
does (idle, with no connection, for ``--cull-idle`` seconds). Voila's culler passes over the kernels
waiting in the pool, but counts a kernel's idle time from its last message: a kernel that waited ten
minutes for its student is culled at the next check, before a slow page has connected. Here every
check first sets the waiting kernels' last activity to now, so a kernel's idle time starts when it
leaves the pool.
"""
from __future__ import annotations

from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class PoolKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager whose culler counts a pooled kernel's idle time from when a page takes it."""

    def pooled_kernels(self) -> set[str]:
        """The ids of the kernels started for the pool that no page has taken yet."""
        waiting: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():  # Voila's preheating subclass keeps them here
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    waiting.add(task.result()["kernel_id"])
        return waiting

    async def cull_kernels(self) -> Any:
        """Cull the idle kernels, after marking the ones waiting in the pool as active now."""
        for kernel_id in self.pooled_kernels():
            if kernel_id in self._kernels:
                self._kernels[kernel_id].last_activity = utcnow()  # waiting for a student is not idleness
        return await super().cull_kernels()
