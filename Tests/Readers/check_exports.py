#!/usr/bin/env python3
"""Reads capture-sim's exports back with the tools their users have, and checks their conventions.

Usage: check_exports.py [--poses true] SOURCE EXPORT_DIR [FPS]
  SOURCE      the bundle the exports were made from (CubiCapture folder or raw RGBD package)
  EXPORT_DIR  a folder holding `capture-sim export SOURCE --to F --out EXPORT_DIR/<F>` for F in
              tum (file), colmap (folder), nerfstudio (folder), mcap (file); missing ones are skipped
  FPS         for a raw package without the time column: frame k is at k / FPS s (export's --fps)
  --poses true  the exports were made with `--poses true`: the source's true poses are read
              (raw/poses_true.csv; the CubiCapture folder's truth/poses_true.csv), so that the convention
              check projects with the pose the depth was rendered from

Readers: evo (TUM), pycolmap (COLMAP), json (Nerfstudio's transforms.json), the mcap Python reader with
its ROS 2 decoder (mcap-ros2-support: every message of the MCAP decoded from its ros2msg schema),
numpy and Pillow; none shares code with the Swift writer. The source bundle is read here too, from its
documented formats (docs/bundle-format.md), so every pose is compared with the source's.

The convention check (docs/exports.md): points sampled on the bundle's ground-truth mesh are projected
into frames with each export's pose and intrinsics, in that tool's own conventions (COLMAP's and
Nerfstudio's pixel centres at +0.5, Nerfstudio's OpenGL camera, Foxglove's calibration matrix); where a
point lands, the frame's depth map must see it: the share of points in view whose depth agrees within
3 cm is printed, with the share a flipped camera (y and z negated) gives as the control.

Prints one JSON object: for each format checked, what was read and the shares; exits 1 naming the first
problem.
"""
import csv
import json
import os
import struct
import sys

import numpy as np
from PIL import Image

AGREE_METRES = 0.03
TOLERANCE = 1e-9


def fail(message):
    print("check_exports: " + message, file=sys.stderr)
    sys.exit(1)


# ---- the source bundle, from docs/bundle-format.md -------------------------------------------------

Y_UP_TO_Z_UP = np.array([[1, 0, 0, 0], [0, 0, -1, 0], [0, 1, 0, 0], [0, 0, 0, 1]], dtype=float)
FLIP_YZ = np.diag([1.0, -1.0, -1.0, 1.0])  # the OpenCV camera <-> ARKit's / OpenGL's


def quaternion_matrix(qx, qy, qz, qw):
    n = np.sqrt(qx * qx + qy * qy + qz * qz + qw * qw)
    x, y, z, w = qx / n, qy / n, qz / n, qw / n
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def scaled(k, width, height):
    """docs/bundle-format.md: intrinsics scaled about pixel centres."""
    sx, sy = width / k["width"], height / k["height"]
    return {"width": width, "height": height, "fx": k["fx"] * sx, "fy": k["fy"] * sy,
            "cx": (k["cx"] + 0.5) * sx - 0.5, "cy": (k["cy"] + 0.5) * sy - 0.5}


TRUE_POSES = False


def pose_rows(path):
    """Each row of a poses.csv / poses_true.csv (frame, x, y, z, qx, qy, qz, qw[, time]) as (its values by
    column, the 4x4 camera-to-world)."""
    with open(path) as f:
        rows = list(csv.reader(f))
    for row in rows[1:]:
        values = dict(zip(rows[0], row))
        pose = np.eye(4)
        pose[:3, :3] = quaternion_matrix(*(float(values[k]) for k in ("qx", "qy", "qz", "qw")))
        pose[:3, 3] = [float(values[k]) for k in ("x", "y", "z")]
        yield values, pose


def read_true_poses(path):
    """frame -> 4x4 camera-to-world from a poses_true.csv."""
    return {int(values["frame"]): pose for values, pose in pose_rows(path)}


def read_raw(folder, fps=None):
    frames = {}
    for values, pose in pose_rows(os.path.join(folder, "raw/poses_true.csv" if TRUE_POSES else "raw/poses.csv")):
        n = int(values["frame"])
        name = "%05d" % n
        time = float(values["time"]) if "time" in values else (n / fps if fps else None)
        frames[n] = {"pose": pose, "time": time,
                     "depth_file": os.path.join(folder, "raw/depth/%s.png" % name),
                     "confidence_file": os.path.join(folder, "raw/confidence/%s.png" % name)}
    depth_k = json.load(open(os.path.join(folder, "raw/intrinsics.json")))
    rgb_path = os.path.join(folder, "raw/rgb_intrinsics.json")
    image_k = json.load(open(rgb_path)) if os.path.exists(rgb_path) else None
    mesh = read_obj(os.path.join(folder, "mesh.obj"))
    return {"layout": "raw", "frames": frames, "depth_k": depth_k, "image_k": image_k, "mesh": mesh}


def read_cubicapture(folder):
    arkit = json.load(open(os.path.join(folder, "arkitData.json")))
    depth = None
    bin_path = os.path.join(folder, "allDepthFrames.bin")
    if os.path.exists(bin_path):
        data = np.memmap(bin_path, dtype=np.uint8, mode="r")
        _, width, height, _, record, _ = struct.unpack("<6I", bytes(data[8:32]))
        depth = (data, width, height, record)
    frames = {}
    number = 0
    wide = None
    truth = read_true_poses(os.path.join(folder, "truth/poses_true.csv")) if TRUE_POSES else None
    for index, fr in enumerate(arkit["frames"]):
        if not fr["recorded"]:
            continue
        m = np.array(fr["transform"], dtype=float).reshape(4, 4).T  # column-major
        if truth is not None:
            m = truth[index]
        if not np.all(np.isfinite(m)):
            continue
        fx, fy, cx, cy, w, h = fr["intrinsics"]
        wide = wide or {"fx": fx, "fy": fy, "cx": cx, "cy": cy, "width": w, "height": h}
        entry = {"pose": Y_UP_TO_Z_UP @ m @ FLIP_YZ, "time": fr["time"], "depth_index": fr["depthIndex"],
                 "video_index": fr.get("videoIndex")}
        frames[number] = entry
        number += 1
    result = {"layout": "cubiCapture", "frames": frames, "depth": depth, "image_k": None, "depth_k": None}
    if depth is not None:
        result["depth_k"] = scaled(wide, depth[1], depth[2])
    if "video" in arkit:
        result["image_k"] = scaled(wide, arkit["video"]["width"], arkit["video"]["height"])
    ply = os.path.join(folder, "mesh.ply")
    result["mesh"] = read_ply_z_up(ply) if os.path.exists(ply) else None
    return result


def read_obj(path):
    if not os.path.exists(path):
        return None
    vertices, faces = [], []
    for line in open(path):
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "v":
            vertices.append([float(p) for p in parts[1:4]])
        elif parts[0] == "f":
            faces.append([int(p.split("/")[0]) - 1 for p in parts[1:4]])
    return np.array(vertices), np.array(faces, dtype=np.int64)


def read_ply_z_up(path):
    data = open(path, "rb").read()
    end = data.index(b"end_header\n") + len(b"end_header\n")
    header = data[:end].decode().split("\n")
    nv = int([l for l in header if l.startswith("element vertex")][0].split()[2])
    nf = int([l for l in header if l.startswith("element face")][0].split()[2])
    v = np.frombuffer(data, dtype="<f4", count=3 * nv, offset=end).reshape(nv, 3).astype(float)
    f = np.frombuffer(data, dtype=np.dtype([("n", "u1"), ("i", "<u4", 3)]), count=nf, offset=end + 12 * nv)["i"]
    v = np.stack([v[:, 0], -v[:, 2], v[:, 1]], axis=1)  # Y up to Z up: (x, y, z) -> (x, -z, y)
    return v, f.astype(np.int64)


def source_depth_mm(source, frame):
    if source["layout"] == "raw":
        return np.array(Image.open(frame["depth_file"]), dtype=np.int64)
    data, width, height, record = source["depth"]
    start = 32 + frame["depth_index"] * record + 8
    metres = np.frombuffer(bytes(data[start:start + 2 * width * height]), dtype="<f2").astype(np.float64)
    mm = np.where(np.isfinite(metres) & (metres > 0), np.floor(metres * 1000 + 0.5), 0)  # the raw writer's rounding
    return np.minimum(mm, 65535).astype(np.int64).reshape(height, width)


def has_depth(source, frame):
    return source["layout"] == "raw" or frame.get("depth_index") is not None


# ---- the convention check ------------------------------------------------------------------------

def mesh_samples(mesh, count=30000, seed=7):
    vertices, faces = mesh
    a, b, c = vertices[faces[:, 0]], vertices[faces[:, 1]], vertices[faces[:, 2]]
    areas = 0.5 * np.linalg.norm(np.cross(b - a, c - a), axis=1)
    rng = np.random.default_rng(seed)
    chosen = rng.choice(len(faces), size=count, p=areas / areas.sum())
    r1, r2 = rng.random(count), rng.random(count)
    s = np.sqrt(r1)
    return (1 - s)[:, None] * a[chosen] + (s * (1 - r2))[:, None] * b[chosen] + (s * r2)[:, None] * c[chosen]


def agreement(points_camera_cv, pixels_centred, image_size, depth_mm):
    """Share of the points in view and not hidden (the depth there is not nearer than the point by more
    than the tolerance) whose depth pixel agrees with their OpenCV-camera z.
    pixels_centred: (u, v) with pixel centres at integer coordinates, at image_size (w, h)."""
    h_d, w_d = depth_mm.shape
    w_i, h_i = image_size
    z = points_camera_cv[:, 2]
    xs = (pixels_centred[:, 0] + 0.5) * (w_d / w_i) - 0.5
    ys = (pixels_centred[:, 1] + 0.5) * (h_d / h_i) - 0.5
    finite = np.isfinite(xs) & np.isfinite(ys)
    xd = np.rint(np.where(finite, xs, -1)).astype(np.int64)
    yd = np.rint(np.where(finite, ys, -1)).astype(np.int64)
    inside = finite & (z > 0.1) & (xd >= 0) & (yd >= 0) & (xd < w_d) & (yd < h_d)
    if inside.sum() < 50:
        return None
    d = depth_mm[yd[inside], xd[inside]] / 1000.0
    z = z[inside]
    seen = (d > 0) & (d > z - AGREE_METRES)
    if seen.sum() < 50:
        return None
    return float(np.mean(np.abs(d[seen] - z[seen]) < AGREE_METRES))


def project_pinhole(points_camera_cv, k):
    z = points_camera_cv[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        u = k["fx"] * points_camera_cv[:, 0] / z + k["cx"]
        v = k["fy"] * points_camera_cv[:, 1] / z + k["cy"]
    return np.stack([u, v], axis=1)


def to_camera(world_to_camera, points):
    return points @ world_to_camera[:3, :3].T + world_to_camera[:3, 3]


def shares(source, samples, checks):
    """checks: list of (frame_number, project(points_world) -> (points_camera_cv, pixels_centred), image_size).
    Returns the median agreement and the flipped camera's."""
    good, flipped = [], []
    for number, project, size in checks:
        frame = source["frames"][number]
        if not has_depth(source, frame):
            continue
        depth = source_depth_mm(source, frame)
        cam, pix = project(samples)
        share = agreement(cam, pix, size, depth)
        if share is not None:
            good.append(share)
        # The control: the camera turned 180 degrees about x (the OpenGL/ARKit mix-up).
        cam_f = cam * np.array([1.0, -1.0, -1.0])
        share_f = agreement(cam_f, project_pinhole(cam_f, source["k_for_size"](size)), size, depth)
        flipped.append(share_f or 0.0)
    if not good:
        fail("no frame had enough mesh points in view with depth for the convention check")
    return float(np.median(good)), float(np.median(flipped)), len(good)


def pick(numbers, count=12):
    numbers = sorted(numbers)
    if len(numbers) <= count:
        return numbers
    return [numbers[int(i * (len(numbers) - 1) / (count - 1))] for i in range(count)]


# ---- each export ---------------------------------------------------------------------------------

def close(a, b, what):
    if np.max(np.abs(np.asarray(a, dtype=float) - np.asarray(b, dtype=float))) > TOLERANCE:
        fail("%s: %s differs from the source's %s" % (what, np.asarray(a).tolist(), np.asarray(b).tolist()))


def same_rotation(a, b, what):
    if np.max(np.abs(a[:3, :3] - b[:3, :3])) > 1e-9 or np.max(np.abs(a[:3, 3] - b[:3, 3])) > 1e-9:
        fail("%s: the pose differs from the source's" % what)


def frame_by_time(source):
    return {round(f["time"], 9): n for n, f in source["frames"].items() if f["time"] is not None}


def check_tum(source, path):
    from evo.tools import file_interface
    trajectory = file_interface.read_tum_trajectory_file(path)
    by_time = frame_by_time(source)
    for t, pose in zip(trajectory.timestamps, trajectory.poses_se3):
        n = by_time.get(round(float(t), 9))
        if n is None:
            fail("tum: no source frame at %.9f s" % t)
        same_rotation(pose, source["frames"][n]["pose"], "tum at %.6f s" % t)
    return {"poses": int(trajectory.num_poses), "pathLengthMetres": float(trajectory.path_length)}


def check_colmap(source, folder, samples):
    import pycolmap
    model = pycolmap.Reconstruction(os.path.join(folder, "sparse/0"))
    if len(model.cameras) != 1:
        fail("colmap: %d cameras, expected 1" % len(model.cameras))
    camera = model.cameras[1]
    k = source["image_k"]
    expected = [k["fx"], k["fy"], k["cx"] + 0.5, k["cy"] + 0.5]
    close(list(camera.params)[:4], expected, "colmap camera params (fx, fy, cx + 0.5, cy + 0.5)")
    checks = []
    for image in model.images.values():
        number = int(image.name.split(".")[0])
        if not os.path.exists(os.path.join(folder, "images", image.name)):
            fail("colmap: images/%s is missing" % image.name)
        world_to_camera = np.eye(4)
        world_to_camera[:3, :] = image.cam_from_world().matrix()
        same_rotation(np.linalg.inv(world_to_camera), source["frames"][number]["pose"], "colmap image %s" % image.name)

        def project(points, w2c=world_to_camera):
            cam = to_camera(w2c, points)
            pix = np.full((len(points), 2), np.nan)
            front = cam[:, 2] > 0.1
            pix[front] = np.asarray(camera.img_from_cam(cam[front])) - 0.5  # COLMAP's centres at +0.5
            return cam, pix
        checks.append((number, project, (camera.width, camera.height)))
    with_depth = [c for c in checks if has_depth(source, source["frames"][c[0]])]
    chosen = set(pick([c[0] for c in with_depth]))
    median, flipped, frames = shares(source, samples, [c for c in with_depth if c[0] in chosen])
    im = Image.open(os.path.join(folder, "images", model.images[1].name))
    im.load()
    if im.size != (camera.width, camera.height):
        fail("colmap: image %s is %s, the camera %dx%d" % (model.images[1].name, im.size, camera.width, camera.height))
    return {"images": len(model.images), "agreeShare": median, "flippedShare": flipped, "framesChecked": frames}


def check_nerfstudio(source, folder, samples):
    transforms = json.load(open(os.path.join(folder, "transforms.json")))
    k = source["image_k"]
    close([transforms["fl_x"], transforms["fl_y"], transforms["cx"], transforms["cy"]],
          [k["fx"], k["fy"], k["cx"] + 0.5, k["cy"] + 0.5], "nerfstudio intrinsics")
    if (transforms["w"], transforms["h"]) != (k["width"], k["height"]):
        fail("nerfstudio: w, h differ from the images' size")
    checks = []
    for frame in transforms["frames"]:
        number = int(os.path.basename(frame["file_path"]).split("_")[1].split(".")[0])
        gl = np.array(frame["transform_matrix"], dtype=float)
        same_rotation(gl @ FLIP_YZ, source["frames"][number]["pose"], "nerfstudio %s" % frame["file_path"])
        for key in ("file_path", "depth_file_path"):
            if key in frame and not os.path.exists(os.path.join(folder, frame[key])):
                fail("nerfstudio: %s %s is missing" % (key, frame[key]))
        if "depth_file_path" in frame:
            written = np.array(Image.open(os.path.join(folder, frame["depth_file_path"])), dtype=np.int64)
            if not np.array_equal(written, source_depth_mm(source, source["frames"][number])):
                fail("nerfstudio: %s differs from the source's depth" % frame["depth_file_path"])

        def project(points, gl=gl):
            # Nerfstudio's camera: OpenGL (looks along -z, y up); a ray through pixel coordinate (i + 0.5).
            cam_gl = to_camera(np.linalg.inv(gl), points)
            with np.errstate(divide="ignore", invalid="ignore"):
                u = transforms["fl_x"] * cam_gl[:, 0] / -cam_gl[:, 2] + transforms["cx"]
                v = transforms["fl_y"] * -cam_gl[:, 1] / -cam_gl[:, 2] + transforms["cy"]
            cam_cv = cam_gl * np.array([1.0, -1.0, -1.0])
            return cam_cv, np.stack([u, v], axis=1) - 0.5
        checks.append((number, project, (transforms["w"], transforms["h"])))
    with_depth = [c for c in checks if has_depth(source, source["frames"][c[0]])]
    chosen = set(pick([c[0] for c in with_depth]))
    median, flipped, frames = shares(source, samples, [c for c in with_depth if c[0] in chosen])
    return {"frames": len(transforms["frames"]), "agreeShare": median, "flippedShare": flipped, "framesChecked": frames}


def check_mcap(source, path, samples):
    """Every message decoded by the official reader and ROS 2 decoder (mcap-ros2-support)."""
    import io
    from mcap.reader import make_reader
    from mcap_ros2.decoder import DecoderFactory
    messages = {}
    with open(path, "rb") as f:
        reader = make_reader(f, decoder_factories=[DecoderFactory()], validate_crcs=True)
        summary = reader.get_summary()
        for schema, channel, message, body in reader.iter_decoded_messages():
            if schema.encoding != "ros2msg" or channel.message_encoding != "cdr":
                fail("mcap: %s is %s/%s, expected ros2msg/cdr" % (channel.topic, schema.encoding, channel.message_encoding))
            header = body.transforms[0].header if schema.name == "tf2_msgs/msg/TFMessage" else body.header
            stamp = header.stamp.sec * 1_000_000_000 + header.stamp.nanosec
            if stamp != message.log_time:
                fail("mcap: %s message at %d ns carries timestamp %d" % (channel.topic, message.log_time, stamp))
            messages.setdefault(channel.topic, []).append((message.log_time, schema.name, body))
    expected = {"/capture/pose": "geometry_msgs/msg/PoseStamped", "/tf": "tf2_msgs/msg/TFMessage",
                "/camera/depth": "sensor_msgs/msg/CompressedImage", "/camera/confidence": "sensor_msgs/msg/CompressedImage",
                "/camera/depth/calibration": "sensor_msgs/msg/CameraInfo", "/camera/image": "sensor_msgs/msg/CompressedImage",
                "/camera/image/calibration": "sensor_msgs/msg/CameraInfo"}
    for topic, items in messages.items():
        if topic not in expected or any(s != expected[topic] for _, s, _ in items):
            fail("mcap: topic %s has schema %s" % (topic, items[0][1]))
    by_time = frame_by_time(source)
    poses = {}
    for time, _, body in messages["/tf"]:
        n = by_time.get(round(time / 1e9, 9))
        if n is None:
            fail("mcap: no source frame at %d ns" % time)
        tf = body.transforms[0]
        if tf.header.frame_id != "world" or tf.child_frame_id != "camera":
            fail("mcap: /tf is %s -> %s" % (tf.header.frame_id, tf.child_frame_id))
        t, r = tf.transform.translation, tf.transform.rotation
        pose = np.eye(4)
        pose[:3, :3] = quaternion_matrix(r.x, r.y, r.z, r.w)
        pose[:3, 3] = [t.x, t.y, t.z]
        if np.max(np.abs(pose - source["frames"][n]["pose"])) > 1e-9:
            fail("mcap: /tf at %d ns differs from the source's pose" % time)
        poses[time] = (n, pose)
    for time, _, body in messages["/capture/pose"]:
        p = body.pose.position
        if np.max(np.abs(np.array([p.x, p.y, p.z]) - poses[time][1][:3, 3])) > 1e-12:
            fail("mcap: /capture/pose at %d ns differs from /tf" % time)
    depth_k = None
    for time, _, body in messages.get("/camera/depth/calibration", []):
        depth_k = list(body.k)
        close(depth_k, [source["depth_k"]["fx"], 0, source["depth_k"]["cx"], 0, source["depth_k"]["fy"],
                        source["depth_k"]["cy"], 0, 0, 1], "mcap depth calibration K")
    confidence = {time: body for time, _, body in messages.get("/camera/confidence", [])}
    checks = []
    for time, _, body in messages.get("/camera/depth", []):
        n, pose = poses[time]
        if body.format != "png":
            fail("mcap: depth format %s" % body.format)
        png = Image.open(io.BytesIO(bytes(body.data)))
        mm = np.array(png).astype(np.int64)
        if png.mode not in ("I;16", "I") or not np.array_equal(mm, source_depth_mm(source, source["frames"][n])):
            fail("mcap: /camera/depth at %d ns (%s) differs from the source's depth" % (time, png.mode))
        conf = np.array(Image.open(io.BytesIO(bytes(confidence[time].data))))
        if conf.shape != mm.shape or conf.max() > 2:
            fail("mcap: /camera/confidence at %d ns is not a 0/1/2 map of the depth's size" % time)

        def project(points, pose=pose, k=depth_k):
            cam = to_camera(np.linalg.inv(pose), points)
            kk = {"fx": k[0], "cx": k[2], "fy": k[4], "cy": k[5]}
            return cam, project_pinhole(cam, kk)
        checks.append((n, project, (mm.shape[1], mm.shape[0])))
    result = {"messages": summary.statistics.message_count, "chunks": summary.statistics.chunk_count,
              "topics": {t: len(v) for t, v in sorted(messages.items())}, "bytes": os.path.getsize(path)}
    if checks:
        chosen = set(pick([c[0] for c in checks]))
        median, flipped, frames = shares(source, samples, [c for c in checks if c[0] in chosen])
        result.update({"agreeShare": median, "flippedShare": flipped, "framesChecked": frames})
    for time, _, body in messages.get("/camera/image", [])[:3]:
        im = Image.open(io.BytesIO(bytes(body.data)))
        im.load()
        if body.format != "jpeg" or im.size != (source["image_k"]["width"], source["image_k"]["height"]):
            fail("mcap: /camera/image at %d ns is %s %s" % (time, body.format, im.size))
    return result


def main():
    global TRUE_POSES
    args = sys.argv[1:]
    if args[:2] == ["--poses", "true"]:
        TRUE_POSES = True
        args = args[2:]
    if len(args) not in (2, 3):
        fail("usage: check_exports.py [--poses true] SOURCE EXPORT_DIR [FPS]")
    source_path, exports = args[0], args[1]
    if os.path.exists(os.path.join(source_path, "arkitData.json")):
        source = read_cubicapture(source_path)
    else:
        source = read_raw(source_path, float(args[2]) if len(args) == 3 else None)
    if source["mesh"] is None:
        fail("%s has no mesh for the convention check" % source_path)
    samples = mesh_samples(source["mesh"])

    def k_for_size(size):
        for k in (source["image_k"], source["depth_k"]):
            if k and (k["width"], k["height"]) == tuple(size):
                return k
        fail("no intrinsics of size %s" % (size,))
    source["k_for_size"] = k_for_size
    result = {"source": source["layout"], "frames": len(source["frames"])}
    for name, check in (("tum", lambda p: check_tum(source, p)), ("colmap", lambda p: check_colmap(source, p, samples)),
                        ("nerfstudio", lambda p: check_nerfstudio(source, p, samples)), ("mcap", lambda p: check_mcap(source, p, samples))):
        path = os.path.join(exports, name)
        if os.path.exists(path):
            result[name] = check(path)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
