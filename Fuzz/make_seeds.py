#!/usr/bin/env python3
"""Seed inputs for the fuzz targets (docs/fuzzing.md).

    make_seeds.py small OUT           the small committed seeds (Fuzz/seeds): hand-made and trimmed files
    make_seeds.py bundle BUNDLE OUT   seeds from a bundle the release tool wrote (`run --format both`):
                                      its zip, arkitData.json, allDepthFrames.bin, PNGs, poses.csv

OUT gets one folder per target (scene seeds are Scenes/ itself). Replay seeds start with the byte that
picks the reader (fuzz-replay: 0 raw, 1 tum, 2 stray, 3 traj, 4 arkit, 5 format detection).
"""
import io, json, os, struct, sys, zipfile, zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPLAY_PICK = {"raw": 0, "tum": 1, "stray": 2, "traj": 3, "arkit": 4, "detect": 5}


def put(out, target, name, data):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def depth_file(width, height, frames, version=2):
    record = 8 + 3 * width * height
    count = frames if version == 1 else 0
    out = b"CSDEPTH1" + struct.pack("<6I", version, width, height, count, record, 0)
    for i in range(frames):
        out += struct.pack("<d", 0.5 * i)
        out += b"".join(struct.pack("<e", 0.25 * (j + 1)) for j in range(width * height))
        out += bytes((j % 3) for j in range(width * height))
    return out


def png_gray(width, height, bits):
    """A greyscale PNG written by hand (no imaging library needed)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b""
    for y in range(height):
        row = b"".join(struct.pack(">H", (x * 700 + y) & 0xFFFF) if bits == 16 else bytes([(x * 40 + y) & 0xFF])
                       for x in range(width))
        raw += b"\x00" + row
    ihdr = struct.pack(">IIBBBBB", width, height, bits, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def trimmed_arkit(text, frames=4):
    d = json.loads(text)
    d["frames"] = d["frames"][:frames]
    d["inputs"] = d["inputs"][:3]
    return json.dumps(d, separators=(",", ":"))


def bundle_zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in files:
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return buffer.getvalue()


def small(out):
    # Thresholds: the tool's own output (`capture-sim thresholds`) is fuzzed from a trimmed copy, plus --set lines.
    put(out, "fuzz-thresholds", "file.json", '{"fastRotation":{"degreesPerSecond":120,"windowSeconds":0.5},'
                                           '"floor":{"pitchDegrees":-55},"drift":{"meters":10}}')
    put(out, "fuzz-thresholds", "set.txt", "fastRotation.degreesPerSecond=120\nceiling.enabledOnLiDAR=true\n"
                                          "drift.intervalSeconds=2.5\n")
    # Replay: a few lines of each text format.
    fixture = open(os.path.join(REPO, "Tests/CaptureReplayTests/Fixtures/arkit-logger-letters.txt")).read().splitlines()
    arkit = "\n".join(fixture[:12]) + "\n"
    lines = {
        "raw": "frame,x,y,z,qx,qy,qz,qw\n0,0,0,1.5,0,0,0,1\n1,0.01,0,1.5,0,0,0.0087,0.99996\n2,0.02,0,1.5,0,0,0.017,0.99985\n",
        "tum": "# timestamp tx ty tz qx qy qz qw\n0.000 0 0 1.5 0 0 0 1\n0.0167 0.01 0 1.5 0 0 0.0087 0.99996\n"
               "0.0333 0.02 0 1.5 0 0 0.017 0.99985\n",
        "stray": "timestamp, frame, x, y, z, qx, qy, qz, qw\n0.0, 0, 0, 1.5, 0, 0, 0, 0, 1\n"
                 "0.0167, 1, 0.01, 1.5, 0, 0, 0.0087, 0, 0.99996\n",
        "traj": "0.000 0 0 0 0 1.5 0\n0.0167 0 0.01 0 0.01 1.5 0\n0.0333 0 0.02 0 0.02 1.5 0\n",
        "arkit": arkit,
    }
    for fmt, text in lines.items():
        put(out, "fuzz-replay", fmt + ".txt", bytes([REPLAY_PICK[fmt]]) + text.encode())
        put(out, "fuzz-replay", "detect-" + fmt + ".txt", bytes([REPLAY_PICK["detect"]]) + text.encode())
    # Depth frames: versions 1 and 2, 4x3, two records.
    put(out, "fuzz-depth-frames", "v2.bin", depth_file(4, 3, 2))
    put(out, "fuzz-depth-frames", "v1.bin", depth_file(4, 3, 2, version=1))
    # PNGs: 8- and 16-bit greyscale.
    put(out, "fuzz-png", "gray8.png", png_gray(5, 4, 8))
    put(out, "fuzz-png", "gray16.png", png_gray(5, 4, 16))


def from_bundle(bundle, out):
    def read(*path):
        with open(os.path.join(bundle, *path), "rb") as f:
            return f.read()
    arkit = read("arkitData.json").decode()
    put(out, "fuzz-arkit-data", "full.json", arkit)
    small_arkit = trimmed_arkit(arkit)
    put(out, "fuzz-arkit-data", "trimmed.json", small_arkit)
    names = ["allDepthFrames.bin", "arkitData.json", "config.json", "scan.log", "feedback.json", "mesh.ply"]
    files = [(n, small_arkit if n == "arkitData.json" else read(n)) for n in names]
    put(out, "fuzz-bundle-zip", "trimmed.zip", bundle_zip(files))
    put(out, "fuzz-bundle-zip", "trimmed-depth.zip",
        bundle_zip([("allDepthFrames.bin", depth_file(4, 3, 1))] + files[1:]))
    for name in os.listdir(bundle):
        if name.endswith(".zip"):
            put(out, "fuzz-bundle-zip", "written.zip", read(name))
    put(out, "fuzz-depth-frames", "written.bin", read("allDepthFrames.bin"))
    raw = bundle + "-raw"
    if os.path.isdir(raw):
        poses = read(raw, "raw", "poses.csv")
        put(out, "fuzz-replay", "raw-package.csv", bytes([REPLAY_PICK["raw"]]) + poses)
        for kind in ("depth", "confidence"):
            folder = os.path.join(raw, "raw", kind)
            for name in sorted(os.listdir(folder))[:2]:
                put(out, "fuzz-png", kind + "-" + name, read(raw, "raw", kind, name))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "small":
        small(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "bundle":
        from_bundle(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
