"""Web server load (issue 9): R rooms played through real WebSocket clients on loopback.

Starts `pitchside serve` in its own process (SQLite in a temporary data directory), opens R two-seat rooms
whose seats are held by clients of this process (each picks a random legal action as soon as it may: a bot
at the other end of a socket), and for ``--seconds`` measures

- accepted actions per second (the whole server),
- latency from sending an action to receiving the update that carries it, p50 and p99,
- memory per open room: the server's resident memory with the R rooms open and started, minus before, / R.

``--think`` paces the clients (mean seconds before each action, default 1: a brisk player); ``--think 0`` is
a closed loop that measures the server's saturated throughput (then latency is rooms / throughput).
``--search K`` also runs K rooms of two IS-MCTS bots (``--budget`` iterations) thinking all the time: the
latency of the client rooms then shows whether a search delays other rooms (issue 9: it must not).

Targets (issue 9, this 2-core machine): 200 concurrent rooms at p99 < 100 ms; <= 1 MB per open room.
Only loopback traffic; every loop is bounded in time. Prints figures, asserts nothing.

    .venv/bin/python bench/web.py [--rooms 200] [--seconds 20] [--game sonic-cup]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

WARMUP = 3.0  # seconds: the latency after it is also given (the start has every client saying hello at once)


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json", **({"x-seat-token": token} if token else {})}
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.steady: list[float] = []  # those after the first WARMUP seconds (all 2R clients connecting at once)
        self.after = 0.0  # perf_counter() when the warm-up ends
        self.actions = 0
        self.errors: dict[str, int] = {}  # by code: "stale" is a client acting on an update a move overtook
        self.finished = 0


async def seat_client(url: str, token: str, stats: Stats, stop: float, seed: int, think: float) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    sent_at: float | None = None
    acted = -1
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while time.perf_counter() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.perf_counter()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors[msg.get("code", "?")] = stats.errors.get(msg.get("code", "?"), 0) + 1
                continue
            if msg["type"] != "update":
                continue
            if sent_at is not None and msg["seq"] > acted:
                now = time.perf_counter()
                stats.latencies.append(now - sent_at)
                if sent_at >= stats.after:
                    stats.steady.append(now - sent_at)
                stats.actions += 1
                sent_at = None
            if msg["status"] == "finished":
                stats.finished += 1
                return
            if msg["legal"] and msg["seq"] > acted:
                acted = msg["seq"]
                if think:  # a person's (or a paced bot's) time to choose
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]), "seq": acted}))


async def run(
    base: str, rooms: int, seconds: float, game: str, pid: int, think: float, search: int = 0, budget: int = 500
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    searching = []
    for i in range(search):  # rooms of IS-MCTS bots (nobody seated), started before the clients
        body = {"game": game, "seats": 2, "seed": 10_000 + i}
        rid = (await loop.run_in_executor(None, _call, base, "POST", "/api/rooms", body))["id"]
        for s in (0, 1):
            bot = {"kind": "ismcts", "budget": budget}
            await loop.run_in_executor(None, _call, base, "POST", f"/api/rooms/{rid}/seats/{s}/bot", bot)
        await loop.run_in_executor(None, _call, base, "POST", f"/api/rooms/{rid}/start")
        searching.append(rid)
    before = _rss_kb(pid)
    seated: list[tuple[str, list[str]]] = []
    for i in range(rooms):
        rid = (
            await loop.run_in_executor(None, _call, base, "POST", "/api/rooms", {"game": game, "seats": 2, "seed": i})
        )["id"]
        tokens = [
            (
                await loop.run_in_executor(
                    None, _call, base, "POST", f"/api/rooms/{rid}/seats/{s}/join", {"name": f"c{s}"}
                )
            )["token"]
            for s in (0, 1)
        ]
        await loop.run_in_executor(None, _call, base, "POST", f"/api/rooms/{rid}/start", None, tokens[0])
        seated.append((rid, tokens))
    opened = _rss_kb(pid)
    stats = Stats()
    ws_base = base.replace("http://", "ws://")
    start = time.perf_counter()
    cpu = (_cpu_s(pid), time.process_time())
    stop = start + seconds
    stats.after = start + min(WARMUP, seconds / 2)
    clients = [
        seat_client(f"{ws_base}/ws/rooms/{rid}", tok, stats, stop, hash((rid, s)), think)
        for rid, tokens in seated
        for s, tok in enumerate(tokens)
    ]
    await asyncio.gather(*clients, return_exceptions=True)
    elapsed = time.perf_counter() - start
    server_cpu, client_cpu = _cpu_s(pid) - cpu[0], time.process_time() - cpu[1]
    during = _rss_kb(pid)
    searched = [(await loop.run_in_executor(None, _call, base, "GET", f"/api/rooms/{rid}"))["seq"] for rid in searching]
    lat = sorted(stats.latencies)
    steady = sorted(stats.steady)
    return {
        "rooms": rooms,
        "seconds": round(elapsed, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        f"p99_ms_after_{WARMUP:g}s": round(1000 * steady[min(len(steady) - 1, int(0.99 * len(steady)))], 1)
        if steady
        else None,
        "errors": stats.errors,
        "server_cpu_per_s": round(server_cpu / elapsed, 2),  # 1.0: the server used a whole core
        "clients_cpu_per_s": round(client_cpu / elapsed, 2),  # this process: the 2R clients
        "finished_matches": stats.finished // 2,
        "rss_before_mb": round(before / 1024, 1),
        "mb_per_open_room": round((opened - before) / 1024 / rooms, 3),
        "mb_per_room_in_play": round((during - before) / 1024 / rooms, 3),
        "search_rooms": search,
        "search_moves": sum(searched),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--game", default="sonic-cup")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before acting (0: at once)")
    ap.add_argument("--search", type=int, default=0, help="rooms of two IS-MCTS bots thinking meanwhile")
    ap.add_argument("--budget", type=int, default=500, help="their IS-MCTS iterations per decision")
    args = ap.parse_args(argv)
    port = _port()
    load = os.getloadavg()[0]  # before the run: the run's own load is not the machine's
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "PITCHSIDE_DATA_DIR": data, "PITCHSIDE_WEB_GRACE_SECONDS": "3600",
               "PITCHSIDE_WEB_BOT_DELAY": "0", "PITCHSIDE_WEB_MAX_CONNECTIONS": "8"}  # fmt: skip
        env.pop("PITCHSIDE_DATABASE_URL", None)
        cmd = [sys.executable, "-c", "from pitchside.cli import main; main()", "serve", "--port", str(port)]
        server = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            end = time.monotonic() + 60
            while True:
                try:
                    _call(base, "GET", "/api/games")
                    break
                except OSError:
                    if time.monotonic() > end or server.poll() is not None:
                        print("bench/web.py: the server did not start", file=sys.stderr)
                        return 1
                    time.sleep(0.2)
            out = asyncio.run(run(base, args.rooms, args.seconds, args.game, server.pid, args.think,
                                  args.search, args.budget))  # fmt: skip
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        f"web server load: {args.rooms} rooms of {args.game} (2 client seats each, think {args.think} s), "
        f"{args.search} IS-MCTS rooms (budget {args.budget}), "
        f"{out['seconds']} s; load average before: {load:.1f} on {os.cpu_count()} cores"
    )
    for k, v in out.items():
        print(f"  {k:22} {v}")
    print(f"  target: p99 < 100 ms at 200 rooms -> {'met' if (out['p99_ms'] or 1e9) < 100 else 'NOT met'}")
    print(f"  target: <= 1 MB per open room -> {'met' if out['mb_per_open_room'] <= 1 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
