#!/usr/bin/env python3
"""Checks a raw RGBD package's truth (`run --truth depth,labels`) against the scene's geometry.

Usage: check_depth_truth.py PACKAGE SCENE.json

Reads what a user's pipeline reads: raw/intrinsics.json, raw/poses_true.csv, raw/depth_true/, raw/labels/,
raw/instances/, truth/labels.json, mesh.obj (Z-up world) and the scene file. For 12 frames spread over the
package:
- clean depth back-projected with the true poses lands on mesh.obj: the distance from each sampled point
  to the nearest triangle whose plane it projects into (median over all points) is below 1 mm, while the
  phone's depth (raw/depth/) is not (its error model moves it by millimetres);
- labels agree with depth: class 0 exactly where clean depth is 0;
- labels agree with the geometry: floor points lie at the floor's height, ceiling points at the wall
  height, and every object instance's points inside that object's box (within 1 cm), for at least 99 %;
- with camera images, the labels at the camera's resolution (raw/rgb_labels/) agree with the depth map's
  where a depth pixel's 3x3 neighbourhood is one class (its centre mapped into the image, at least 99 %).
Prints a JSON summary; exits 1 naming the first failure.
"""
import csv
import json
import math
import os
import sys

import numpy as np
from PIL import Image


def fail(message):
    print("check_depth_truth: " + message, file=sys.stderr)
    sys.exit(1)


def quaternion_matrix(x, y, z, w):
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def read_mesh(path):
    vertices, faces = [], []
    for line in open(path):
        if line.startswith("v "):
            vertices.append([float(v) for v in line.split()[1:4]])
        elif line.startswith("f "):
            faces.append([int(v.split("/")[0]) - 1 for v in line.split()[1:4]])
    v = np.array(vertices)
    return v[np.array(faces)]


def distances_to_mesh(points, triangles):
    """For each point: |plane distance| to the nearest triangle whose plane the point projects into."""
    a, b, c = triangles[:, 0], triangles[:, 1], triangles[:, 2]
    n = np.cross(b - a, c - a)
    area2 = np.linalg.norm(n, axis=1)
    keep = area2 > 1e-12
    a, b, c, n, area2 = a[keep], b[keep], c[keep], n[keep], area2[keep]
    unit = n / area2[:, None]
    best = np.full(len(points), np.inf)
    for start in range(0, len(points), 256):
        p = points[start:start + 256][:, None, :]
        d = np.einsum("ptk,tk->pt", p - a[None], unit)
        q = p - d[..., None] * unit[None]
        # Barycentric inside test (edges with a 0.5 mm tolerance on the plane).
        c0 = np.einsum("ptk,tk->pt", np.cross(b - a, q - a[None]), unit)
        c1 = np.einsum("ptk,tk->pt", np.cross(c - b, q - b[None]), unit)
        c2 = np.einsum("ptk,tk->pt", np.cross(a - c, q - c[None]), unit)
        tol = -0.0005 * np.linalg.norm(b - a, axis=1)[None]
        inside = (c0 >= tol) & (c1 >= tol) & (c2 >= tol)
        best[start:start + 256] = np.where(inside, np.abs(d), np.inf).min(axis=1)
    return best


def main():
    package, scene_path = sys.argv[1], sys.argv[2]
    scene = json.load(open(scene_path))
    k = json.load(open(os.path.join(package, "raw/intrinsics.json")))
    labels_map = json.load(open(os.path.join(package, "truth/labels.json")))
    names = {c["value"]: c["name"] for c in labels_map["classes"]}
    poses = {}
    with open(os.path.join(package, "raw/poses_true.csv")) as f:
        for row in csv.DictReader(f):
            m = np.eye(4)
            m[:3, :3] = quaternion_matrix(*(float(row[key]) for key in ("qx", "qy", "qz", "qw")))
            m[:3, 3] = [float(row[key]) for key in ("x", "y", "z")]
            poses[int(row["frame"])] = m
    triangles = read_mesh(os.path.join(package, "mesh.obj"))
    frames = sorted(poses)
    chosen = [frames[int(i * (len(frames) - 1) / 11)] for i in range(12)]
    ys, xs = np.mgrid[0:k["height"], 0:k["width"]]
    rays = np.stack([(xs - k["cx"]) / k["fx"], (ys - k["cy"]) / k["fy"], np.ones_like(xs, dtype=float)], axis=-1)
    rng = np.random.default_rng(7)
    clean_d, phone_d = [], []
    floor_ok = ceiling_ok = object_ok = floor_n = ceiling_n = object_n = 0
    height = scene["rooms"][0].get("wallHeight", 2.5)
    boxes = []
    for o in scene.get("objects", []):
        d = o["dimensions"]
        x, z = o["position"][0], o["position"][-1]
        yaw = math.radians(o.get("yawDegrees", 0))
        # [x, z] stands on the floor; [x, y, z] is the box's centre.
        bottom = o["position"][1] - d["height"] / 2 if len(o["position"]) == 3 else 0.0
        boxes.append((np.array([x, -z]), yaw, np.array([d["width"], d["depth"]]) / 2, (bottom, bottom + d["height"])))
    for n in chosen:
        name = "%05d.png" % n
        clean = np.array(Image.open(os.path.join(package, "raw/depth_true", name))).astype(float) / 1000
        phone = np.array(Image.open(os.path.join(package, "raw/depth", name))).astype(float) / 1000
        classes = np.array(Image.open(os.path.join(package, "raw/labels", name)))
        instances = np.array(Image.open(os.path.join(package, "raw/instances", name))).astype(int)
        if not np.array_equal(classes == 0, clean == 0):
            fail("frame %d: class 0 is not exactly where clean depth is 0" % n)
        pose = poses[n]
        world = (rays * clean[..., None]) @ pose[:3, :3].T + pose[:3, 3]
        valid = np.argwhere(clean > 0)
        sample = valid[rng.choice(len(valid), size=min(150, len(valid)), replace=False)]
        points = world[sample[:, 0], sample[:, 1]]
        clean_d.extend(distances_to_mesh(points, triangles))
        both = sample[phone[sample[:, 0], sample[:, 1]] > 0]
        phone_world = (rays[both[:, 0], both[:, 1]] * phone[both[:, 0], both[:, 1]][:, None]) @ pose[:3, :3].T + pose[:3, 3]
        phone_d.extend(distances_to_mesh(phone_world, triangles))
        for (y, x) in valid[::7]:
            p, name_ = world[y, x], names.get(int(classes[y, x]))
            if name_ == "floor":
                floor_n += 1
                floor_ok += int(abs(p[2]) < 0.01)
            elif name_ == "ceiling":
                ceiling_n += 1
                ceiling_ok += int(abs(p[2] - height) < 0.01)
            elif 1 <= instances[y, x] <= len(boxes):
                centre, yaw, half, (bottom, top) = boxes[instances[y, x] - 1]
                rel = p[:2] - centre
                c, s = math.cos(-yaw), math.sin(-yaw)
                # The scene's yaw turns about ARKit's +Y; in the Z-up world that is +Z with y = -z_arkit.
                local = np.array([c * rel[0] - s * rel[1], s * rel[0] + c * rel[1]])
                object_n += 1
                object_ok += int(np.all(np.abs(local) <= half + 0.01) and bottom - 0.01 <= p[2] <= top + 0.01)
    # The camera's labels against the depth map's, where the camera's are written.
    image_agree = image_n = 0
    rgb_k_path = os.path.join(package, "raw/rgb_intrinsics.json")
    if os.path.isdir(os.path.join(package, "raw/rgb_labels")) and os.path.exists(rgb_k_path):
        rk = json.load(open(rgb_k_path))
        for name in sorted(os.listdir(os.path.join(package, "raw/rgb_labels")))[::5]:
            depth_classes = np.array(Image.open(os.path.join(package, "raw/labels", name))).astype(int)
            image_classes = np.array(Image.open(os.path.join(package, "raw/rgb_labels", name))).astype(int)
            h, w = depth_classes.shape
            for y in range(1, h - 1, 3):
                for x in range(1, w - 1, 3):
                    block = depth_classes[y - 1:y + 2, x - 1:x + 2]
                    if block.min() != block.max():
                        continue
                    # The depth pixel's ray through the camera image: both pinhole, one pose.
                    u = rk["fx"] * (x - k["cx"]) / k["fx"] + rk["cx"]
                    v = rk["fy"] * (y - k["cy"]) / k["fy"] + rk["cy"]
                    iu, iv = int(round(u)), int(round(v))
                    if 0 <= iu < image_classes.shape[1] and 0 <= iv < image_classes.shape[0]:
                        image_n += 1
                        image_agree += int(image_classes[iv, iu] == block[1, 1])
    clean_median, phone_median = float(np.median(clean_d)), float(np.median(phone_d))
    result = {"frames": len(chosen), "cleanMedianMetres": clean_median, "phoneMedianMetres": phone_median,
              "floor": [floor_ok, floor_n], "ceiling": [ceiling_ok, ceiling_n], "objects": [object_ok, object_n],
              "imageLabels": [image_agree, image_n]}
    print(json.dumps(result, sort_keys=True))
    if not clean_median < 0.001:
        fail("clean depth lands %.4f m from the mesh (median)" % clean_median)
    if not phone_median > clean_median:
        fail("the phone's depth is no farther from the mesh than the clean depth")
    for what, (ok, n) in (("floor", (floor_ok, floor_n)), ("ceiling", (ceiling_ok, ceiling_n)), ("objects", (object_ok, object_n))):
        if n < 50 or ok < 0.99 * n:
            fail("%s labels: %d of %d points where the scene puts them" % (what, ok, n))
    if image_n and image_agree < 0.99 * image_n:
        fail("camera labels: %d of %d agree with the depth map's" % (image_agree, image_n))


if __name__ == "__main__":
    main()
