#!/usr/bin/env python3
"""Writes Sources/GestureEngine/StrokeShapes+Drawn.swift: for each built-in shape the $1 set
draws too (check, v, circle, caret), six real drawings from the set's tuning part (subjects
s01-s03 only; the README reports on s04-s11), picked as the medoids of six clusters under
StrokeClassifier's distance (32 points, centred, scaled by the larger side; mean point distance
after the best rotation within 15 degrees, plus half the mean difference in direction).

Usage: Scripts/drawn-shapes.py  (needs numpy and swift on PATH; reads Tests/StrokeData/dollar1-unistrokes.txt)
"""
import math
import os
import random
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "Tests", "StrokeData", "dollar1-unistrokes.txt")
OUT = os.path.join(HERE, "..", "Sources", "GestureEngine", "StrokeShapes+Drawn.swift")
TUNING = ("s01", "s02", "s03")
SHAPES = [("check", "checkmark"), ("v", "v"), ("circle", "circle"), ("caret", "chevron-up")]
K = 6
N = 32


def load():
    drawings = {}
    with open(DATA) as f:
        for line in f:
            if line.startswith("#"):
                continue
            fields = line.split()
            subject, shape = fields[0], fields[2]
            x = y = 0
            points = []
            for i, p in enumerate(fields[4:]):
                a, b, _ = map(int, p.split(","))
                x, y = (a, b) if i == 0 else (x + a, y + b)
                points.append((x, y))
            if subject in TUNING:
                drawings.setdefault(shape, []).append(np.array(points, float))
    return drawings


def resample(p, n):
    d = np.sqrt(((p[1:] - p[:-1]) ** 2).sum(1))
    cum = np.concatenate([[0], np.cumsum(d)])
    ts = np.linspace(0, cum[-1], n)
    return np.stack([np.interp(ts, cum, p[:, 0]), np.interp(ts, cum, p[:, 1])], 1)


def normalize(p):
    r = resample(p, N)
    low = r.min(0)
    r = (r - low) / max((r.max(0) - low).max(), 1e-9)
    r = r - r.mean(0)
    d = r[1:] - r[:-1]
    return r, np.arctan2(d[:, 1], d[:, 0])


def distance(a, b):
    (pa, aa), (pb, ab) = a, b
    cross = (pa[:, 0] * pb[:, 1] - pa[:, 1] * pb[:, 0]).sum()
    dot = (pa * pb).sum()
    limit = math.radians(15)
    theta = max(-limit, min(limit, math.atan2(cross, dot)))
    c, s = math.cos(theta), math.sin(theta)
    turned = np.stack([pa[:, 0] * c - pa[:, 1] * s, pa[:, 0] * s + pa[:, 1] * c], 1)
    points = np.sqrt(((turned - pb) ** 2).sum(1)).mean()
    turn = (aa + theta - ab + np.pi) % (2 * np.pi) - np.pi
    return points + 0.5 * np.abs(turn).mean() / np.pi


def medoids(items):
    normed = [normalize(p) for p in items]
    D = np.array([[distance(a, b) for b in normed] for a in normed])
    chosen = random.Random(1).sample(range(len(items)), K)
    for _ in range(20):
        assign = D[:, chosen].argmin(1)
        moved = []
        for k in range(K):
            members = np.where(assign == k)[0]
            moved.append(chosen[k] if len(members) == 0 else int(members[D[np.ix_(members, members)].sum(1).argmin()]))
        if moved == chosen:
            break
        chosen = moved
    return chosen


def main():
    drawings = load()
    lines = [
        "/// Built-in shapes as real people drew them: for the four built-ins the $1 set has (its check,",
        "/// v, circle and caret), six drawings each, picked from the set's tuning part (subjects 1–3,",
        "/// `Tests/StrokeData`) as the medoids of six clusters by `StrokeClassifier`'s distance, each",
        "/// resampled to 32 points in a 0–100 box. People's checks and Vs differ from the drawn",
        "/// polylines (a longer first arm, a rounder turn), and a template of each way a person draws",
        "/// a shape is what recognizes everyone else's (`StrokeAccuracyTests`: people never tuned on).",
        "///",
        "/// Made from the $1 unistroke gesture logs, Copyright (C) 2007-2012, Jacob O. Wobbrock, Andrew",
        "/// D. Wilson and Yang Li, under the New BSD License (`Tests/StrokeData/LICENSE`,",
        "/// `debian/copyright`). Written by `Scripts/drawn-shapes.py`; do not edit by hand.",
        "extension StrokeShapes {",
        "    /// The real drawings behind the built-ins, for `gesturebridge bench`: a name and 32 points each.",
        "    public static var realDrawings: [(name: String, points: [Point])] { drawn.map { (name: $0.0, points: $0.1) } }",
        "",
        "    /// Each drawing: the built-in's name and its points.",
        "    static let drawn: [(String, [Point])] = [",
    ]
    rows = []
    for shape, name in SHAPES:
        items = drawings[shape]
        for index in medoids(items):
            r = resample(items[index], N)
            low = r.min(0)
            r = np.round((r - low) / (r.max(0) - low).max() * 100).astype(int)
            rows.append(f'        ("{name}", points([{", ".join(f"({x}, {y})" for x, y in r.tolist())}])),')
    rows[-1] = rows[-1].rstrip(",")
    lines += rows + ["    ]", "}"]
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    # In the project's format, as `swift format` leaves every source file.
    subprocess.run(["swift", "format", "format", "-i", OUT], check=True)
    print(f"wrote {OUT}: {len(rows)} drawings", file=sys.stderr)


if __name__ == "__main__":
    main()
