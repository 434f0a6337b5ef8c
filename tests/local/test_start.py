"""``bot.py --local`` that cannot open: one line saying why, and no database emptied."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _local_table(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "bot.py"), "--local", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_port_in_use_is_said_and_the_running_tables_database_is_kept(tmp_path):
    running = tmp_path / "local.db"
    running.write_bytes(b"the first table's matches")
    (tmp_path / "local.db-wal").write_bytes(b"its journal")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        finished = _local_table("--port", str(port), "--data", str(tmp_path))
    assert finished.returncode == 1
    assert finished.stdout.splitlines() == [
        f"The local table cannot open port {port}: it is in use (a local table already "
        "running?); choose another with --port N."]
    assert "Traceback" not in finished.stderr
    assert running.read_bytes() == b"the first table's matches"
    assert (tmp_path / "local.db-wal").read_bytes() == b"its journal"


def test_a_data_folder_that_is_a_file_is_said(tmp_path):
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("")
    finished = _local_table("--port", "0", "--data", str(not_a_folder))
    assert finished.returncode == 1
    assert finished.stdout.splitlines() == [
        f"The local table cannot make its database in {not_a_folder}: File exists."]
    assert "Traceback" not in finished.stderr


def test_a_port_out_of_range_is_refused_by_its_option():
    finished = _local_table("--port", "70000")
    assert finished.returncode == 2
    assert finished.stderr.splitlines()[-1] == (
        "bot.py --local: error: argument --port: '70000' is not a port (0 to 65535)")
