#!/usr/bin/env python3
"""Share of depth-edge pixels in a raw RGBD package's depth maps (raw/depth/NNNNN.png, 16-bit
millimetres, 0 = no data).

A pixel is a depth-edge pixel when it has depth and one of its 4-neighbours has no depth or has depth
that differs from it by more than 5 % of the pixel's own depth (the renderer's depth-edge rule,
docs/scene-format.md `lidar.edgeRelativeJump`; pixels on the image border have fewer neighbours). The
share is over all pixels with depth, pooled over the frames read. Issue 12's table gives 4.8-5.2 % for real captures.

Usage: depth_edge_share.py RAW_PACKAGE_FOLDER [--every N] [--jump 0.05]
Prints the share in per cent, the frames read and the pixels counted.
"""
import argparse
import pathlib
import sys

import numpy as np
from PIL import Image


def edge_counts(depth: np.ndarray, jump: float) -> tuple[int, int]:
    d = depth.astype(np.float64)
    valid = d > 0
    padded = np.pad(d, 1, mode="edge")  # the border pixel is its own neighbour: no edge
    edge = np.zeros(d.shape, dtype=bool)
    for n in (padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:]):
        edge |= (n <= 0) | (np.abs(n - d) > jump * d)
    return int((edge & valid).sum()), int(valid.sum())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package")
    parser.add_argument("--every", type=int, default=10, help="read every N-th depth frame (default 10)")
    parser.add_argument("--jump", type=float, default=0.05, help="relative jump that makes an edge (default 0.05)")
    args = parser.parse_args()
    folder = pathlib.Path(args.package)
    files = sorted((folder / "raw" / "depth").glob("*.png")) or sorted((folder / "depth").glob("*.png"))
    if not files:
        print(f"{folder}: no raw/depth/*.png", file=sys.stderr)
        return 3
    edges = valid = frames = 0
    for path in files[:: max(1, args.every)]:
        e, v = edge_counts(np.asarray(Image.open(path)), args.jump)
        edges += e
        valid += v
        frames += 1
    share = 100.0 * edges / max(1, valid)
    print(f"depth-edge pixels: {share:.2f} % ({edges} of {valid} pixels with depth, {frames} frames of {len(files)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
