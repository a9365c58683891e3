#!/usr/bin/env python3
"""Load test and benchmark of primetime-web, on loopback only, bounded in count and time.

Usage: Web/Benchmarks/load_test.py SERVER_BINARY [--tabs 500] [--idle 1000] [--seconds 10]

1. Fan-out: 10 desktop tabs; one clicks 300 times, 20 ms apart; the time from the click to
   the acting tab's page and to every other tab's page (p50 / p99).
2. Tabs: --tabs desktop tabs join one by one, then leave; per join, the most pages and
   bytes any open tab was sent (a page counts for the join its title names, "3 of 7", however
   late it comes), and the server's processor time and memory.
3. Hostile: --idle sockets that connect and send nothing (reconnected when the server closes
   them) and a token holder flooding increments without reading, for --seconds; meanwhile a
   real tab loads the page, connects and gets its first page every half second: each must
   take under 100 ms. Then the server's memory after the load ends, and a stop by SIGINT.

Python's standard library only; exits 1 when a target is missed.
"""

import base64
import os
import re
import resource
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

failed = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failed.append(what)


class Server:
    def __init__(self, binary):
        self.data_dir = tempfile.mkdtemp(prefix="primetime-load-")
        self.process = subprocess.Popen(
            [binary, "--port", "0", "--data-dir", self.data_dir],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        url = re.search(r"(http://\S+)", self.process.stdout.readline()).group(1)
        parsed = urllib.parse.urlparse(url)
        self.port = parsed.port
        self.token = urllib.parse.parse_qs(parsed.query)["token"][0]
        self.host = f"127.0.0.1:{self.port}"

    def status(self, field):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def rss_mib(self):
        return self.status("VmRSS") / 1024

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None
        return time.monotonic() - started


class Tab:
    """A WebSocket as a page opens it, reading frames into a buffer."""

    def __init__(self, server, width=1280, hello=True):
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((
            f"GET /ws?token={server.token} HTTP/1.1\r\nHost: {server.host}\r\n"
            f"Origin: http://{server.host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("no upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.split(b"\r\n")[0].decode())
        self.pages = 0
        self.bytes = 0
        # Pages by the number of windows their title names ("Counter demo — 3 of 7"): the
        # join each one answers, whenever it arrives.
        self.pages_for = {}
        self.largest_for = {}
        if hello:
            self.send('{"type":"hello","width":%d,"visible":true}' % width)

    def send(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else bytes(
            [0x81, 0x80 | 126, len(payload) >> 8, len(payload) & 0xff])
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def frames(self):
        """The whole frames buffered now: (opcode, payload)."""
        out = []
        while len(self.buffer) >= 2:
            length, offset = self.buffer[1] & 0x7f, 2
            if length == 126:
                if len(self.buffer) < 4:
                    break
                length, offset = int.from_bytes(self.buffer[2:4], "big"), 4
            elif length == 127:
                if len(self.buffer) < 10:
                    break
                length, offset = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < offset + length:
                break
            out.append((self.buffer[0] & 0x0f, self.buffer[offset:offset + length]))
            self.buffer = self.buffer[offset + length:]
        for opcode, payload in out:
            if opcode == 1:
                self.pages += 1
                self.bytes += len(payload)
                windows = windows_named(payload)
                self.pages_for[windows] = self.pages_for.get(windows, 0) + 1
                self.largest_for[windows] = max(self.largest_for.get(windows, 0), len(payload))
        return out

    def read_page(self, timeout=5):
        """Blocks until the next text frame; its payload."""
        deadline = time.monotonic() + timeout
        while True:
            for opcode, payload in self.frames():
                if opcode == 1:
                    return payload
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no page")
            self.sock.settimeout(remaining)
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk

    def close(self):
        self.sock.close()


def windows_named(payload):
    """The number of windows a page's title names: "Counter demo — 3 of 1,200" is 1,200; a
    window alone is titled "Counter demo"."""
    match = re.search(rb'"title":"[^"]* of ([0-9,]+)"', payload)
    return int(match.group(1).replace(b",", b"")) if match else 1


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def fan_out(server):
    print("\n1. a click reaching 10 tabs")
    tabs = [Tab(server) for _ in range(10)]
    for tab in tabs:
        tab.read_page()
    acting, others = tabs[0], tabs[1:]
    own, rest = [], []
    for index in range(300):
        name = "menu.increment" if index % 2 == 0 else "menu.decrement"
        started = time.perf_counter()
        acting.send('{"type":"action","name":"%s"}' % name)
        acting.read_page()
        own.append(time.perf_counter() - started)
        for tab in others:
            tab.read_page()
        rest.append(time.perf_counter() - started)
        time.sleep(0.02)
    for tab in tabs:
        tab.close()
    print(f"     acting tab: p50 {percentile(own, .5) * 1000:.2f} ms, p99 {percentile(own, .99) * 1000:.2f} ms")
    print(f"     all 9 others: p50 {percentile(rest, .5) * 1000:.2f} ms, p99 {percentile(rest, .99) * 1000:.2f} ms")
    check(percentile(rest, .99) < 0.005, "every other tab within 5 ms of the click at p99")


def drain(tabs, quiet=0.02, limit=5, until=lambda: True):
    """Reads every tab until `until()` holds and none has sent anything for `quiet` seconds."""
    selector = selectors.DefaultSelector()
    for tab in tabs:
        tab.sock.setblocking(False)
        selector.register(tab.sock, selectors.EVENT_READ, tab)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        events = selector.select(quiet)
        if not events and until():
            break
        for key, _ in events:
            try:
                chunk = key.fileobj.recv(1 << 20)
            except BlockingIOError:
                continue
            key.data.buffer += chunk
            key.data.frames()
    selector.close()
    for tab in tabs:
        tab.sock.setblocking(True)


def many_tabs(server, count):
    print(f"\n2. {count} desktop tabs join, then leave")
    cpu, rss = server.cpu_seconds(), server.rss_mib()
    tabs = []
    started = time.monotonic()
    for _ in range(count):
        tabs.append(Tab(server))
        tabs[-1].read_page()
        # Until every open tab has this join's page, then quiet: a page that comes later than
        # the quiet time (a loaded machine) is still counted for its own join, by its title,
        # not for the next one.
        windows = len(tabs)
        drain(tabs, quiet=0.05, until=lambda: all(windows in tab.pages_for for tab in tabs))
    drain(tabs, quiet=0.2)
    joined = time.monotonic() - started
    # Each open tab's pages per later join: what a tab is sent for its own join (its first page,
    # the first tab's loaded favorites) is not a cost of a join to the others.
    worst_pages = max([pages for joined_at, tab in enumerate(tabs, 1)
                       for windows, pages in tab.pages_for.items() if windows > joined_at],
                      default=0)
    worst_bytes = max([size for tab in tabs for size in tab.largest_for.values()], default=0)
    peak = server.rss_mib()
    for tab in tabs:
        tab.close()
    time.sleep(1)
    print(f"     joins: {joined:.1f} s in all; server processor {server.cpu_seconds() - cpu:.1f} s")
    print(f"     per join, to any open tab: at most {worst_pages} page(s) of at most {worst_bytes / 1024:.1f} KiB")
    print(f"     server memory: {rss:.0f} MiB before, {peak:.0f} MiB with {count} tabs, "
          f"{server.rss_mib():.0f} MiB after they left")
    check(worst_pages <= 1, "a join sends each open tab at most one page")
    check(worst_bytes < 8 * 1024, "a page's size does not grow with the tabs (< 8 KiB)")


def hostile(server, idle_count, seconds, flooding=True):
    print(f"\n3. {idle_count} silent sockets and a flooding client for {seconds} s; a real tab meanwhile")
    stop = threading.Event()
    rss_before = server.rss_mib()

    def silent():
        sockets = []
        while not stop.is_set():
            sockets = [s for s in sockets if s.fileno() >= 0]
            alive = []
            for s in sockets:
                try:
                    s.setblocking(False)
                    if s.recv(1) == b"":
                        s.close()
                        continue
                except BlockingIOError:
                    pass
                except OSError:
                    s.close()
                    continue
                alive.append(s)
            sockets = alive
            while len(sockets) < idle_count and not stop.is_set():
                try:
                    sockets.append(socket.create_connection(("127.0.0.1", server.port), timeout=1))
                except OSError:
                    break
            stop.wait(0.2)
        for s in sockets:
            s.close()

    def flood():
        tab = Tab(server)
        tab.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        message = '{"type":"action","name":"menu.increment"}'
        try:
            while not stop.is_set():
                for _ in range(100):
                    tab.send(message)
                time.sleep(0.01)
        except OSError:
            pass
        tab.close()

    threads = [threading.Thread(target=silent)] + ([threading.Thread(target=flood)] if flooding else [])
    for thread in threads:
        thread.start()
    time.sleep(1)
    times, peak = [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.perf_counter()
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as page:
            page.sendall(f"GET /?token={server.token} HTTP/1.1\r\nHost: {server.host}\r\n"
                         "Connection: close\r\n\r\n".encode())
            response = b""
            while chunk := page.recv(65536):
                response += chunk
        ok = response.startswith(b"HTTP/1.1 200")
        try:
            tab = Tab(server)
            tab.read_page()
            tab.close()
        except (OSError, TimeoutError) as error:
            print(f"     the real tab failed: {error!r}")
            ok = False
        times.append(time.perf_counter() - started if ok else float("inf"))
        peak = max(peak, server.rss_mib())
        time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join()
    time.sleep(2)
    print(f"     real tab, page + socket + first page: p50 {percentile(times, .5) * 1000:.1f} ms, "
          f"worst {max(times) * 1000:.1f} ms ({len(times)} tries)")
    print(f"     server memory: {rss_before:.0f} MiB before, {peak:.0f} MiB at most during, "
          f"{server.rss_mib():.0f} MiB after")
    check(max(times) < 0.1, "the real tab gets its page in under 100 ms throughout")
    check(peak < rss_before + 200, "a flood that never reads does not grow the server's memory")


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print(__doc__)
        return 2

    def option(name, default):
        return int(arguments[arguments.index(name) + 1]) if name in arguments else default

    tabs, idle, seconds = option("--tabs", 500), option("--idle", 1000), option("--seconds", 10)
    tabs, idle, seconds = min(tabs, 2000), min(idle, 4000), min(seconds, 120)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 8192)), hard))
    server = Server(os.path.abspath(arguments[0]))
    try:
        fan_out(server)
        many_tabs(server, tabs)
        hostile(server, idle, seconds, flooding="--no-flood" not in arguments)
    finally:
        took = server.stop()
    print(f"\nstop by SIGINT: {took if took is None else round(took, 3)} s")
    check(took is not None and took < 1, "the server stops within a second")
    print(f"\n{len(failed)} target(s) missed" if failed else "\nevery target met")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
