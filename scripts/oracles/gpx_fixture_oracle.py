#!/usr/bin/env python3
"""Oracle values for Tests/WalksTests/GPXFixtureOracleTests.swift and
GPXDroppedValueTests.swift (SPEC WALK-1, WALK-3, WALK-9).

Parses each fixture (a folder's .gpx and .gpx.gz files, or one file) with
gpxpy (an independent GPX parser) and sums, per track, the geographiclib
Geodesic.WGS84.Inverse distances between consecutive points within each
segment (never across segments). Prints one Swift line per track: file, track
index, name, segments (those with points: an empty <trkseg> is no segment), points, timed points, first/last time in ms, distance
in metres; then, as a comment, what WALK-9 drops and keeps of its elevations:
the elevations within -500...9,000 m, the values outside it, the times that go
backwards, and ascent and descent over the kept elevations with a 2 m dead
band in whole centimetres per segment (docs/walks.md), worked out here anew.

    python3 -m venv .build/venv-walks && .build/venv-walks/bin/pip install gpxpy geographiclib
    .build/venv-walks/bin/python scripts/oracles/gpx_fixture_oracle.py ../shared/fixtures/gpx
    .build/venv-walks/bin/python scripts/oracles/gpx_fixture_oracle.py Tests/Fixtures/gpx/mtk_logger_m241_multiple_tracks.gpx.gz
"""
import gzip
import math
import os
import sys

import gpxpy
from geographiclib.geodesic import Geodesic


def ms(t):
    return None if t is None else int(round(t.timestamp() * 1000))


def centimetres(metres):
    """Whole centimetres, rounded half away from zero."""
    return int(math.copysign(math.floor(abs(metres) * 100 + 0.5), metres))


def elevation_figures(track):
    """Kept elevations, dropped values, ascent and descent (metres) by the 2 m dead band."""
    kept = 0
    dropped = []
    ascent = 0
    descent = 0
    for segment in track.segments:
        level = None
        for p in segment.points:
            if p.elevation is None:
                continue
            if not (-500 <= p.elevation <= 9000):
                dropped.append(p.elevation)
                continue
            kept += 1
            cm = centimetres(p.elevation)
            if level is None:
                level = cm
            elif cm - level >= 200:
                ascent += cm - level
                level = cm
            elif level - cm >= 200:
                descent += level - cm
                level = cm
    return kept, dropped, ascent / 100, descent / 100


def main(path):
    names = [os.path.basename(path)] if os.path.isfile(path) else sorted(os.listdir(path))
    folder = os.path.dirname(path) if os.path.isfile(path) else path
    for name in names:
        if not (name.endswith(".gpx") or name.endswith(".gpx.gz")):
            continue
        opener = gzip.open if name.endswith(".gz") else open
        with opener(os.path.join(folder, name), "rt", encoding="utf-8") as f:
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
            print(f'        .init(file: "{name}", track: {index}, name: {track_name}, segments: {sum(1 for s in track.segments if s.points)}, '
                  f'points: {points}, timedPoints: {len(timed)}, firstTime: {first}, lastTime: {last}, '
                  f'distanceMeters: {distance:.6f}),')
            kept, dropped, ascent, descent = elevation_figures(track)
            backwards = sum(1 for a, b in zip(timed, timed[1:]) if b < a)
            print(f'        // track {index}: elevations kept {kept}, dropped {dropped}, times going back {backwards}, '
                  f'ascent {ascent:.2f} m, descent {descent:.2f} m')
        print(f'        // {name}: routes {len(gpx.routes)}, route points '
              f'{sum(len(r.points) for r in gpx.routes)}, waypoints {len(gpx.waypoints)}')


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/fixtures/gpx")
