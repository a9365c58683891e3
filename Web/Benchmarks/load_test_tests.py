#!/usr/bin/env python3
"""Tests of load_test.py's own counting, against a fake server on loopback.

Usage: python3 Web/Benchmarks/load_test_tests.py

The fake speaks just enough of primetime-web's protocol: a WebSocket upgrade, then a hello
opens a window, and every open tab is sent one page titled "Counter demo — k of N". It can
send one tab's page of one join late (as a loaded machine does) or twice (as a defect would).
"""

import io
import os
import socket
import sys
import threading
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import load_test  # noqa: E402


class FakeServer:
    """One page per open tab per join; `late` and `twice` name (join, tab) pairs whose page
    comes `delay` seconds after the others, or is sent two times."""

    def __init__(self, late=(), twice=(), delay=0.08):
        self.late, self.twice, self.delay = set(late), set(twice), delay
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.token = "token"
        self.host = f"127.0.0.1:{self.port}"
        self.lock = threading.Lock()
        self.tabs = []
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(connection,), daemon=True).start()

    def serve(self, connection):
        request = b""
        while b"\r\n\r\n" not in request:
            request += connection.recv(4096)
        connection.sendall(b"HTTP/1.1 101 Switching Protocols\r\n\r\n")
        connection.recv(4096)  # the hello
        with self.lock:
            self.tabs.append((connection, threading.Lock()))
            join = len(self.tabs)
            for index, tab in enumerate(self.tabs):
                page = self.page(index + 1, join)
                times = 2 if (join, index) in self.twice else 1
                if (join, index) in self.late:
                    threading.Timer(self.delay, self.send, (tab, page, times)).start()
                else:
                    self.send(tab, page, times)

    @staticmethod
    def page(position, windows):
        title = "Counter demo" if windows == 1 else f"Counter demo — {position} of {windows}"
        return ('{"html":"<p>%d</p>","title":"%s","type":"update"}' % (windows, title)).encode()

    @staticmethod
    def send(tab, page, times):
        connection, lock = tab
        with lock:
            for _ in range(times):
                connection.sendall(bytes([0x81, 126]) + len(page).to_bytes(2, "big") + page)

    def cpu_seconds(self):
        return 0.0

    def rss_mib(self):
        return 0.0

    def close(self):
        self.listener.close()
        with self.lock:
            for connection, _ in self.tabs:
                connection.close()


def run_many_tabs(server, count):
    """many_tabs' missed targets, its output kept quiet."""
    load_test.failed.clear()
    with redirect_stdout(io.StringIO()):
        load_test.many_tabs(server, count)
    return list(load_test.failed)


class ManyTabsTests(unittest.TestCase):
    def test_a_page_that_comes_late_counts_for_its_own_join(self):
        # Join 4's page to the first tab comes after the quiet time (50 ms): it is join 4's only page
        # to that tab, not a second page of join 5.
        server = FakeServer(late=[(4, 0)])
        try:
            self.assertEqual(run_many_tabs(server, 6), [])
        finally:
            server.close()

    def test_a_second_page_for_one_join_is_still_found(self):
        server = FakeServer(twice=[(4, 1)])
        try:
            self.assertEqual(run_many_tabs(server, 6),
                             ["a join sends each open tab at most one page"])
        finally:
            server.close()

    def test_windows_named(self):
        self.assertEqual(load_test.windows_named(b'{"title":"Counter demo"}'), 1)
        self.assertEqual(load_test.windows_named(b'{"title":"Counter demo \xe2\x80\x94 3 of 7"}'), 7)
        self.assertEqual(
            load_test.windows_named(b'{"title":"Counter demo \xe2\x80\x94 3 of 1,200"}'), 1200)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
