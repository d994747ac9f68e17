#!/usr/bin/env python3
"""The `capture-sim lidar fit` round trip: a raw RGBD package written with a known correlated LiDAR model,
then fitted from the default model through the same scene without its lidar block; every fitted parameter
must land within the tolerance docs/lidar.md states ("lidar fit"). Usage: lidar_fit_roundtrip.py BINARY"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

# The known model (each parameter moved 20-60 % from its default) and the stated tolerances:
# relative for scales, absolute for the reliability mean and the probabilities.
KNOWN = {"rangeMeters": 6.5, "border": 3.2, "edgeOn": 4.5, "edgeOneAway": 2.0, "edgeTwoAway": 1.2,
         "reliabilityMean": -2.0, "distancePerMeter": 1.4, "farPerMeter": 2.2, "rampShare": 0.65,
         "rampWidening": 0.3, "coarsePerMeterToOneAndAHalf": 0.0018, "finePerSquareMeter": 0.0003,
         "noiseGainPerUncertainty": 3, "whitePerSquareMeter": 0.0001, "haloGap": 0.1}
RELATIVE = {"border": 0.2, "edgeOn": 0.2, "edgeOneAway": 0.2, "edgeTwoAway": 0.45, "distancePerMeter": 0.2,
            "farPerMeter": 0.2, "coarsePerMeterToOneAndAHalf": 0.2, "finePerSquareMeter": 0.35,
            "noiseGainPerUncertainty": 0.25, "whitePerSquareMeter": 0.4}
ABSOLUTE = {"rangeMeters": 0.01, "reliabilityMean": 0.15, "rampShare": 0.05,
            "rampWidening": 0.05, "haloGap": 0.03}


def main():
    binary = os.path.abspath(sys.argv[1])
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    scene = json.load(open(os.path.join(root, "Scenes", "apartment.json")))
    scene.pop("expect", None)
    # The first rooms of the walk (about 30 s of recording) keep the test short.
    scene["script"] = scene["script"][:14] + [{"action": "stop", "confirm": True}]
    # The walk and the hand the fit's tolerances were set with (before the hand looked around, issue 29):
    # the pitch held at -20 degrees, the turns and the facing turns at their earlier rates, the earlier bob.
    scene["script"][0]["pitchDegrees"] = -20
    for step in scene["script"]:
        if step["action"] == "turn":
            step["seconds"] = {60: 2.5, 80: 3}.get(step["degrees"], step["seconds"])
    scene["motion"] = {"lookAround": False, "facingTurnDegreesPerSecond": 35, "bobAmplitude": 0.015}
    work = tempfile.mkdtemp(prefix="lidar-fit-")
    try:
        # The fit's parameters are the per-frame model's: the heavy tails (which it keeps, not fits) and
        # the pose error are off in both scenes (docs/lidar.md, "lidar fit": with them on, the fit lands in
        # the reliabilityMean/distancePerMeter valley and misses distancePerMeter, farPerMeter and
        # whitePerSquareMeter by 25-30 %).
        no_tails = {"tailMinimum": 0, "tailLogSpread": 0}
        proxy = dict(scene, name="fit-proxy", lidar={"errorModel": "correlated", "correlated": no_tails},
                     tracking={"poseError": False})
        known = dict(scene, name="fit-known", lidar={"errorModel": "correlated", "correlated": dict(KNOWN, **no_tails)},
                     tracking={"poseError": False})
        for name, s in (("proxy", proxy), ("known", known)):
            json.dump(s, open(os.path.join(work, name + ".json"), "w"))
        subprocess.run([binary, "run", os.path.join(work, "known.json"), "--out", os.path.join(work, "out"),
                        "--format", "raw-rgbd", "--no-images", "--no-progress"], check=True, stdout=subprocess.DEVNULL)
        fitted_path = os.path.join(work, "fitted.json")
        subprocess.run([binary, "lidar", "fit", os.path.join(work, "out", "fit-known-raw"), "--scene",
                        os.path.join(work, "proxy.json"), "--frames", "120", "--out", fitted_path], check=True)
        fitted = json.load(open(fitted_path))
        assert fitted["errorModel"] == "correlated", fitted
        failures = []
        for key, truth in KNOWN.items():
            value = fitted["correlated"][key]
            if key in RELATIVE:
                ok = abs(value - truth) <= RELATIVE[key] * abs(truth)
                allowed = f"{RELATIVE[key] * 100:.0f} %"
            else:
                ok = abs(value - truth) <= ABSOLUTE[key]
                allowed = f"{ABSOLUTE[key]}"
            line = f"  {key:30s} known {truth:<10g} fitted {value:<10g} (allowed {allowed})"
            print(line + ("" if ok else "   FAIL"))
            if not ok:
                failures.append(key)
        if failures:
            print("lidar fit round trip: not recovered: " + ", ".join(failures))
            sys.exit(1)
        print(f"lidar fit round trip: all {len(KNOWN)} parameters recovered within tolerance")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
