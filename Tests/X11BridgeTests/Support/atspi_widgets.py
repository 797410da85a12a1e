#!/usr/bin/python3
"""Lists the accessible widgets of one running application, for SettingsAppTests.

Usage: atspi_widgets.py APP_NAME

Prints one JSON object per line for every accessible in the tree that has a name or a
description: {"name", "role", "description", "x", "y", "width", "height"}, the extents in
the window's coordinates (GTK 4 knows no other under X11). Exits 2 when the application is
not on the accessibility bus. Debian's python3-pyatspi; run with /usr/bin/python3.
"""
import json
import os
import sys

import pyatspi


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    try:
        states = node.getState()
        showing = states.contains(pyatspi.STATE_SHOWING)
    except Exception:
        return
    if os.environ.get("ATSPI_ALL"):
        print("  " * depth + "%s %r showing=%s children=%d" % (node.getRoleName(), node.name, showing, node.childCount), file=sys.stderr)
    # GTK 4.8 marks only windows as showing; a widget it hides is not in the tree at all.
    if node.name or node.description:
        try:
            x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        except Exception:
            x = y = width = height = -1
        print(json.dumps({
            "name": node.name, "role": node.getRoleName(), "description": node.description,
            "x": x, "y": y, "width": width, "height": height,
        }))
    for index in range(node.childCount):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        walk(child, depth + 1)


def main():
    wanted = sys.argv[1]
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == wanted:
            walk(app)
            return 0
    names = [desktop.getChildAtIndex(i).name for i in range(desktop.childCount) if desktop.getChildAtIndex(i)]
    print("no application %r on the accessibility bus: %s" % (wanted, names), file=sys.stderr)
    return 2


sys.exit(main())
