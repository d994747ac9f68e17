#!/usr/bin/env python3
"""What a reconstruction pipeline sees in a raw RGBD package (docs/lidar.md, "What a reconstruction pipeline
sees"): stretches of 600 frames fused with Open3D, then measured against the fused mesh.

Usage:
    pipeline_check.py PACKAGE [--stretches 3] [--frames 600] [--held-out 30] [--json FILE] [--check]

PACKAGE is a raw RGBD package (manifest.json, raw/depth, raw/confidence, raw/poses.csv, raw/intrinsics.json;
with `--poses true` its raw/poses_true.csv instead of the recorded poses)
or a Stray Scanner export (depth/, confidence/, odometry.csv, camera_matrix.csv; OpenCV camera).

For each stretch (evenly spread over the capture, `--frames` consecutive frames):
  fusion    every 2nd frame into an Open3D VoxelBlockGrid TSDF: 1 cm voxels, 4 cm truncation, depth <= 5 m,
            confidence >= 1 (other pixels set to 0 before integration); the mesh is its marching-cubes surface.
  held-out  `--held-out` of the other frames, evenly spread; each is compared with the mesh ray-cast from its
            recorded pose (the depth at each pixel where the mesh is hit within 5 m).
Measures (the rows of the table in docs/lidar.md):
  wall_thickness_mm      robust sigma (1.4826 MAD) of the point-to-plane distances of the 3 largest planes
                         (RANSAC on the mesh vertices, 5 cm inlier distance, 2000 iterations, seeded, on one
                         thread so that it repeats; plane refitted by least squares to its inliers), median
                         of the three
  heldout_median_mm, heldout_p95_mm, heldout_share_5cm
                         |observed - mesh depth| of held-out pixels with confidence >= 1 and depth <= 5 m:
                         median, 95th percentile, share above 5 cm
  conf0_interior_p95_m   the same for confidence-0 pixels at least 3 px (Euclidean) from a depth edge
                         (fid_compare.py's edge_lines: a 5 % jump to a 4-neighbour or a neighbour without depth)
  conf2_icp_sigma_mm     after ICP: robust sigma of (observed - mesh depth) of confidence-2 pixels at least 3 px
                         from an edge with depth in [2, 3) m
  floating_share         share of the mesh's triangles in connected parts of fewer than 100 triangles
  icp_mm, icp_deg        point-to-plane ICP (Open3D, 5 cm correspondence distance, 30 iterations) of each
                         held-out frame's confidence >= 1 points (depth <= 5 m) to the mesh's vertices, from
                         the recorded pose: median translation and rotation of the correction
Each printed value is the range over the stretches; the JSON has every stretch. With --check, exits 1 when a
measure lies outside the real range widened by 25 % of its nearer end (REAL below).
"""
import argparse
import glob
import json
import math
import multiprocessing
import os
import sys

import numpy as np
from PIL import Image
from scipy import ndimage

try:
    import open3d as o3d
    import open3d.core as o3c
except ImportError:  # pragma: no cover - the make target installs it
    sys.exit("pipeline_check.py needs Open3D: python3 -m pip install open3d-cpu (make realism does this)")

VOXEL = 0.01
TRUNC_VOXELS = 4.0
DEPTH_MAX = 5.0
PLANE_DISTANCE = 0.05
ICP_DISTANCE = 0.05

# The real ranges (three stretches of two iPhone/iPad LiDAR captures of a furnished room, issue 28).
REAL = {
    "wall_thickness_mm": (9.2, 11.8),
    "heldout_median_mm": (6, 20),
    "heldout_p95_mm": (127, 1385),
    "heldout_share_5cm": (0.12, 0.24),
    "conf0_interior_p95_m": (0.78, 2.7),
    "conf2_icp_sigma_mm": (14.6, 17.2),
    "floating_share": (0.040, 0.069),
    "icp_mm": (9, 20),
    "icp_deg": (0.24, 0.47),
}
LABELS = [
    ("wall_thickness_mm", "fused wall thickness: robust sigma of the 3 largest planes, median (mm)", "%.1f"),
    ("heldout_median_mm", "held-out depth vs mesh, conf >= 1: median |d| (mm)", "%.1f"),
    ("heldout_p95_mm", "held-out depth vs mesh, conf >= 1: p95 |d| (mm)", "%.0f"),
    ("heldout_share_5cm", "held-out depth vs mesh, conf >= 1: share > 5 cm (%)", None),
    ("conf0_interior_p95_m", "confidence-0 pixels away from edges: p95 |d| (m)", "%.2f"),
    ("conf2_icp_sigma_mm", "confidence-2 interior at 2-3 m after ICP: robust sigma (mm)", "%.1f"),
    ("floating_share", "mesh triangles in floating parts < 100 triangles (%)", None),
    ("icp_mm", "ICP correction of each held-out frame, median (mm)", "%.1f"),
    ("icp_deg", "ICP correction of each held-out frame, median (deg)", "%.2f"),
]


def quat_to_R(qx, qy, qz, qw):
    n = math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw)
    x, y, z, w = qx / n, qy / n, qz / n, qw / n
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def pose(t, q):
    T = np.eye(4)
    T[:3, :3] = quat_to_R(*q)
    T[:3, 3] = t
    return T


class Capture:
    """Depth (metres), confidence and camera-to-world poses (OpenCV camera) of a raw package or Stray export."""

    def __init__(self, path, true_poses=False):
        path = os.path.abspath(path)
        subs = [d for d in glob.glob(os.path.join(path, "*")) if os.path.exists(os.path.join(d, "raw", "intrinsics.json"))]
        if not os.path.exists(os.path.join(path, "raw", "intrinsics.json")) and len(subs) == 1:
            path = subs[0]
        if os.path.exists(os.path.join(path, "raw", "intrinsics.json")):
            raw = os.path.join(path, "raw")
            self.depth_files = sorted(glob.glob(os.path.join(raw, "depth", "*.png")))
            self.conf_files = sorted(glob.glob(os.path.join(raw, "confidence", "*.png")))
            k = json.load(open(os.path.join(raw, "intrinsics.json")))
            self.K = (k["fx"], k["fy"], k["cx"], k["cy"])
            # The recorded poses (the tracker's estimate), as a pipeline reads a phone's capture and as the
            # real captures' measures were taken; --poses true reads the package's raw/poses_true.csv.
            lines = open(os.path.join(raw, "poses_true.csv" if true_poses else "poses.csv")).read().split("\n")
            header = [h.strip() for h in lines[0].split(",")]
            col = {name: header.index(name) for name in ("frame", "x", "y", "z", "qx", "qy", "qz", "qw")}
            poses = {}
            for line in lines[1:]:
                if not line.strip():
                    continue
                f = [float(v) for v in line.split(",")]
                poses[int(f[col["frame"]])] = pose([f[col[a]] for a in "xyz"], [f[col[a]] for a in ("qx", "qy", "qz", "qw")])
            self.poses = [poses[int(os.path.basename(p)[:-4])] for p in self.depth_files]
        elif os.path.exists(os.path.join(path, "odometry.csv")):
            self.depth_files = sorted(glob.glob(os.path.join(path, "depth", "*.png")))
            self.conf_files = sorted(glob.glob(os.path.join(path, "confidence", "*.png")))
            w, _ = Image.open(self.depth_files[0]).size
            cm = np.loadtxt(os.path.join(path, "camera_matrix.csv"), delimiter=",")
            s = w / 1920.0
            self.K = (cm[0, 0] * s, cm[1, 1] * s, (cm[0, 2] + 0.5) * s - 0.5, (cm[1, 2] + 0.5) * s - 0.5)
            od = np.genfromtxt(os.path.join(path, "odometry.csv"), delimiter=",", skip_header=1)
            by_frame = {int(r[1]): pose(r[2:5], r[5:9]) for r in od}
            self.poses = [by_frame[int(os.path.basename(p)[:-4])] for p in self.depth_files]
        else:
            sys.exit("%s: neither a raw RGBD package nor a Stray Scanner export" % path)
        if len(self.conf_files) != len(self.depth_files):
            sys.exit("%s: %d depth maps but %d confidence maps" % (path, len(self.depth_files), len(self.conf_files)))
        self.n = len(self.depth_files)
        self.path = path

    def depth_mm(self, i):
        return np.array(Image.open(self.depth_files[i])).astype(np.uint16)

    def conf(self, i):
        return np.array(Image.open(self.conf_files[i])).astype(np.uint8)


def edge_lines(z, jump=0.05):
    """fid_compare.py's depth-edge pixels: a 4-neighbour more than 5 % away, or a neighbour without depth."""
    v = z > 0
    e = np.zeros(z.shape, bool)
    for a, b, sa, sb in [(z[:, :-1], z[:, 1:], (slice(None), slice(None, -1)), (slice(None), slice(1, None))),
                         (z[:-1, :], z[1:, :], (slice(None, -1), slice(None)), (slice(1, None), slice(None)))]:
        va, vb = a > 0, b > 0
        big = (va & vb & (np.abs(a - b) > jump * np.minimum(a, b))) | (va != vb)
        e[sa] |= big
        e[sb] |= big
    return e & v


def robust_sigma(x):
    x = np.asarray(x)
    if x.size < 10:
        return float("nan")
    return float(1.4826 * np.median(np.abs(x - np.median(x))))


def intrinsic_matrix(K):
    fx, fy, cx, cy = K
    return np.array([[fx, 0, cx], [0, fy, cy], [0, 0, 1]], dtype=np.float64)


def fuse(cap, frames):
    device = o3c.Device("CPU:0")
    vbg = o3d.t.geometry.VoxelBlockGrid(attr_names=("tsdf", "weight"), attr_dtypes=(o3c.float32, o3c.float32),
                                        attr_channels=((1), (1)), voxel_size=VOXEL, block_resolution=16,
                                        block_count=60000, device=device)
    K = o3c.Tensor(intrinsic_matrix(cap.K))
    for i in frames:
        d = cap.depth_mm(i)
        d[cap.conf(i) < 1] = 0
        depth = o3d.t.geometry.Image(o3c.Tensor(d))
        extrinsic = o3c.Tensor(np.linalg.inv(cap.poses[i]))
        blocks = vbg.compute_unique_block_coordinates(depth, K, extrinsic, 1000.0, DEPTH_MAX, TRUNC_VOXELS)
        vbg.integrate(blocks, depth, K, extrinsic, 1000.0, DEPTH_MAX, TRUNC_VOXELS)
    return vbg.extract_triangle_mesh().to_legacy()


def plane_worker():
    """The child process the RANSAC runs in, with one OpenMP thread: Open3D's multithreaded segment_plane
    picks different inliers from run to run even with its seed set (the wall thickness moved by 2-3 mm
    between two runs on one package); on one thread, and with the vertices sorted, the measure repeats
    exactly. One worker serves every stretch."""
    before = os.environ.get("OMP_NUM_THREADS")
    os.environ["OMP_NUM_THREADS"] = "1"  # read by the child's OpenMP when it imports Open3D
    try:
        return multiprocessing.get_context("spawn").Pool(1)  # the child starts here, with the variable set
    finally:
        if before is None:
            del os.environ["OMP_NUM_THREADS"]
        else:
            os.environ["OMP_NUM_THREADS"] = before


def largest_planes(mesh, worker, count=3):
    """The robust sigmas of the `count` largest planes' inliers, by RANSAC in `worker` (``plane_worker``)."""
    points = np.asarray(mesh.vertices)
    # The vertices in a fixed order: the mesh's own order changes from run to run (its voxel blocks live
    # in a hash map filled in parallel), and RANSAC's seeded draws pick points by index.
    points = points[np.lexsort((points[:, 2], points[:, 1], points[:, 0]))]
    return worker.apply(plane_sigmas, (points, count))


def plane_sigmas(pts, count):
    o3d.utility.random.seed(28)
    o3d.utility.set_verbosity_level(o3d.utility.VerbosityLevel.Error)
    pcd = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(pts))
    sigmas = []
    for _ in range(count):
        if len(pcd.points) < 500:
            break
        _, inliers = pcd.segment_plane(distance_threshold=PLANE_DISTANCE, ransac_n=3, num_iterations=2000)
        p = np.asarray(pcd.points)[inliers]
        c = p.mean(0)
        normal = np.linalg.svd(p - c, full_matrices=False)[2][2]
        sigmas.append(robust_sigma((p - c) @ normal))
        pcd = pcd.select_by_index(inliers, invert=True)
    return sigmas


def mesh_depth(scene, T_wc, K, shape):
    """Z-depth of the mesh seen from camera-to-world pose T_wc (OpenCV camera); 0 where not hit within 5 m."""
    fx, fy, cx, cy = K
    H, W = shape
    u, v = np.meshgrid(np.arange(W, dtype=np.float64), np.arange(H, dtype=np.float64))
    dirs = np.stack([(u - cx) / fx, (v - cy) / fy, np.ones_like(u)], -1)
    R, t = T_wc[:3, :3], T_wc[:3, 3]
    world_dirs = dirs.reshape(-1, 3) @ R.T
    rays = np.concatenate([np.broadcast_to(t, world_dirs.shape), world_dirs], 1).astype(np.float32)
    hit = scene.cast_rays(o3c.Tensor(rays))["t_hit"].numpy().reshape(H, W)  # along dirs, whose z is 1: z-depth
    hit[~np.isfinite(hit)] = 0
    hit[hit > DEPTH_MAX] = 0
    return hit


def points(z, K, mask):
    fx, fy, cx, cy = K
    ys, xs = np.nonzero(mask)
    zz = z[ys, xs]
    return np.stack([(xs - cx) / fx * zz, (ys - cy) / fy * zz, zz], 1)


def correction(T_init, T_icp):
    D = np.linalg.inv(T_init) @ T_icp
    angle = math.degrees(math.acos(max(-1.0, min(1.0, (np.trace(D[:3, :3]) - 1) / 2))))
    return float(np.linalg.norm(D[:3, 3])), angle


def measure_stretch(cap, start, length, held_out, worker):
    fused = list(range(start, start + length, 2))
    others = list(range(start + 1, start + length, 2))
    pick = np.unique(np.linspace(0, len(others) - 1, min(held_out, len(others))).astype(int))
    held = [others[k] for k in pick]
    mesh = fuse(cap, fused)
    mesh.compute_vertex_normals()
    out = {"start": start, "frames": length, "fused": len(fused), "held_out": len(held),
           "triangles": len(mesh.triangles)}
    sig = largest_planes(mesh, worker)
    out["plane_sigmas_mm"] = [s * 1000 for s in sig]
    out["wall_thickness_mm"] = float(np.median(sig) * 1000) if sig else float("nan")
    clusters, counts, _ = mesh.cluster_connected_triangles()
    clusters, counts = np.asarray(clusters), np.asarray(counts)
    out["floating_share"] = float(counts[counts < 100].sum() / max(1, len(clusters)))
    scene = o3d.t.geometry.RaycastingScene()
    scene.add_triangles(o3d.t.geometry.TriangleMesh.from_legacy(mesh))
    target = o3d.geometry.PointCloud(mesh.vertices)
    target.normals = mesh.vertex_normals
    diffs, conf0, after, icp_t, icp_r = [], [], [], [], []
    for i in held:
        z = cap.depth_mm(i).astype(np.float64) / 1000
        c = cap.conf(i)
        e = edge_lines(z)
        dist = ndimage.distance_transform_edt(~e) if e.any() else np.full(z.shape, np.inf)
        m = mesh_depth(scene, cap.poses[i], cap.K, z.shape)
        both = (z > 0) & (m > 0)
        sel = both & (c >= 1) & (z <= DEPTH_MAX)
        diffs.append(np.abs(z[sel] - m[sel]))
        conf0.append(np.abs(z - m)[both & (c == 0) & (dist >= 3)])
        src_mask = (c >= 1) & (z > 0) & (z <= DEPTH_MAX)
        src = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(points(z, cap.K, src_mask)))
        src = src.voxel_down_sample(0.02)
        reg = o3d.pipelines.registration.registration_icp(
            src, target, ICP_DISTANCE, cap.poses[i], o3d.pipelines.registration.TransformationEstimationPointToPlane(),
            o3d.pipelines.registration.ICPConvergenceCriteria(max_iteration=30))
        tr, rot = correction(cap.poses[i], reg.transformation)
        icp_t.append(tr)
        icp_r.append(rot)
        m2 = mesh_depth(scene, reg.transformation, cap.K, z.shape)
        sel2 = (z >= 2) & (z < 3) & (m2 > 0) & (c == 2) & (dist >= 3)
        after.append(z[sel2] - m2[sel2])
    d = np.concatenate(diffs)
    out["heldout_median_mm"] = float(np.median(d) * 1000)
    out["heldout_p95_mm"] = float(np.percentile(d, 95) * 1000)
    out["heldout_share_5cm"] = float((d > 0.05).mean())
    c0 = np.concatenate(conf0)
    out["conf0_interior_p95_m"] = float(np.percentile(c0, 95)) if c0.size else float("nan")
    out["conf0_interior_pixels"] = int(c0.size)
    out["conf2_icp_sigma_mm"] = robust_sigma(np.concatenate(after)) * 1000
    out["icp_mm"] = float(np.median(icp_t) * 1000)
    out["icp_deg"] = float(np.median(icp_r))
    return out


def fmt(key, spec, v):
    if spec is None:
        return "%.1f" % (v * 100)
    return spec % v


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("package")
    ap.add_argument("--stretches", type=int, default=3)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--held-out", type=int, default=30)
    ap.add_argument("--json")
    ap.add_argument("--check", action="store_true", help="exit 1 when a measure is outside the real range +-25 %%")
    ap.add_argument("--poses", choices=["recorded", "true"], default="recorded",
                    help="recorded (default: raw/poses.csv, as a pipeline and the real captures' measures use them) "
                         "or true (raw/poses_true.csv: the depth alone, without the pose error)")
    args = ap.parse_args()
    o3d.utility.random.seed(28)
    o3d.utility.set_verbosity_level(o3d.utility.VerbosityLevel.Error)
    cap = Capture(args.package, true_poses=args.poses == "true")
    length = min(args.frames, cap.n)
    # Stretches evenly spread over the middle of the capture (away from its first and last frames).
    starts = np.linspace(cap.n * 0.1, cap.n * 0.9 - length, args.stretches).astype(int) if cap.n > length * 1.3 \
        else np.zeros(1, int)
    results = []
    with plane_worker() as worker:
        for s in starts:
            r = measure_stretch(cap, int(max(0, s)), length, args.held_out, worker)
            results.append(r)
            print("stretch from frame %d: %s" % (s, ", ".join("%s %.4g" % (k, r[k]) for k, _, _ in LABELS)), flush=True)
    print()
    print("%-78s %-14s %s" % ("what the pipeline sees", "real", "this capture"))
    failures = []
    for key, label, spec in LABELS:
        vals = [r[key] for r in results]
        lo, hi = min(vals), max(vals)
        rlo, rhi = REAL[key]
        real = ("%s-%s" % (fmt(key, spec, rlo), fmt(key, spec, rhi)))
        ours = fmt(key, spec, lo) if len(vals) == 1 else "%s-%s" % (fmt(key, spec, lo), fmt(key, spec, hi))
        inside = all(rlo - 0.25 * rlo <= v <= rhi + 0.25 * rhi for v in vals)
        if not inside:
            failures.append(key)
        print("%-78s %-14s %s%s" % (label, real, ours, "" if inside else "   (out)"))
    if args.json:
        json.dump({"package": cap.path, "stretches": results}, open(args.json, "w"), indent=1)
    if args.check and failures:
        print("outside the real range +-25 %: " + ", ".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
