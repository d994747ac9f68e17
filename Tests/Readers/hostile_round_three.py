#!/usr/bin/env python3
"""Issue 45's attacks, run as an attacker and an unlucky user would, against the built tool.

Usage: hostile_round_three.py TOOL [CASE...]

Each case builds its hostile input in a scratch folder, runs the tool under `timeout` (a hang fails
the case instead of the run) and checks what a user relies on: the exit code, what is under the
output's name, that nothing is left or written outside it. Prints one line a case and
`N passed, N failed`; exits 1 when any case failed.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

TOOL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENES = os.path.join(ROOT, "Scenes")


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def tool(args, seconds=60, cwd=None):
    """Runs the tool under `timeout -s KILL`; returns (status, stdout, stderr, wall seconds)."""
    start = time.monotonic()
    r = subprocess.run(["timeout", "-s", "KILL", str(seconds), TOOL] + args, capture_output=True, cwd=cwd)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace"), time.monotonic() - start


def raw_package(folder, name="pkg", images=True):
    """A small raw RGBD package (and its CubiCapture bundle) of the fast-rotation scene."""
    scene = os.path.join(folder, name + ".json")
    with open(os.path.join(SCENES, "fast-rotation.json")) as f:
        data = json.load(f)
    data["name"] = name
    with open(scene, "w") as f:
        json.dump(data, f)
    args = ["run", scene, "--out", os.path.join(folder, "out"), "--format", "both", "--no-progress", "--depth-every", "30"]
    args += ["--video-size", "320x240", "--video-fps", "30"] if images else ["--no-images"]
    status, _, err, _ = tool(args, seconds=300)
    expect(status == 0, "the fixture run failed: " + err)
    return os.path.join(folder, "out", name + "-raw"), os.path.join(folder, "out", name)


def stray_export(folder, frames=14, size=(64, 48), far_pose=None):
    """A Stray Scanner export: depth/ and confidence/ PNGs, odometry.csv, camera_matrix.csv."""
    os.makedirs(os.path.join(folder, "depth"))
    os.makedirs(os.path.join(folder, "confidence"))
    w, h = size
    lines = ["timestamp, frame, x, y, z, qx, qy, qz, qw"]
    yy, xx = np.mgrid[0:h, 0:w]
    for k in range(frames):
        depth = (1500 + 3 * xx + 2 * yy + 5 * k).astype(np.uint16)
        Image.fromarray(depth).save(os.path.join(folder, "depth", "%06d.png" % k))
        Image.fromarray(np.full((h, w), 2, np.uint8)).save(os.path.join(folder, "confidence", "%06d.png" % k))
        x = far_pose if (far_pose is not None and k == frames // 2) else 0.01 * k
        lines.append("%r, %d, %r, 0, 0, 0, 0, 0, 1" % (k / 60, k, x))
    with open(os.path.join(folder, "odometry.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "camera_matrix.csv"), "w") as f:
        f.write("%r,0,%r\n0,%r,%r\n0,0,1\n" % (w * 7.8, (w * 10 - 1) / 2, w * 7.8, (h * 10 - 1) / 2))
    return folder


def no_partials(folder):
    return [n for n in os.listdir(folder) if "partial" in n or n.endswith(".tmp")]


# MARK: High 1: links planted in generate's output folder

def case_generate_never_follows_a_planted_link(scratch):
    out = os.path.join(scratch, "gen")
    os.makedirs(out)
    victim = os.path.join(scratch, "victim.txt")
    with open(victim, "w") as f:
        f.write("not yours\n")
    # Every fixed name an older build used, and this process's likely names for the next pids.
    names = [".apartment-1-00000.json.tmp", ".manifest.jsonl.tmp", "bundles"]
    for name in names[:2]:
        os.symlink(victim, os.path.join(out, name))
    trace = os.path.join(scratch, "strace.txt")
    r = subprocess.run(["timeout", "-s", "KILL", "300", "strace", "-f", "-qq", "-e", "trace=open,openat,creat,mkdir,mkdirat",
                        "-o", trace, TOOL, "generate", "--count", "1", "--out", out, "--bundles", "--rooms", "1:1",
                        "--depth-every", "30"], capture_output=True)
    expect(r.returncode == 0, "generate failed: %s" % r.stderr.decode()[-400:])
    with open(victim) as f:
        expect(f.read() == "not yours\n", "the file outside --out was overwritten through a planted link")
    scene = os.path.join(out, "apartment-1-00000.json")
    expect(os.path.isfile(scene) and not os.path.islink(scene), "the published scene is not a regular file")
    expect(not os.path.islink(os.path.join(out, "manifest.jsonl")), "the published manifest is a link")
    # Every file created in a folder others can write (not inside a private partial folder) is created
    # with O_EXCL | O_NOFOLLOW.
    created = 0
    with open(trace) as f:
        for line in f:
            m = re.search(r'open(?:at)?\((?:AT_FDCWD, )?"([^"]*)", ([A-Z_|]+)', line)
            if not m or "O_CREAT" not in m.group(2):
                continue
            path = m.group(1)
            if not path.startswith(out) or ".partial" in path:
                continue
            created += 1
            expect("O_EXCL" in m.group(2) and "O_NOFOLLOW" in m.group(2), "created without O_EXCL|O_NOFOLLOW: " + line.strip())
    expect(created >= 2, "strace saw %d files created in the output folder" % created)


def case_generate_twice_into_one_folder_at_once(scratch):
    out = os.path.join(scratch, "gen")
    runs = [subprocess.Popen(["timeout", "-s", "KILL", "120", TOOL, "generate", "--count", "40", "--out", out],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for p in runs:
        _, err = p.communicate()
        expect(p.returncode == 0, "a retried generate collided: " + err.decode()[-300:])
    expect(len([n for n in os.listdir(out) if n.endswith(".json")]) == 40, "not 40 scenes")
    expect(no_partials(out) == [], "temporary files left: %s" % no_partials(out))


# MARK: High 2: a signal while export writes

def case_a_signal_during_export_never_publishes_a_torn_export(scratch):
    raw, _ = raw_package(scratch)
    out = os.path.join(scratch, "col")
    status, _, err, _ = tool(["export", raw, "--to", "colmap", "--out", out, "--every", "3"])
    expect(status == 0, err)
    old_images = sorted(os.listdir(os.path.join(out, "images")))
    landed, tries = 0, 0
    while landed < 10 and tries < 40:
        tries += 1
        # Unlinks slowed (as the red team slowed them) so that the signal's clean-up and the writer overlap.
        p = subprocess.Popen(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=unlink,unlinkat,rmdir,openat",
                              "-e", "inject=unlink,unlinkat,rmdir:delay_enter=4000", "-e", "inject=openat:delay_exit=1500",
                              TOOL, "export", raw, "--to", "colmap", "--out", out, "--force"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        # Wait until the partial export holds a few images, then interrupt the process its name names.
        sent = False
        while p.poll() is None and time.monotonic() < deadline:
            partial = [n for n in os.listdir(scratch) if n.startswith(".col.") and n.endswith(".export.partial")]
            try:
                if partial and len(os.listdir(os.path.join(scratch, partial[0], "images"))) >= 3 + tries % 20:
                    os.kill(int(partial[0].split(".")[2].split("-")[0]), signal.SIGTERM)
                    sent = True
                    break
            except OSError:
                pass
        _, err = p.communicate(timeout=120)
        err = err.decode()
        if os.environ.get("HOSTILE_DEBUG"):
            print(tries, sent, p.returncode, err[-200:])
        published = sorted(os.listdir(os.path.join(out, "images")))
        with open(os.path.join(out, "sparse", "0", "images.txt")) as f:
            listed = [l.split()[-1] for l in f if l.strip() and not l.startswith("#") and l.split()[-1].endswith(".jpg")]
        expect(published == sorted(listed), "torn export: %d JPEGs, images.txt lists %d" % (len(published), len(listed)))
        expect(published == old_images or len(published) == 69 or len(published) > len(old_images),
               "neither the old nor a whole new export")
        expect(no_partials(scratch) == [], "left behind: %s" % no_partials(scratch))
        if sent and "interrupted by SIGTERM" in err:
            landed += 1
            expect(p.returncode in (143, -15), "exit %s after SIGTERM" % p.returncode)
            expect(published == old_images, "a new export was published after the signal")
    expect(landed >= 10, "the signal landed during the export only %d times in %d tries" % (landed, tries))


# MARK: Medium 3-7

def case_report_on_a_pose_a_world_away_ends(scratch):
    for far in ["1e8", "1e17"]:
        log = os.path.join(scratch, "far-%s.tum" % far)
        with open(log, "w") as f:
            f.write("0 0 0 0 0 0 0 1\n0.1 0.01 0 0 0 0 0 1\n0.2 %s 0 0 0 0 0 1\n0.3 0.02 0 0 0 0 0 1\n" % far)
        html = os.path.join(scratch, "far-%s.html" % far)
        status, _, err, seconds = tool(["report", log, "--out", html], seconds=60)
        expect(status == 0, "report on a pose %s m away: exit %d %s" % (far, status, err[-300:]))
        expect(os.path.getsize(html) < 5_000_000, "report of %d bytes" % os.path.getsize(html))


def write_raw_package(folder, frames, size, times=None):
    """A raw RGBD package without images: manifest.json, raw/intrinsics.json, raw/poses.csv, PNGs."""
    w, h = size
    os.makedirs(os.path.join(folder, "raw", "depth"))
    os.makedirs(os.path.join(folder, "raw", "confidence"))
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump({"format": "raw-rgbd", "formatVersion": 1, "frames": frames,
                   "depth": {"width": w, "height": h, "unit": "millimetre", "noData": 0}}, f)
    with open(os.path.join(folder, "raw", "intrinsics.json"), "w") as f:
        json.dump({"width": w, "height": h, "fx": w * 0.83, "fy": w * 0.83, "cx": (w - 1) / 2, "cy": (h - 1) / 2}, f)
    rows = ["frame,x,y,z,qx,qy,qz,qw,time"]
    for k in range(frames):
        t = times[k] if times else k / 60
        rows.append("%d,%r,0,0,0,0,0,1,%r" % (k, 0.01 * k, t))
        Image.fromarray(np.full((h, w), 1500 + k, np.uint16)).save(os.path.join(folder, "raw", "depth", "%05d.png" % k))
        Image.fromarray(np.full((h, w), 2, np.uint8)).save(os.path.join(folder, "raw", "confidence", "%05d.png" % k))
    with open(os.path.join(folder, "raw", "poses.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    return folder


def case_lidar_stats_refuses_work_past_its_limit_up_front(scratch):
    big = write_raw_package(os.path.join(scratch, "big"), 14, (2048, 2048))
    status, _, err, seconds = tool(["lidar", "stats", big], seconds=60)
    expect(status == 3 and "limit" in err and "1024x1024" in err, "2048x2048 maps: exit %d %s" % (status, err[-300:]))
    expect(seconds < 20, "refused only after %.1f s" % seconds)
    many = write_raw_package(os.path.join(scratch, "many"), 40, (1024, 1024))
    status, _, err, _ = tool(["lidar", "stats", many], seconds=60)
    expect(status == 3 and "--frames" in err, "40 frames of 1024x1024: exit %d %s" % (status, err[-300:]))
    status, out, err, _ = tool(["lidar", "stats", many, "--frames", "20", "--pairs", "10"], seconds=60)
    expect(status == 0, "within the limit: exit %d %s" % (status, err[-300:]))


def case_huge_numbers_give_exit_3_not_a_trap(scratch):
    stray = stray_export(os.path.join(scratch, "stray"), far_pose=1e15)
    status, _, err, _ = tool(["lidar", "stats", stray], seconds=60)
    expect(status in (0, 3), "lidar stats on a pose 1e15 m away: exit %d %s" % (status, err[-200:]))
    late = write_raw_package(os.path.join(scratch, "late"), 14, (64, 48), times=[2e10 + k for k in range(14)])
    out = os.path.join(scratch, "late.mcap")
    status, _, err, _ = tool(["export", late, "--to", "mcap", "--out", out])
    expect(status == 3 and "frame 0" in err, "a clock past 1.8e10 s: exit %d %s" % (status, err[-200:]))
    expect(no_partials(scratch) == [] and not os.path.exists(out), "left: %s" % no_partials(scratch))
    untimed = os.path.join(scratch, "untimed")
    shutil.copytree(late, untimed)
    with open(os.path.join(untimed, "raw", "poses.csv")) as f:
        rows = [",".join(l.strip().split(",")[:8]) for l in f]
    with open(os.path.join(untimed, "raw", "poses.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    status, _, err, _ = tool(["export", untimed, "--to", "mcap", "--out", out, "--fps", "1e-9"])
    expect(status in (2, 3), "--fps 1e-9: exit %d %s" % (status, err[-200:]))
    expect(no_partials(scratch) == [] and not os.path.exists(out), "left: %s" % no_partials(scratch))


def case_a_fifo_in_a_stray_export_is_refused(scratch):
    stray = stray_export(os.path.join(scratch, "stray"))
    fifo = os.path.join(stray, "depth", "000003.png")
    os.remove(fifo)
    os.mkfifo(fifo)
    status, _, err, seconds = tool(["lidar", "stats", stray], seconds=30)
    expect(status == 3 and "FIFO" in err, "lidar stats: exit %d %s" % (status, err[-200:]))
    status, _, err, seconds = tool(["lidar", "fit", stray, "--frames", "4", "--iterations", "0"], seconds=60)
    expect(status == 3 and "FIFO" in err, "lidar fit: exit %d %s" % (status, err[-200:]))


def case_scene_work_past_the_limit_is_refused_when_loaded(scratch):
    with open(os.path.join(SCENES, "apartment.json")) as f:
        scene = json.load(f)
    objects = []
    for k in range(500):
        o = {"category": "table", "dimensions": {"width": 0.1, "height": 0.1, "depth": 0.1},
             "position": [0.3 + (k % 20) * 0.05, 0.3 + (k // 20) * 0.05], "yawDegrees": 0}
        if k < 10:
            o["clutter"] = {"count": 498}
        objects.append(o)
    scene["objects"] = objects
    scene["script"] = scene["script"][:3] + [{"action": "pause", "seconds": 590}]
    path = os.path.join(scratch, "heavy.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    status, _, err, seconds = tool(["run", path], seconds=60)
    expect(status == 3 and "depth work" in err, "exit %d %s" % (status, err[-300:]))
    expect(seconds < 10, "refused after %.1f s" % seconds)
    status, _, err, seconds = tool(["generate", "--count", "1000000", "--bundles", "--max-bytes", "1K", "--out",
                                    os.path.join(scratch, "g")], seconds=60)
    expect(status == 2 and "--max-bytes" in err, "exit %d %s" % (status, err[-300:]))
    expect(seconds < 10 and not os.path.exists(os.path.join(scratch, "g")), "refused after %.1f s" % seconds)


def case_camera_images_past_the_run_limit_are_refused_up_front(scratch):
    out = os.path.join(scratch, "big")
    # The mirror's reflected rays: 1,553 images of 1920x1440, five times the limit (it ran 13 minutes).
    status, _, err, seconds = tool(["run", os.path.join(SCENES, "glass-mirror.json"), "--out", out,
                                    "--video-size", "1920x1440", "--video-fps", "60", "--no-progress"], seconds=60)
    expect(status == 2 and "--allow-long" in err and "mirror pixels" in err, "exit %d %s" % (status, err[-300:]))
    expect(seconds < 10 and not os.path.exists(os.path.join(out, "glass-mirror")), "refused after %.1f s" % seconds)


def case_lidar_fit_past_its_work_limit_is_refused_up_front(scratch):
    stray = stray_export(os.path.join(scratch, "stray"))
    status, _, err, seconds = tool(["lidar", "fit", stray, "--frames", "121"], seconds=60)
    expect(status == 2 and "3000" in err, "exit %d %s" % (status, err[-300:]))
    expect(seconds < 5, "refused after %.1f s" % seconds)


# MARK: Medium 8: names that forge lines

def case_inspect_escapes_newlines_and_bidi_controls_in_names(scratch):
    _, bundle = raw_package(scratch, images=False)
    forged = os.path.join(bundle, "x\nvalid           yes")
    open(forged, "w").close()
    os.remove(os.path.join(bundle, "arkitData.json"))
    status, out, err, _ = tool(["inspect", bundle])
    expect(status != 0, "an invalid bundle passed")
    valid_lines = [l for l in (out + err).splitlines() if l.startswith("valid           yes")]
    expect(valid_lines == [], "a forged line: %r" % valid_lines)
    shutil.rmtree(os.path.join(scratch, "out"))
    _, bundle = raw_package(scratch, name="rtl\u202etxt.exe", images=False)
    status, out, err, _ = tool(["inspect", bundle])
    expect("\u202e" not in out + err and "\\u202e" in out + err, "U+202E printed raw: %r" % (out + err)[:300])


def case_a_file_name_that_is_not_utf8_makes_the_bundle_invalid(scratch):
    _, bundle = raw_package(scratch, images=False)
    with open(os.path.join(bundle.encode(), b"caf\xe9.txt"), "wb") as f:
        f.write(b"x")
    status, out, err, _ = tool(["inspect", bundle])
    expect(status == 1 and "caf\\xE9.txt: a file name that is not UTF-8" in out + err, "inspect: exit %d %s" % (status, (out + err)[-300:]))


# MARK: Low

def case_small_holes_stay_closed(scratch):
    raw, _ = raw_package(scratch)
    # report --out on a dangling link: refused without --force, the link untouched.
    link = os.path.join(scratch, "report.html")
    os.symlink(os.path.join(scratch, "elsewhere.html"), link)
    status, _, err, _ = tool(["report", raw, "--out", link])
    expect(status == 4 and not os.path.exists(os.path.join(scratch, "elsewhere.html")), "report over a dangling link: %d %s" % (status, err))
    # export RAW --out RAW --force would delete the capture.
    status, _, err, _ = tool(["export", raw, "--to", "colmap", "--out", raw, "--force"])
    expect(status == 2 and os.path.isfile(os.path.join(raw, "raw", "poses.csv")), "export over its input: %d %s" % (status, err))
    # A legal 240-byte output name.
    long_name = os.path.join(scratch, "t" * 236 + ".tum")
    status, _, err, _ = tool(["export", raw, "--to", "tum", "--out", long_name])
    expect(status == 0 and os.path.isfile(long_name), "240-byte name: %d %s" % (status, err))
    # A duplicate frame that inspect rejects is rejected by export too.
    dup = os.path.join(scratch, "dup")
    shutil.copytree(raw, dup)
    with open(os.path.join(dup, "raw", "poses.csv")) as f:
        rows = f.read().splitlines()
    rows.insert(3, rows[2])
    with open(os.path.join(dup, "raw", "poses.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    status, _, err, _ = tool(["export", dup, "--to", "colmap", "--out", os.path.join(scratch, "dup-col")])
    expect(status == 3 and "twice" in err, "a duplicate frame: %d %s" % (status, err))
    # A newline in the input folder's name forges no TUM pose line.
    odd = os.path.join(scratch, "odd\n9 9 9 9 0 0 0 1")
    shutil.copytree(raw, odd)
    tum = os.path.join(scratch, "odd.tum")
    status, _, err, _ = tool(["export", odd, "--to", "tum", "--out", tum])
    expect(status == 0, err)
    with open(tum) as f:
        poses = [l for l in f if not l.startswith("#")]
    expect(all(len(l.split()) == 8 and not l.startswith("9 9 9") for l in poses), "a forged pose line")
    # Empty output paths are usage errors before any work.
    for args in (["lidar", "fit", raw, "--out", ""], ["check", os.path.join(SCENES, "too-far.json"), "--junit", ""],
                 ["sweep", os.path.join(SCENES, "too-far.json"), "--set", "proximity.meters=0.3,0.4", "--report", ""]):
        status, _, err, seconds = tool(args)
        expect(status == 2 and seconds < 5, "%s: exit %d after %.1f s %s" % (args[:2], status, seconds, err[-200:]))
    # A file a bundle links to outside itself is not copied into an export.
    linked = os.path.join(scratch, "linked")
    shutil.copytree(raw, linked)
    jpg = os.path.join(linked, "raw", "rgb", "00003.jpg")
    os.remove(jpg)
    os.symlink("/etc/hostname", jpg)
    status, _, err, _ = tool(["export", linked, "--to", "colmap", "--out", os.path.join(scratch, "linked-col")])
    expect(status == 3 and "outside the bundle" in err, "a link out of the bundle: %d %s" % (status, err))


CASES = [(name[5:], fn) for name, fn in sorted(globals().items()) if name.startswith("case_")]


def main():
    wanted = sys.argv[2:]
    passed = failed = 0
    for name, fn in CASES:
        if wanted and name not in wanted:
            continue
        scratch = tempfile.mkdtemp(prefix="hostile3-")
        start = time.monotonic()
        try:
            fn(scratch)
            passed += 1
            print("ok    %s (%.1f s)" % (name, time.monotonic() - start), flush=True)
        except Failure as e:
            failed += 1
            print("FAIL  %s: %s" % (name, e), flush=True)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
