#!/usr/bin/env python3
"""Oracle distances for GeodesicOracleTests (SPEC WALK-3: within 0.01 % of
GeographicLib for every pair of points).

geographiclib 2.1, `Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)["s12"]`,
on hand-picked hard cases (antipodal and nearly antipodal pairs, the poles,
the equator, the antimeridian, GeographicLib's own test cases where Vincenty
fails) and on pairs from a closed formula that sweeps the globe and its
antipodes (no random generator, so the Swift test builds the same pairs).

    python3 -m venv .build/venv-geodesic && .build/venv-geodesic/bin/pip install geographiclib==2.1
    .build/venv-geodesic/bin/python scripts/oracles/geodesic_oracle.py
"""
import math

from geographiclib.geodesic import Geodesic

cases = [
    # Antipodal and nearly antipodal.
    (0, 0, 0, 180),
    (0, 0, 0, 179.5),
    (0, 0, 0.5, 179.7),
    (10, 20, -10, -160),
    (45, 0, -45, 180),
    (30, 0, -29.9, 179.8),
    (-41.28, 174.78, 41.3, -5.22),
    (1e-7, 0, -1e-7, 179.9999999),
    (88.202499451857, 0, -88.202499451857, 179.981022032992859592),
    (89.262080389218, 0, -89.262080389218, 179.992207982775375662),
    (89.333123580033, 0, -89.333123580032997687, 179.99295812360148422),
    (-30.12345, 0, 30.12344, 179.99),
    (20.001, 0, 20.001, 0),
    # Poles.
    (90, 0, -90, 0),
    (90, 0, 0, 0),
    (90, 0, 90, 120),
    (-90, 30, 89.9, 10),
    (89.99999, 0, 89.99999, 180),
    # Equator and antimeridian.
    (0, 0, 0, 90),
    (0, 0, 0, 179),
    (0, -179.9, 0, 179.9),
    (0, 10, 0, -170),
    (0.0000001, 0, 0, 1),
    # Ordinary.
    (48.1, 11.5, 48.2, 11.6),
    (51.4778, -0.0015, 51.4778, -0.0014),
    (-33.8688, 151.2093, 40.7128, -74.006),
]

# A sweep: pair k runs from a point to near its antipode, the offset
# shrinking from 5 degrees to a micro-degree.
for k in range(24):
    lat1 = -80 + k * 160 / 23
    lon1 = -170 + k * 15
    offset = 5 * 10 ** (-k / 4)
    cases.append((lat1, lon1, -lat1 + offset * math.cos(k), lon1 + 180 - offset * math.sin(k + 1)))

for lat1, lon1, lat2, lon2 in cases:
    s12 = Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)["s12"]
    print(f"        ({lat1!r}, {lon1!r}, {lat2!r}, {lon2!r}, {s12:.6f}),")
