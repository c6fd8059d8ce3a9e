"""The core's executors, registered like any plugin's: local processes (the default) and Dask."""

from __future__ import annotations

from typing import Any

from bgkit.plugins.hookspecs import hookimpl


def _local(jobs: int = 1, scheduler: str | None = None) -> Any:
    from bgkit.tournaments.executors import LocalExecutor

    return LocalExecutor(jobs, scheduler)


def _dask(jobs: int = 1, scheduler: str | None = None) -> Any:
    from bgkit.tournaments.dask_executor import DaskExecutor  # Dask is imported only when asked for

    return DaskExecutor(jobs, scheduler)


@hookimpl
def bgkit_register_executors(register: Any) -> None:
    register("local", _local, "--jobs worker processes on this machine (the default)")
    register("dask", _dask, "a Dask cluster: a LocalCluster of --jobs workers, or --scheduler tcp://HOST:PORT")
