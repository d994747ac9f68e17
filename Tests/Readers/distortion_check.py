#!/usr/bin/env python3
"""Checks that a raw package rendered through a lens distortion matches the coefficients it declares.

Usage: distortion_check.py PINHOLE_PACKAGE DISTORTED_PACKAGE

Both packages are runs of the same scene and seed (so the same poses), one without the camera's
`distortion` block and one with it. The distorted package's `raw/rgb_intrinsics.json` must carry `k1`,
`k2`, `p1`, `p2`, `k3` (OpenCV's Brown-Conrady model, docs/bundle-format.md). Each pair of JPEGs of the
same frame is compared in grey after OpenCV's own `cv2.undistort` of the distorted image with those
coefficients: by the zero-mean normalised cross-correlation (NCC) of their Sobel gradient magnitudes over
the image's central 80 % (the undistorted image's rim has no data): straight edges of the scene are
straight again, where the pinhole image has them. Two controls, the distorted image as it is and
undistorted with the coefficients negated, must both agree clearly less.

Prints one JSON object: the coefficients, the frames compared and the median NCC of each variant.
Exit 1 names the first problem; 2: bad arguments.
"""
import json
import pathlib
import sys

import cv2
import numpy as np


def package(path):
    p = pathlib.Path(path)
    return p / "raw" if (p / "raw").is_dir() else p


def intrinsics(raw):
    d = json.loads((raw / "rgb_intrinsics.json").read_text())
    k = np.array([[d["fx"], 0, d["cx"]], [0, d["fy"], d["cy"]], [0, 0, 1]], dtype=np.float64)
    return d, k


def gradient(grey):
    g = cv2.GaussianBlur(grey.astype(np.float32), (5, 5), 1.0)
    return cv2.magnitude(cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1))


def ncc(a, b):
    h, w = a.shape
    y0, y1, x0, x1 = h // 10, h - h // 10, w // 10, w - w // 10
    a = a[y0:y1, x0:x1].ravel().astype(np.float64)
    b = b[y0:y1, x0:x1].ravel().astype(np.float64)
    a -= a.mean()
    b -= b.mean()
    return float((a * b).sum() / max(1e-12, np.sqrt((a * a).sum() * (b * b).sum())))


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    pinhole, distorted = package(sys.argv[1]), package(sys.argv[2])
    declared, k = intrinsics(distorted)
    missing = [key for key in ("k1", "k2", "p1", "p2", "k3") if key not in declared]
    if missing:
        print(f"{distorted}/rgb_intrinsics.json: no {', '.join(missing)}", file=sys.stderr)
        return 1
    plain, k_plain = intrinsics(pinhole)
    if any(key in plain for key in ("k1", "k2", "p1", "p2", "k3")):
        print(f"{pinhole}/rgb_intrinsics.json: a pinhole camera declares distortion coefficients", file=sys.stderr)
        return 1
    if not np.allclose(k, k_plain):
        print("the two packages' camera matrices differ", file=sys.stderr)
        return 1
    coefficients = np.array([declared[key] for key in ("k1", "k2", "p1", "p2", "k3")], dtype=np.float64)
    names = sorted(p.name for p in (distorted / "rgb").glob("*.jpg"))
    if not names or sorted(p.name for p in (pinhole / "rgb").glob("*.jpg")) != names:
        print("the packages do not have the same JPEGs", file=sys.stderr)
        return 1
    frames = names[:: max(1, len(names) // 8)]
    scores = {"undistorted": [], "asIs": [], "negated": []}
    for name in frames:
        reference = gradient(cv2.imread(str(pinhole / "rgb" / name), cv2.IMREAD_GRAYSCALE))
        image = cv2.imread(str(distorted / "rgb" / name), cv2.IMREAD_GRAYSCALE)
        scores["undistorted"].append(ncc(gradient(cv2.undistort(image, k, coefficients)), reference))
        scores["asIs"].append(ncc(gradient(image), reference))
        scores["negated"].append(ncc(gradient(cv2.undistort(image, k, -coefficients)), reference))
    medians = {key: float(np.median(v)) for key, v in scores.items()}
    result = {"coefficients": coefficients.tolist(), "frames": len(frames), "medianNCC": medians}
    print(json.dumps(result))
    if medians["undistorted"] < 0.8:
        print(f"undistorted with its coefficients the image matches the pinhole image only to NCC {medians['undistorted']:.3f}",
              file=sys.stderr)
        return 1
    for control in ("asIs", "negated"):
        if not medians[control] < medians["undistorted"] - 0.05:
            print(f"the control {control} ({medians[control]:.3f}) is not clearly below the undistorted image "
                  f"({medians['undistorted']:.3f})", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
