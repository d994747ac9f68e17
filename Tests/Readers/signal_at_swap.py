#!/usr/bin/env python3
"""The attack on `run --force`: SIGINT sent the moment the bundle's name leads to a new folder.

    signal_at_swap.py TOOL FORMAT KILLS TRIES      (run from the package folder)

Writes a bundle of a copy of Scenes/too-far.json (FORMAT: cubicapture or raw-rgbd), then runs the same
scene with --force over it again and again, polling the bundle folder's inode in a tight loop and sending
SIGINT as soon as it changes, until KILLS signals have ended a run (they landed after the swap) or TRIES
runs were made. After each run `inspect` must call the bundle valid and nothing but the bundle may be left
in the output folder. Prints each damaged run and a summary line; SignalAtSwapTests does the same.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile


def main():
    tool, layout, wanted, tries_allowed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    folder = tempfile.mkdtemp(prefix="capture-sim-swap-")
    try:
        scene = json.load(open("Scenes/too-far.json"))
        scene["name"] = "swapped"
        scene.pop("expect", None)
        scene.pop("golden", None)
        path = os.path.join(folder, "swapped.json")
        json.dump(scene, open(path, "w"))
        out = os.path.join(folder, "out")
        bundle = os.path.join(out, "swapped-raw" if layout == "raw-rgbd" else "swapped")  # the raw package is <name>-raw
        arguments = [tool, "run", path, "--out", out, "--format", layout, "--no-progress", "--depth-every", "30", "--no-images"]
        subprocess.run(arguments, capture_output=True, check=True)
        landed = tries = damaged = 0
        while landed < wanted and tries < tries_allowed:
            tries += 1
            before = os.lstat(bundle).st_ino
            run = subprocess.Popen(arguments + ["--force"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            sent = False
            while run.poll() is None:
                try:
                    if os.lstat(bundle).st_ino != before:
                        os.kill(run.pid, signal.SIGINT)
                        sent = True
                        break
                except FileNotFoundError:
                    pass
            status = run.wait()
            if sent and status == -signal.SIGINT:
                landed += 1
            inspect = subprocess.run([tool, "inspect", bundle], capture_output=True, text=True)
            left = sorted(os.listdir(out)) if os.path.isdir(out) else []
            if inspect.returncode != 0 or left != [os.path.basename(bundle)]:
                damaged += 1
                print(f"try {tries}: exit {status}, inspect {inspect.returncode}: {inspect.stderr.strip()[:160]}; left {left[:4]}")
                shutil.rmtree(out, ignore_errors=True)
                subprocess.run(arguments, capture_output=True, check=True)
        print(f"{layout}: {landed} kills landed after the swap in {tries} tries; {damaged} left the bundle invalid or leftovers")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
