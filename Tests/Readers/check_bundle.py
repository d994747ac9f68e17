#!/usr/bin/env python3
"""Independent reader of capture-sim bundles (docs/bundle-format.md), built only on Python's zipfile,
json, csv, numpy and Pillow: it shares no code with the Swift writer.

Usage: check_bundle.py FOLDER
Checks the folder (CubiCapture layout or raw RGBD package) and prints one JSON object summarising what
it read; exits 1 naming the first problem.
"""
import csv
import json
import os
import struct
import sys
import zipfile

import numpy as np
from PIL import Image

CUBI_FILES = ["allDepthFrames.bin", "arkitData.json", "config.json", "scan.log", "feedback.json", "mesh.ply"]


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def check_cubicapture(folder):
    with open(os.path.join(folder, "arkitData.json"), "rb") as f:
        arkit = json.load(f)
    with open(os.path.join(folder, "config.json"), "rb") as f:
        config = json.load(f)
    summary = {"layout": "cubiCapture", "frames": len(arkit["frames"]), "inputs": len(arkit["inputs"]),
               "events": [e["code"] for e in arkit["events"]]}
    seqs = sorted([fr["seq"] for fr in arkit["frames"]] + [i["seq"] for i in arkit["inputs"]])
    if seqs != list(range(len(seqs))):
        fail("arkitData.json: seq numbers are not 0..n-1")
    for fr in arkit["frames"]:
        if len(fr["transform"]) != 16 or not all(np.isfinite(fr["transform"])):
            fail("arkitData.json: frame %d transform is not 16 finite numbers" % fr["seq"])
    summary["lastTransform"] = arkit["frames"][-1]["transform"] if arkit["frames"] else None

    bin_path = os.path.join(folder, "allDepthFrames.bin")
    if os.path.exists(bin_path):
        data = open(bin_path, "rb").read()
        magic = data[:8]
        version, width, height, reserved20, record, reserved = struct.unpack("<6I", data[8:32])
        if magic != b"CSDEPTH1" or version != 2 or reserved20 != 0 or reserved != 0:
            fail("allDepthFrames.bin: bad header")
        if record != 8 + 3 * width * height or (len(data) - 32) % record != 0:
            fail("allDepthFrames.bin: size %d is not the header and whole records of %d bytes" % (len(data), record))
        count = (len(data) - 32) // record
        depth_sum = 0.0
        confidence_sum = 0
        times = []
        for k in range(count):
            base = 32 + k * record
            times.append(struct.unpack("<d", data[base:base + 8])[0])
            depth = np.frombuffer(data, dtype="<f2", count=width * height, offset=base + 8).astype(np.float64)
            confidence = np.frombuffer(data, dtype=np.uint8, count=width * height, offset=base + 8 + 2 * width * height)
            if confidence.max(initial=0) > 2:
                fail("allDepthFrames.bin: confidence above 2 in frame %d" % k)
            depth_sum += float(depth.sum())
            confidence_sum += int(confidence.astype(np.int64).sum())
        indexed = [fr for fr in arkit["frames"] if fr["depthIndex"] is not None]
        if [fr["depthIndex"] for fr in indexed] != list(range(count)):
            fail("arkitData.json: depthIndex values are not 0..count-1")
        if [fr["time"] for fr in indexed] != times:
            fail("allDepthFrames.bin: record times differ from the frames'")
        summary.update(depthFrames=count, width=width, height=height, depthSum=depth_sum, confidenceSum=confidence_sum)

    ply_path = os.path.join(folder, "mesh.ply")
    if os.path.exists(ply_path):
        data = open(ply_path, "rb").read()
        end = data.index(b"end_header\n") + len(b"end_header\n")
        header = data[:end].decode("ascii").split("\n")
        vertices = int([l for l in header if l.startswith("element vertex")][0].split()[-1])
        faces = int([l for l in header if l.startswith("element face")][0].split()[-1])
        if len(data) != end + 12 * vertices + 13 * faces:
            fail("mesh.ply: size does not match its header")
        summary["meshVertices"] = np.frombuffer(data, dtype="<f4", count=3 * vertices, offset=end).tolist()

    zip_path = os.path.join(folder, config["uid"] + ".zip")
    with zipfile.ZipFile(zip_path) as z:
        bad = z.testzip()
        if bad is not None:
            fail("%s: entry %s fails its CRC" % (zip_path, bad))
        names = z.namelist()
        expected = [n for n in CUBI_FILES if os.path.exists(os.path.join(folder, n))]
        if names != expected:
            fail("%s: entries %s, expected %s" % (zip_path, names, expected))
        for info in z.infolist():
            if info.date_time != (1980, 1, 1, 0, 0, 0):
                fail("%s: entry %s is dated %s" % (zip_path, info.filename, info.date_time))
            if z.read(info.filename) != open(os.path.join(folder, info.filename), "rb").read():
                fail("%s: entry %s differs from the folder's file" % (zip_path, info.filename))
        summary["zipEntries"] = names
    return summary


def check_raw(folder):
    with open(os.path.join(folder, "manifest.json"), "rb") as f:
        manifest = json.load(f)
    with open(os.path.join(folder, "raw", "intrinsics.json"), "rb") as f:
        intrinsics = json.load(f)
    with open(os.path.join(folder, "raw", "poses.csv"), newline="") as f:
        rows = list(csv.reader(f))
    if rows[0] != ["frame", "x", "y", "z", "qx", "qy", "qz", "qw", "time"]:
        fail("raw/poses.csv: header is %s" % rows[0])
    poses = [[float(v) for v in row[1:8]] for row in rows[1:]]
    times = [float(row[8]) for row in rows[1:]]
    if [int(row[0]) for row in rows[1:]] != list(range(len(poses))):
        fail("raw/poses.csv: frames are not 0..n-1")
    for p in poses:
        if not np.all(np.isfinite(p)) or abs(np.linalg.norm(p[3:]) - 1) > 1e-6:
            fail("raw/poses.csv: a pose is not finite or its quaternion is not unit")
    if not np.all(np.isfinite(times)) or any(b <= a for a, b in zip(times, times[1:])):
        fail("raw/poses.csv: the times are not finite and increasing")
    depth_sum = 0
    confidence_sum = 0
    for k in range(len(poses)):
        name = "%05d.png" % k
        depth_image = Image.open(os.path.join(folder, "raw", "depth", name))
        depth = np.array(depth_image)
        if depth_image.mode not in ("I;16", "I") or depth.shape != (intrinsics["height"], intrinsics["width"]):
            fail("raw/depth/%s: mode %s shape %s" % (name, depth_image.mode, depth.shape))
        confidence_image = Image.open(os.path.join(folder, "raw", "confidence", name))
        confidence = np.array(confidence_image)
        if confidence_image.mode != "L" or confidence.max(initial=0) > 2:
            fail("raw/confidence/%s: mode %s or values above 2" % (name, confidence_image.mode))
        depth_sum += int(depth.astype(np.int64).sum())
        confidence_sum += int(confidence.astype(np.int64).sum())
    if manifest["frames"] != len(poses):
        fail("manifest.json: frames %d, poses.csv has %d rows" % (manifest["frames"], len(poses)))
    summary = {"layout": "rawRGBD", "frames": len(poses), "poses": poses, "times": times, "intrinsics": intrinsics,
               "depthMillimetreSum": depth_sum, "confidenceSum": confidence_sum}
    obj_path = os.path.join(folder, "mesh.obj")
    if os.path.exists(obj_path):
        vertices = [[float(v) for v in line.split()[1:]] for line in open(obj_path) if line.startswith("v ")]
        summary["meshVertices"] = vertices
    return summary


def main():
    if len(sys.argv) != 2:
        fail("usage: check_bundle.py FOLDER")
    folder = sys.argv[1]
    if os.path.exists(os.path.join(folder, "arkitData.json")):
        summary = check_cubicapture(folder)
    elif os.path.exists(os.path.join(folder, "manifest.json")):
        summary = check_raw(folder)
    else:
        fail("%s: neither arkitData.json nor manifest.json" % folder)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
