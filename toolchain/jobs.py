"""Running jobs: in this process (`-j 1`) or on worker processes that end with their parent.

The worker processes take the waiting jobs most urgent first (`ahead`), not in the order they
were submitted: `bp build` queues the action lists' PDFs at once, and the rulebook's parts, which
come later (after Sphinx) and wait on one another (chapters, then the 目次 and the index, then
the folios), would otherwise start only after every queued list, leaving one process idle while
the last parts render.
"""

from __future__ import annotations

import heapq
import itertools
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
from typing import Any

from .collector import collect_less_often

URGENT, NORMAL = 0, 1


class InlineExecutor(Executor):
    """Runs each job when it is submitted, in this process."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(exc)
        return future


# The pid of the process that forked this one, recorded in the parent just before each fork: a
# worker compares it with os.getppid() once it has asked to die with its parent, since a parent
# killed between the fork and that request leaves the worker adopted and never signalled.
_forked_by: int | None = None


def _remember_forking_process() -> None:
    global _forked_by
    _forked_by = os.getpid()


os.register_at_fork(before=_remember_forking_process)


def die_with_parent() -> None:
    """A worker ends when the process that started it is killed (Linux), instead of rendering on:
    also when the parent was killed before this was asked (`bp build -j 200` killed while forking)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if _forked_by is not None and os.getppid() != _forked_by:
        os.kill(os.getpid(), signal.SIGKILL)


def start_worker() -> None:
    """The setup of a worker process: it ends with its parent, leaves Ctrl-C to it (the terminal sends
    SIGINT to every process of the command: each worker printed a traceback), ends quietly when the
    parent terminates it (SIGTERM: the parent's own handler, inherited with the fork, raised
    KeyboardInterrupt in every worker of a cancelled build of bp serve, each printing a traceback),
    and collects garbage less often (collector.py: the objects it inherited from its parent are set
    aside for good)."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    collect_less_often()


def _started() -> None:
    """The job that makes a pool fork its workers."""


class PriorityPool(Executor):
    """`workers` processes, each given a job only when it is free, the most urgent waiting job
    first (then the oldest). A job in a process is never interrupted; shutdown(cancel_futures=True)
    drops the waiting ones."""

    def __init__(self, workers: int) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self._pool = ProcessPoolExecutor(max_workers=workers, initializer=start_worker)
        # Fork every worker now, from the thread that makes the pool, before the dispatcher thread
        # exists: forked later by the dispatcher while this thread runs Sphinx or writes the log, a
        # worker could inherit a lock held at that instant and wait on it for ever. The first submit
        # forks them all before it returns (a pool that forks never starts workers on demand); its job
        # is not waited for: a worker stopped before it ran it (Ctrl-Z, a debugger) would hold this
        # thread where nothing can stop it (bp serve's Ctrl-C kills the pool's processes).
        self._pool.submit(_started)
        self._free = threading.Semaphore(workers)
        self._changed = threading.Condition()
        self._waiting: list[tuple[int, int, Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = []
        self._order = itertools.count()
        self._closed = False
        self._dispatcher = threading.Thread(target=self._dispatch, name="bp-jobs", daemon=True)
        self._dispatcher.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self.submit_ranked(NORMAL, fn, *args, **kwargs)

    def submit_ranked(self, rank: int, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._changed:
            if self._closed:
                raise RuntimeError("cannot schedule new jobs after shutdown")
            heapq.heappush(self._waiting, (rank, next(self._order), future, fn, args, kwargs))
            self._changed.notify()
        return future

    def _dispatch(self) -> None:
        while True:
            self._free.acquire()  # a process is free (or will be once its job ends)
            with self._changed:
                while not self._waiting and not self._closed:
                    self._changed.wait()
                if not self._waiting:
                    return
                _, _, future, fn, args, kwargs = heapq.heappop(self._waiting)
            if not future.set_running_or_notify_cancel():
                self._free.release()
                continue
            try:
                running = self._pool.submit(fn, *args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - the pool was shut down under us: the job fails
                self._free.release()
                future.set_exception(exc)
                continue
            running.add_done_callback(lambda done, future=future: self._finished(done, future))

    def _finished(self, done: Future[Any], future: Future[Any]) -> None:
        self._free.release()
        if done.cancelled():
            future.set_exception(CancelledError())
        elif done.exception() is not None:
            future.set_exception(done.exception())
        else:
            future.set_result(done.result())

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._changed:
            self._closed = True
            if cancel_futures:
                for *_, future, _fn, _args, _kwargs in self._waiting:
                    future.cancel()
                self._waiting.clear()
            self._changed.notify_all()
        if wait:
            self._dispatcher.join()  # every waiting job handed to a process
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


    def terminate(self) -> None:
        """Stop now: the waiting jobs are dropped and the running ones killed with their processes."""
        processes = list((getattr(self._pool, "_processes", None) or {}).values())  # public only from Python 3.14
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()  # a SIGTERM would wait, pending, while a worker is stopped (SIGSTOP, Ctrl-Z)


class _Ahead(Executor):
    """The same pool, its jobs taken before the ordinary ones."""

    def __init__(self, pool: PriorityPool) -> None:
        self._pool = pool

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._pool.submit_ranked(URGENT, fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._pool.shutdown(wait, cancel_futures=cancel_futures)


def ahead(executor: Executor) -> Executor:
    """`executor`, its jobs started before those waiting (a PriorityPool's); any other executor as it is."""
    return _Ahead(executor) if isinstance(executor, PriorityPool) else executor


def stop_at_once(executor: Executor) -> None:
    """Stop `executor` without waiting for its running jobs (a failed or interrupted build)."""
    if isinstance(executor, PriorityPool):
        executor.terminate()
    else:
        executor.shutdown(wait=False, cancel_futures=True)


def process_pool(workers: int) -> Executor:
    """`workers` processes (an InlineExecutor for one)."""
    if workers <= 1:
        return InlineExecutor()
    return PriorityPool(workers)
