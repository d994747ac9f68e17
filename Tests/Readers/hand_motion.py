#!/usr/bin/env python3
"""Hand-held motion statistics of a camera trajectory: how the phone is pitched, how its height moves
and how fast it turns (issue 29's hand targets).

Usage: hand_motion.py TRAJECTORY [--check] [--json]

TRAJECTORY is a CubiCapture bundle folder or its arkitData.json (the recorded frames: `recorded`
true, in order), or a text log of ARKit camera transforms, one line a frame: a time stamp in
nanoseconds then the 3x4 camera-to-world matrix row by row (ARKit-Data-Logger's format; `#` lines
skipped). Both are ARKit's world (Y up, metres) and camera (looking along -Z).

Statistics (degrees, metres, seconds):

| statistic | definition |
|---|---|
| pitch median, p5..p95 | elevation of the camera's viewing axis (-Z column of the rotation) above the horizontal plane |
| height range | highest minus lowest camera height (world Y) |
| yaw-rate p95 | 95th percentile of the absolute heading rate, the heading (azimuth of the viewing axis) differenced over 0.1 s and divided by the time between, at every frame |

With `--check` the exit code is 1 unless the pitch median is within -10..-4, p5 and p95 within
-37..+2, the height range within 0.09..0.19 m and the yaw-rate p95 within 30..41 degrees a second.
"""
import argparse
import json
import math
import pathlib
import sys

import numpy as np


def read_arkit_data(path: pathlib.Path):
    with open(path) as f:
        data = json.load(f)
    times, matrices = [], []
    for frame in data["frames"]:
        if not frame.get("recorded"):
            continue
        t = frame["transform"]
        if any(v is None for v in t):
            continue
        # simd_float4x4 columns, column-major: element (row r, column c) at c * 4 + r.
        m = np.array(t, dtype=np.float64).reshape(4, 4).T
        times.append(frame["time"])
        matrices.append(m[:3, :4])
    return np.array(times), np.array(matrices)


def read_logger(path: pathlib.Path):
    times, matrices = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            v = [float(x) for x in line.split()]
            times.append(v[0] * 1e-9)
            matrices.append(np.array(v[1:13]).reshape(3, 4))
    return np.array(times), np.array(matrices)


def statistics(times: np.ndarray, matrices: np.ndarray) -> dict:
    forward = -matrices[:, :, 2]
    pitch = np.degrees(np.arcsin(np.clip(forward[:, 1] / np.linalg.norm(forward, axis=1), -1, 1)))
    heading = np.arctan2(-forward[:, 0], -forward[:, 2])
    height = matrices[:, 1, 3]
    rates = []
    j = 0
    for i in range(len(times)):
        while j < len(times) and times[j] < times[i] + 0.1 - 1e-9:
            j += 1
        if j >= len(times):
            break
        d = (heading[j] - heading[i] + math.pi) % (2 * math.pi) - math.pi
        rates.append(abs(math.degrees(d)) / (times[j] - times[i]))
    return {
        "frames": int(len(times)),
        "seconds": float(times[-1] - times[0]) if len(times) else 0.0,
        "pitch_median": float(np.median(pitch)),
        "pitch_p5": float(np.percentile(pitch, 5)),
        "pitch_p95": float(np.percentile(pitch, 95)),
        "height_range": float(height.max() - height.min()),
        "yaw_rate_p95": float(np.percentile(rates, 95)) if rates else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trajectory")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    path = pathlib.Path(args.trajectory)
    if path.is_dir():
        path = path / "arkitData.json"
    if not path.is_file():
        print(f"{path}: no such file", file=sys.stderr)
        return 3
    times, matrices = read_arkit_data(path) if path.suffix == ".json" else read_logger(path)
    if len(times) < 2:
        print(f"{path}: fewer than two recorded frames", file=sys.stderr)
        return 3
    s = statistics(times, matrices)
    failures = []
    if not -10 <= s["pitch_median"] <= -4:
        failures.append("pitch median outside -10..-4 degrees")
    if not (-37 <= s["pitch_p5"] and s["pitch_p95"] <= 2):
        failures.append("pitch p5..p95 outside -37..+2 degrees")
    if not 0.09 <= s["height_range"] <= 0.19:
        failures.append("height range outside 9-19 cm")
    if not 30 <= s["yaw_rate_p95"] <= 41:
        failures.append("yaw-rate p95 outside 30-41 degrees a second")
    s["failures"] = failures
    if args.json:
        print(json.dumps(s, indent=2))
    else:
        print(f"{path}: {s['frames']} frames over {s['seconds']:.1f} s")
        print(f"pitch median {s['pitch_median']:.1f} deg, p5..p95 {s['pitch_p5']:.1f}..{s['pitch_p95']:.1f} deg "
              f"(target median -10..-4, p5..p95 within -37..+2)")
        print(f"height range {100 * s['height_range']:.1f} cm (target 9-19)")
        print(f"yaw-rate p95 {s['yaw_rate_p95']:.1f} deg/s (target 30-41)")
        for failure in failures:
            print(f"outside the target: {failure}")
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
