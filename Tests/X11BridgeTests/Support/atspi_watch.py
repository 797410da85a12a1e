#!/usr/bin/python3
"""Prints when one running application first reports an accessibility event, for RealApplicationTests.

Usage: atspi_watch.py APP_NAME EVENT [SECONDS]

Listens for EVENT (an AT-SPI event type such as object:text-selection-changed) from the
application named APP_NAME, prints "ready" once it listens, then, at the first such event from
that application, its CLOCK_MONOTONIC time in seconds (the clock the daemon's log uses), and
exits 0. Exits 3 when nothing came within SECONDS (10 unless given). The time is when the
event reached this process, so it is an upper bound of when the application acted.
Debian's python3-gi with the Atspi typelib (at-spi2-core); run with /usr/bin/python3.
"""
import sys
import time
import warnings

warnings.filterwarnings("ignore")
import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib

name, kind = sys.argv[1], sys.argv[2]
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
status = {"code": 3}


def heard(event):
    try:
        application = event.source.get_application()
        from_app = application is not None and application.get_name() == name
    except Exception:
        from_app = False
    if from_app and status["code"] == 3:
        status["code"] = 0
        print("%.6f" % time.monotonic(), flush=True)
        Atspi.event_quit()


def gave_up():
    Atspi.event_quit()
    return False


listener = Atspi.EventListener.new(heard)
listener.register(kind)
print("ready", flush=True)
GLib.timeout_add(int(seconds * 1000), gave_up)
Atspi.event_main()
sys.exit(status["code"])
