#!/usr/bin/env python3
"""Camera images measured the way a vision pipeline sees them: the image statistics of issue 29's
table and a feature-based visual odometry against the package's poses.

Usage:
  camera_check.py PACKAGE [--reference PHOTO] [--frames 30] [--pairs 120|all] [--gap-seconds 0.333]
                  [--check] [--json]

PACKAGE is a raw RGBD package (raw/rgb/NNNNN.jpg, raw/poses.csv, raw/rgb_intrinsics.json; its parent
folder or the raw/ folder itself also do) or a single image (then only the statistics). PHOTO (default
../shared/realism/phone-photo.jpg when it exists) is the real phone photo printed beside it.

Every image is read by OpenCV and brought to 640x480 with `cv2.INTER_AREA` (the real photo is
1920x1440), then:

| statistic | definition |
|---|---|
| sharpness | variance of `cv2.Laplacian(grey, CV_64F)` (3x3 aperture) |
| edge density | share of pixels whose gradient is above 10 grey levels a pixel: 3x3 Sobel of the grey image smoothed by `cv2.GaussianBlur(5x5, sigma from the size)`, magnitude divided by 8 (Sobel's weight) |
| noise | Immerkaer's estimate on flat regions: sqrt(pi/2) / 6 x mean of abs of the 3x3 mask [1 -2 1; -2 4 -2; 1 -2 1] over the pixels whose 3x3 Sobel magnitude (unsmoothed, not divided) is below 20 (robust: texture and edges left out), grey levels |
| colour entropy | Shannon entropy, bits, of the joint histogram of R, G, B quantised to 16 levels each (4096 bins) |
| grey std / saturation | standard deviation of the grey image (`COLOR_BGR2GRAY`); mean of OpenCV's HSV saturation / 255 |
| ORB features | `cv2.ORB_create(nfeatures=2000).detect(grey)`: keypoints found, at most 2000 |

Grey is OpenCV's BGR2GRAY (0.299 R + 0.587 G + 0.114 B). For a package the statistics are taken on
`--frames` JPEGs evenly spread over the recording and printed as min-max (median).

Visual odometry: pairs of JPEGs `--gap-seconds` apart (the frame numbers of raw/poses.csv are depth
frames; the gap is converted through the number of depth frames per second, 60), `--pairs` of them
evenly spread, or with `--pairs all` every pair the package has (each JPEG with one `--gap-seconds`
later: about 3,200 on the apartment, three minutes). 120 pairs are a sample whose count moves by a few
pairs with changes that leave the images' statistics as they are; compare changes over every pair.
Each pair: ORB (2000 features) on both, brute-force Hamming matching with cross check,
`cv2.findEssentialMat` (RANSAC, probability 0.999, threshold 1 pixel) with the package's camera
intrinsics, `cv2.recoverPose`. A pair tracks when RANSAC keeps at least 60 inlier matches for the essential matrix and
the rotation recoverPose takes from it differs from the poses' relative rotation by less than 1 degree (the angle of
R_est^T R_true). The poses are the package's true poses, `raw/poses_true.csv` (OpenCV camera, Z-up
world; `raw/poses.csv` holds the tracker's estimate, which is not the truth; a package without the true
poses, a logged capture, falls back to it and says so).

With `--check` the exit code is 1 unless every statistic's median is within the issue's factors of the
reference photo's value (x0.4 to x2.5; colour entropy x0.75 to x1.3; ORB features at least half) and at
least 90 % of the pairs track. Exit 2: bad arguments, 3: nothing to read.
"""
import argparse
import json
import math
import pathlib
import sys

import numpy as np

try:
    import cv2
except ImportError:  # pragma: no cover - the Makefile installs it
    print("camera_check.py needs OpenCV: python3 -m pip install opencv-python-headless", file=sys.stderr)
    sys.exit(3)

SIZE = (640, 480)
DEPTH_FRAMES_PER_SECOND = 60.0
STATISTICS = [
    # key, label, low factor, high factor
    ("sharpness", "sharpness: variance of the Laplacian", 0.4, 2.5),
    ("edge_density", "edge density: share of pixels with gradient > 10 grey levels, %", 0.4, 2.5),
    ("noise", "sensor noise on flat regions (Immerkaer, robust), grey levels", 0.4, 2.5),
    ("colour_entropy", "colour entropy (16 levels per channel), bits", 0.75, 1.3),
    ("grey_std", "grey standard deviation", 0.4, 2.5),
    ("saturation", "mean saturation", 0.4, 2.5),
    ("orb", "ORB features per frame (at most 2000)", 0.5, math.inf),
]
IMMERKAER = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], dtype=np.float64)


def load(path: pathlib.Path) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{path}: not an image OpenCV reads")
    if (image.shape[1], image.shape[0]) != SIZE:
        image = cv2.resize(image, SIZE, interpolation=cv2.INTER_AREA)
    return image


def statistics(image: np.ndarray) -> dict:
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    g = grey.astype(np.float64)
    smooth = cv2.GaussianBlur(g, (5, 5), 0)
    gx = cv2.Sobel(smooth, cv2.CV_64F, 1, 0) / 8
    gy = cv2.Sobel(smooth, cv2.CV_64F, 0, 1) / 8
    sobel = np.hypot(cv2.Sobel(g, cv2.CV_64F, 1, 0), cv2.Sobel(g, cv2.CV_64F, 0, 1))[1:-1, 1:-1]
    response = np.abs(cv2.filter2D(g, cv2.CV_64F, IMMERKAER))[1:-1, 1:-1]
    flat = sobel < 20
    noise = math.sqrt(math.pi / 2) / 6 * float(response[flat].mean()) if flat.any() else float("nan")
    q = (image >> 4).astype(np.int32)
    counts = np.bincount((q[..., 0] * 256 + q[..., 1] * 16 + q[..., 2]).ravel(), minlength=4096).astype(np.float64)
    p = counts[counts > 0] / counts.sum()
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    orb = cv2.ORB_create(nfeatures=2000)
    return {
        "sharpness": float(cv2.Laplacian(grey, cv2.CV_64F).var()),
        "edge_density": 100.0 * float((np.hypot(gx, gy) > 10).mean()),
        "noise": noise,
        "colour_entropy": float(-(p * np.log2(p)).sum()),
        "grey_std": float(g.std()),
        "saturation": float(hsv[..., 1].mean()) / 255.0,
        "orb": float(len(orb.detect(grey, None))),
    }


def package_folder(path: pathlib.Path) -> pathlib.Path | None:
    """The folder holding rgb/, poses.csv and rgb_intrinsics.json, or None."""
    for candidate in (path / "raw", path):
        if (candidate / "rgb").is_dir() and (candidate / "poses.csv").is_file():
            return candidate
    subfolders = [p for p in path.iterdir() if p.is_dir()] if path.is_dir() else []
    for sub in subfolders:
        if (sub / "raw" / "rgb").is_dir():
            return sub / "raw"
    return None


def read_poses(path: pathlib.Path) -> dict:
    """Frame number -> (R 3x3 camera-to-world, t) from poses.csv (x, y, z, qx, qy, qz, qw)."""
    poses = {}
    with open(path) as f:
        header = f.readline().strip().split(",")
        if header[:8] != ["frame", "x", "y", "z", "qx", "qy", "qz", "qw"]:
            raise ValueError(f"{path}: line 1: expected the header frame,x,y,z,qx,qy,qz,qw")
        for number, line in enumerate(f, start=2):
            fields = line.strip().split(",")
            if len(fields) < 8:
                raise ValueError(f"{path}: line {number}: expected 8 fields, found {len(fields)}")
            frame = int(fields[0])
            x, y, z, qx, qy, qz, qw = (float(v) for v in fields[1:8])
            poses[frame] = (quaternion_matrix(qx, qy, qz, qw), np.array([x, y, z]))
    return poses


def quaternion_matrix(x: float, y: float, z: float, w: float) -> np.ndarray:
    n = math.sqrt(x * x + y * y + z * z + w * w)
    x, y, z, w = x / n, y / n, z / n, w / n
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def rotation_degrees(r: np.ndarray) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, (np.trace(r) - 1) / 2))))


def odometry(folder: pathlib.Path, frames: list, poses: dict, pairs: int, gap_seconds: float) -> dict:
    with open(folder / "rgb_intrinsics.json") as f:
        k = json.load(f)
    camera = np.array([[k["fx"], 0, k["cx"]], [0, k["fy"], k["cy"]], [0, 0, 1]], dtype=np.float64)
    scale = SIZE[0] / float(k["width"])
    camera[:2] *= scale
    gap = int(round(gap_seconds * DEPTH_FRAMES_PER_SECOND))
    available = set(frames)
    starts = [f for f in frames if f + gap in available and f in poses and f + gap in poses]
    if not starts:
        return {"pairs": 0, "tracked": 0, "share": 0.0, "inliers_median": 0, "error_median": float("nan")}
    chosen = [starts[int(i * len(starts) / min(pairs, len(starts)))] for i in range(min(pairs, len(starts)))]
    orb = cv2.ORB_create(nfeatures=2000)
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING, crossCheck=True)
    tracked = 0
    inliers_all, errors = [], []
    for f in chosen:
        a = cv2.cvtColor(load(folder / "rgb" / f"{f:05d}.jpg"), cv2.COLOR_BGR2GRAY)
        b = cv2.cvtColor(load(folder / "rgb" / f"{f + gap:05d}.jpg"), cv2.COLOR_BGR2GRAY)
        ka, da = orb.detectAndCompute(a, None)
        kb, db = orb.detectAndCompute(b, None)
        inliers, error = 0, 180.0
        if da is not None and db is not None and len(ka) >= 8 and len(kb) >= 8:
            matches = matcher.match(da, db)
            if len(matches) >= 8:
                pa = np.float64([ka[m.queryIdx].pt for m in matches])
                pb = np.float64([kb[m.trainIdx].pt for m in matches])
                try:
                    e, mask = cv2.findEssentialMat(pa, pb, camera, method=cv2.RANSAC, prob=0.999, threshold=1.0)
                except cv2.error:
                    # OpenCV 5's five-point solver asserts on a degenerate sample (a zero leading
                    # coefficient): no essential matrix, the pair does not track.
                    e, mask = None, None
                if e is not None and e.shape[0] >= 3 and mask is not None:
                    # Inliers: the matches RANSAC keeps for the essential matrix (recoverPose's cheirality
                    # count drops to a few when the pair's baseline is tiny, though the rotation is right).
                    inliers = int(mask.sum())
                    _, r, _, _ = cv2.recoverPose(e[:3], pa, pb, camera, mask=mask.copy())
                    # x_b = R_true x_a: camera a to camera b in OpenCV cameras.
                    ra, rb = poses[f][0], poses[f + gap][0]
                    r_true = rb.T @ ra
                    error = rotation_degrees(r.T @ r_true)
        inliers_all.append(int(inliers))
        errors.append(error)
        if inliers >= 60 and error < 1.0:
            tracked += 1
    return {"pairs": len(chosen), "tracked": tracked, "share": tracked / len(chosen),
            "inliers_median": float(np.median(inliers_all)), "error_median": float(np.median(errors)),
            "gap_frames": gap}


def summary(values: list) -> dict:
    v = np.array(values, dtype=np.float64)
    return {"min": float(v.min()), "median": float(np.median(v)), "max": float(v.max())}


def fmt(key: str, value: float) -> str:
    if key in ("sharpness", "orb", "grey_std"):
        return f"{value:.0f}"
    if key in ("edge_density", "colour_entropy"):
        return f"{value:.1f}"
    return f"{value:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package")
    # ../shared/realism/phone-photo.jpg beside the repository (or beside a folder holding it).
    references = [a / "shared" / "realism" / "phone-photo.jpg" for a in pathlib.Path(__file__).resolve().parents[3:]]
    default_reference = next((r for r in references if r.exists()), None)
    parser.add_argument("--reference", default=str(default_reference) if default_reference else None)
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--pairs", default="120", help="how many pairs, or all")
    parser.add_argument("--gap-seconds", type=float, default=1.0 / 3.0)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pairs = sys.maxsize if args.pairs == "all" else int(args.pairs) if args.pairs.isdigit() else 0
    if args.frames < 1 or pairs < 1 or args.gap_seconds <= 0:
        print("camera_check.py: --frames and --pairs must be at least 1 (--pairs may be all), --gap-seconds above 0",
              file=sys.stderr)
        return 2
    path = pathlib.Path(args.package)
    if not path.exists():
        print(f"{path}: no such file or folder", file=sys.stderr)
        return 3
    result: dict = {}
    folder = None if path.is_file() else package_folder(path)
    if path.is_file():
        result["ours"] = {k: summary([v]) for k, v in statistics(load(path)).items()}
        result["images"] = 1
    else:
        if folder is None:
            print(f"{path}: no raw/rgb/*.jpg with raw/poses.csv", file=sys.stderr)
            return 3
        files = sorted((folder / "rgb").glob("*.jpg"))
        if not files:
            print(f"{folder / 'rgb'}: no JPEGs", file=sys.stderr)
            return 3
        picked = [files[int(i * len(files) / min(args.frames, len(files)))] for i in range(min(args.frames, len(files)))]
        per_image = [statistics(load(p)) for p in picked]
        result["ours"] = {k: summary([s[k] for s in per_image]) for k in per_image[0]}
        result["images"] = len(picked)
        frames = [int(p.stem) for p in files]
        truth = folder / "poses_true.csv"
        if not truth.is_file():
            print(f"{folder}: no poses_true.csv; measuring against the estimate in poses.csv", file=sys.stderr)
            truth = folder / "poses.csv"
        result["odometry"] = odometry(folder, frames, read_poses(truth), pairs, args.gap_seconds)
        result["odometry"]["poses"] = truth.name
    if args.reference:
        result["reference"] = statistics(load(pathlib.Path(args.reference)))
    failures = []
    if "reference" in result:
        for key, label, low, high in STATISTICS:
            real, ours = result["reference"][key], result["ours"][key]["median"]
            if not (low * real <= ours <= high * real):
                failures.append(f"{label}: median {fmt(key, ours)} outside x{low}-x{high} of {fmt(key, real)}")
    if "odometry" in result and result["odometry"]["share"] < 0.9:
        failures.append(f"visual odometry tracked {100 * result['odometry']['share']:.0f} % of pairs (< 90 %)")
    result["failures"] = failures
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"| statistic | real photo | {path.name} ({result['images']} images: min-max (median)) |")
        print("|---|---|---|")
        for key, label, _, _ in STATISTICS:
            real = fmt(key, result["reference"][key]) if "reference" in result else "-"
            s = result["ours"][key]
            ours = fmt(key, s["median"]) if result["images"] == 1 else \
                f"{fmt(key, s['min'])}-{fmt(key, s['max'])} ({fmt(key, s['median'])})"
            print(f"| {label} | {real} | {ours} |")
        if "odometry" in result:
            o = result["odometry"]
            print(f"\nvisual odometry ({o['pairs']} pairs {args.gap_seconds:.3f} s apart): {o['tracked']} tracked "
                  f"({100 * o['share']:.1f} %: >= 60 inliers and rotation error < 1 degree); "
                  f"median inliers {o['inliers_median']:.0f}, median rotation error {o['error_median']:.2f} degrees")
        for failure in failures:
            print(f"outside the target: {failure}")
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
