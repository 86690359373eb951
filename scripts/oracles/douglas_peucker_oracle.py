#!/usr/bin/env python3
"""Oracle indices for DouglasPeuckerTests.agreesWithSimplification (SPEC WALK-5).

The points are a closed formula (no random generator), evaluated the same way
in the Swift test, in local metres; `simplification.cutil.simplify_coords_idx`
(2.0.0, Rust, the `geo` crate's Ramer–Douglas–Peucker: distance to the chord
segment, kept when greater than the tolerance) gives the kept indices.

    .build/venv-walks/bin/python scripts/oracles/douglas_peucker_oracle.py
"""
import math

from simplification.cutil import simplify_coords_idx

points = [
    [1.5 * i + 2 * math.sin(0.05 * i), 20 * math.sin(0.02 * i) + 3 * math.sin(0.31 * i) + 0.5 * math.cos(1.7 * i)]
    for i in range(400)
]
for tolerance in (0.5, 2.0, 8.0):
    kept = sorted(simplify_coords_idx(points, tolerance))
    print(f"        ({tolerance}, {kept}),")
