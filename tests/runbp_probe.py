"""A stand-in for `python -m toolchain` that tests/test_runbp.py runs through tests/runbp.py: what a
process started so sees, and ways to end."""

from __future__ import annotations

import json
import os
import signal
import sys
import time


def state() -> dict[str, object]:
    """What a process started with `python -m` has, which a forked one must have too."""
    streams = {name: {"encoding": stream.encoding, "errors": stream.errors, "line_buffering": stream.line_buffering,
                      "write_through": stream.write_through, "buffer": type(stream.buffer).__name__,
                      "name": stream.buffer.name, "fileno": stream.fileno()}
               for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout), ("stderr", sys.stderr))}
    handlers = {}
    for number in sorted(signal.valid_signals()):
        handler = signal.getsignal(number)
        handlers[str(number)] = getattr(handler, "__name__", str(handler))
    return {
        "argv": sys.argv, "orig_argv": sys.orig_argv, "path0": sys.path[0], "cwd": os.getcwd(), "environ": dict(os.environ),
        "name": __name__, "spec": __spec__.name if __spec__ else None, "main": sys.modules["__main__"].__file__,
        "flags": str(sys.flags), "streams": streams, "signals": handlers, "stdin": sys.stdin.read(),
        "descriptors": sorted(int(fd) for fd in os.listdir("/proc/self/fd")), "umask": os.umask(0o22),
        "threads": len(os.listdir("/proc/self/task")),
    }


def main(args: list[str]) -> None:
    command, *rest = args
    if command == "state":
        print(json.dumps(state()))
    elif command == "say":  # stdout, stderr: each on its own stream
        print(rest[0])
        print(rest[1], file=sys.stderr)
    elif command == "setenv":  # set a variable in this process, then print one
        os.environ[rest[0]] = "set by an earlier run"
        print(os.environ.get(rest[0], ""))
    elif command == "exit":
        sys.exit(int(rest[0]) if rest[0].isdigit() else rest[0])
    elif command == "raise":
        raise ValueError(rest[0])
    elif command == "kill":
        os.kill(os.getpid(), signal.Signals[rest[0]])
    elif command == "sleep":
        print(os.getpid(), flush=True)
        time.sleep(float(rest[0]))
    elif command == "serve":  # a server's ending: SIGTERM said and exit 3, SIGINT (Ctrl-C) as Python ends on it
        def stop(number: int, _frame: object) -> None:
            print(f"stopped by {signal.Signals(number).name}", flush=True)
            sys.exit(3)

        signal.signal(signal.SIGTERM, stop)
        print(os.getpid(), flush=True)
        time.sleep(float(rest[0]))
    elif command == "big":  # `size` bytes on each stream, in turns: a reader of one alone would block the writer
        chunk = "x" * 999 + "\n"
        for _ in range(int(rest[0]) // len(chunk)):
            sys.stdout.write(chunk)
            sys.stderr.write(chunk.upper())
    elif command == "newlines":
        sys.stdout.buffer.write(b"a\r\nb\rc\n")
    elif command == "pool":  # bp's process pool: its workers' pids
        from toolchain.jobs import process_pool

        pool = process_pool(2)
        print(json.dumps(sorted({pool.submit(os.getpid).result() for _ in range(8)})))
        pool.shutdown()
    elif command == "spin":  # CPU seconds spent, then said
        while time.process_time() < float(rest[0]):
            pass
        print(time.process_time())
    elif command == "parent":
        print(os.getppid())
    else:
        raise SystemExit(f"runbp_probe: no command {command!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
