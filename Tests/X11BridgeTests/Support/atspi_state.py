#!/usr/bin/python3
"""Prints what one running application shows of its document, for RealApplicationTests.

Usage: atspi_state.py APP_NAME

Prints one JSON object: {"zoom": the percentage in a text field or combo box that holds only a
percentage (Evince's and Okular's zoom), or null; "scroll": the values of the scroll bars that
can scroll (maximum above 0), in tree order; "selected": the characters selected in the first
text with a selection, 0 if none; "caret": the caret's offset in the longest text (the
document), or null}. Exits 2 when the application is not on the accessibility
bus yet. Debian's python3-gi with the Atspi typelib (at-spi2-core); run with /usr/bin/python3.
"""
import json
import re
import sys
import warnings

warnings.filterwarnings("ignore")
import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi


def walk(node, depth=0):
    if node is None or depth > 40:
        return
    yield node
    for index in range(node.get_child_count()):
        yield from walk(node.get_child_at_index(index), depth + 1)


def main():
    desktop = Atspi.get_desktop(0)
    app = None
    for index in range(desktop.get_child_count()):
        candidate = desktop.get_child_at_index(index)
        if candidate is not None and candidate.get_name() == sys.argv[1]:
            app = candidate
    if app is None:
        sys.exit(2)
    state = {"zoom": None, "scroll": [], "selected": 0, "caret": None}
    longest = -1
    for node in walk(app):
        try:
            role = node.get_role_name()
        except Exception:
            continue
        if role == "scroll bar":
            value = node.get_value_iface()
            if value is not None and value.get_maximum_value() > 0:
                state["scroll"].append(value.get_current_value())
        elif role in ("text", "combo box"):
            text = node.get_text_iface()
            words = text.get_text(0, text.get_character_count()) if text is not None else node.get_name()
            match = re.fullmatch(r"\s*([0-9]+(?:[.,][0-9]+)?)\s*%\s*", words or "")
            if match and state["zoom"] is None:
                state["zoom"] = float(match.group(1).replace(",", "."))
            if role == "text" and text is not None and text.get_character_count() > longest:
                longest = text.get_character_count()
                caret = text.get_caret_offset()
                state["caret"] = caret if caret >= 0 else None
            if text is not None and not state["selected"] and text.get_n_selections() > 0:
                selection = text.get_selection(0)
                state["selected"] = selection.end_offset - selection.start_offset
    print(json.dumps(state))


main()
