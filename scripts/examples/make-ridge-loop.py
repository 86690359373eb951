#!/usr/bin/env python3
"""Writes examples/walks/ridge-loop.gpx: the walk the demo tour imports.

A made-up 4.6 km loop above Lake Bled (Slovenia), one fix every 3 s at a walking
pace with GPS-like wobble, a 3-minute stop at the viewpoint (a pause, WALK-3), a
second segment after the logger was paused, and elevation. Seeded, so running
it again writes the same file. The project made it; no one's real walk.
"""
import math
import random
from datetime import datetime, timedelta, timezone

random.seed(1356)
CENTER = (46.3625, 14.0940)
R = 6371000.0


def offset(lat, lon, north_m, east_m):
    return (lat + math.degrees(north_m / R), lon + math.degrees(east_m / (R * math.cos(math.radians(lat)))))


def loop_points(start_angle, end_angle, seconds_start, count):
    points = []
    t = seconds_start
    for i in range(count):
        a = start_angle + (end_angle - start_angle) * i / (count - 1)
        radius = 700 + 120 * math.sin(3 * a) + 40 * math.sin(7 * a)
        north = radius * math.cos(a) + random.gauss(0, 1.2)
        east = 1.3 * radius * math.sin(a) + random.gauss(0, 1.2)
        lat, lon = offset(*CENTER, north, east)
        ele = 560 + 90 * (1 + math.sin(a - 0.4)) / 2 + random.gauss(0, 0.4)
        points.append((lat, lon, ele, t))
        t += 3
    return points, t


start = datetime(2026, 11, 14, 7, 42, 10, tzinfo=timezone.utc)
first, t = loop_points(0.0, 3.3, 0, 900)
# The viewpoint: 3 minutes standing still, with the wobble of a stationary fix.
lat, lon, ele, _ = first[-1]
for i in range(90):
    t += 2
    first.append((lat + random.gauss(0, 0.0000015), lon + random.gauss(0, 0.0000015), ele, t))
second, _ = loop_points(3.3, 2 * math.pi, t + 240, 700)


def fmt(p):
    lat, lon, ele, seconds = p
    when = (start + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele><time>{when}</time></trkpt>'


lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="lifectl scripts/examples/make-ridge-loop.py" xmlns="http://www.topografix.com/GPX/1/1">',
    "  <metadata><name>Ridge loop above the lake</name></metadata>",
    '  <wpt lat="46.3690000" lon="14.0940000"><name>Viewpoint</name></wpt>',
    "  <trk>",
    "    <name>Ridge loop</name>",
    "    <trkseg>",
    *[fmt(p) for p in first],
    "    </trkseg>",
    "    <trkseg>",
    *[fmt(p) for p in second],
    "    </trkseg>",
    "  </trk>",
    "</gpx>",
]
with open("examples/walks/ridge-loop.gpx", "w") as out:
    out.write("\n".join(lines) + "\n")
