import asyncio
import threading

import pytest

from sofia_nb._aio import LoopThread, run_sync


async def _which_thread() -> str:
    await asyncio.sleep(0)
    return threading.current_thread().name


def test_run_sync_without_a_running_loop() -> None:
    assert run_sync(_which_thread()) == threading.current_thread().name


async def test_run_sync_inside_a_running_loop_uses_a_private_thread() -> None:
    # This is the Jupyter case: a cell's sync call while the kernel's loop is running.
    assert run_sync(_which_thread()) == "sofia-nb-run-sync"


def test_loop_thread_keeps_one_loop_for_its_lifetime() -> None:
    runner = LoopThread()
    try:
        first = runner.run(_loop_id())
        second = runner.run(_loop_id())
        assert first == second
    finally:
        runner.close()


async def _loop_id() -> int:
    return id(asyncio.get_running_loop())


def test_interrupting_the_wait_cancels_the_coroutine() -> None:
    runner = LoopThread()
    cleaned = threading.Event()

    async def long() -> None:
        try:
            await asyncio.sleep(60)
        finally:
            cleaned.set()

    try:
        with pytest.raises(TimeoutError):
            runner.run(long(), timeout=0.2)
        assert cleaned.wait(5)
    finally:
        runner.close()
