#!/usr/bin/env python3
"""Peers of walks-bench for scripts/bench walks-core (SPEC PERF-2, PERF-3).

    peers.py parse PATH              gpxpy: parse + length_2d + get_moving_data
    peers.py simplify FILE TOLERANCE simplification (Rust): simplify_coords on the
                                     x, y float64 pairs walks-bench wrote (local metres)

Each prints one line of key=value pairs, as walks-bench does. Times cover the
work only (not the interpreter's start nor reading the points file).
"""
import os
import sys
import time


def parse(path):
    import gpxpy

    start = time.perf_counter()
    with open(path, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    distance = gpx.length_2d()
    moving = gpx.get_moving_data()
    elapsed = time.perf_counter() - start
    points = sum(len(s.points) for t in gpx.tracks for s in t.segments)
    megabytes = os.path.getsize(path) / 1e6
    print(f"impl=gpxpy points={points} seconds={elapsed:.4f} mb_per_s={megabytes / elapsed:.2f} "
          f"distance_m={distance:.3f} moving_s={moving.moving_time:.0f}")


def simplify(path, tolerance):
    import numpy
    from simplification.cutil import simplify_coords_idx

    # A contiguous (n, 2) float64 array: the package's fast path, no list conversion.
    coords = numpy.ascontiguousarray(numpy.fromfile(path, dtype="<f8").reshape(-1, 2))
    start = time.perf_counter()
    kept = simplify_coords_idx(coords, tolerance)
    elapsed = time.perf_counter() - start
    print(f"impl=simplification points={len(coords)} seconds={elapsed:.4f} kept={len(kept)}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "parse":
        parse(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "simplify":
        simplify(sys.argv[2], float(sys.argv[3]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
