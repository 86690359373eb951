#!/usr/bin/env python3
"""Oracle values for Tests/WalksTests/GPXFixtureOracleTests.swift (SPEC WALK-1, WALK-3).

Parses each fixture with gpxpy (an independent GPX parser) and sums, per track,
the geographiclib Geodesic.WGS84.Inverse distances between consecutive points
within each segment (never across segments). Prints one Swift line per track:
file, track index, name, segments, points, timed points, first/last time in ms,
distance in metres.

    python3 -m venv .build/venv-walks && .build/venv-walks/bin/pip install gpxpy geographiclib
    .build/venv-walks/bin/python scripts/oracles/gpx_fixture_oracle.py ../shared/fixtures/gpx
"""
import os
import sys

import gpxpy
from geographiclib.geodesic import Geodesic


def ms(t):
    return None if t is None else int(round(t.timestamp() * 1000))


def main(folder):
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".gpx"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            gpx = gpxpy.parse(f)
        for index, track in enumerate(gpx.tracks):
            distance = 0.0
            points = 0
            timed = []
            for segment in track.segments:
                previous = None
                for p in segment.points:
                    points += 1
                    if p.time is not None:
                        timed.append(ms(p.time))
                    if previous is not None:
                        distance += Geodesic.WGS84.Inverse(
                            previous.latitude, previous.longitude, p.latitude, p.longitude)["s12"]
                    previous = p
            first = timed[0] if timed else "nil"
            last = timed[-1] if timed else "nil"
            track_name = "nil" if not track.name else '"' + track.name.strip() + '"'
            print(f'        .init(file: "{name}", track: {index}, name: {track_name}, segments: {len(track.segments)}, '
                  f'points: {points}, timedPoints: {len(timed)}, firstTime: {first}, lastTime: {last}, '
                  f'distanceMeters: {distance:.6f}),')
        print(f'        // {name}: routes {len(gpx.routes)}, route points '
              f'{sum(len(r.points) for r in gpx.routes)}, waypoints {len(gpx.waypoints)}')


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/fixtures/gpx")
