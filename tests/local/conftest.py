"""The local table started as a host starts it (``bot.py --local``), and a headless Chromium."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture
def table_url(tmp_path: Path) -> Iterator[str]:
    """A local table of its own: ``bot.py --local`` on any free port; the page's address."""
    log = tmp_path / "table.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "bot.py"), "--local", "--port", "0",
             "--data", str(tmp_path)],
            cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, text=True)
    address = None
    for _ in range(600):  # the bot's one line, or its end
        found = re.search(r"open at (http://127\.0\.0\.1:\d+/)", log.read_text())
        if found or process.poll() is not None:
            address = found.group(1) if found else None
            break
        time.sleep(0.1)
    try:
        assert address, "the local table did not open:\n" + log.read_text()
        yield address
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.fail("the browser tests need Debian's chromium: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
