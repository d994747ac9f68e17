#!/usr/bin/env python3
"""Runs README.md's examples as written: every line of a code block that starts with `$ ` (with its
continuation lines ending in a backslash), in order, in a scratch folder.

Usage: readme_examples.py TOOL README PACKAGE_FOLDER

The scratch folder holds copies of the package's Scenes/ and of the test fixtures the examples name
(Tests/CaptureReplayTests/Fixtures, Tests/ScanReportTests/Fixtures, Tests/Readers), and a bin/ folder
with `capture-sim` (TOOL) first on PATH. An example whose comment says "not run by the README test" is
skipped (the long ones and those that need your own capture). An example must exit 0, or 1 when the
README shows it failing (its next line starts with "FAIL"). Prints one line per example; exits 1 naming
the first that did not do what the README says.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

SKIP_MARK = "not run by the README test"


def examples(readme):
    lines = open(readme, encoding="utf-8").read().split("\n")
    inside = False
    found = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            inside = not inside
            i += 1
            continue
        if inside and line.startswith("$ "):
            command = line[2:]
            number = i + 1
            while command.rstrip().endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command.rstrip()[:-1] + " " + lines[i].strip()
            following = lines[i + 1] if i + 1 < len(lines) else ""
            found.append((number, command, 1 if following.startswith("FAIL") else 0))
        i += 1
    return found


def main():
    if len(sys.argv) != 4:
        print("usage: readme_examples.py TOOL README PACKAGE_FOLDER", file=sys.stderr)
        sys.exit(2)
    tool, readme, package = (os.path.abspath(a) for a in sys.argv[1:])
    scratch = tempfile.mkdtemp(prefix="capture-sim-readme-")
    try:
        shutil.copytree(os.path.join(package, "Scenes"), os.path.join(scratch, "Scenes"))
        for fixtures in ("Tests/CaptureReplayTests/Fixtures", "Tests/ScanReportTests/Fixtures", "Tests/Readers"):
            shutil.copytree(os.path.join(package, fixtures), os.path.join(scratch, fixtures))
        os.makedirs(os.path.join(scratch, "bin"))
        os.symlink(tool, os.path.join(scratch, "bin", "capture-sim"))
        env = dict(os.environ, PATH=os.path.join(scratch, "bin") + os.pathsep + os.environ.get("PATH", ""))
        ran = skipped = 0
        for number, command, expected in examples(readme):
            if SKIP_MARK in command:
                skipped += 1
                print("skip  README.md:%d  %s" % (number, command))
                continue
            start = time.time()
            result = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, capture_output=True, text=True,
                                    timeout=1800)
            ran += 1
            print("%s  README.md:%d  %s  (%.1f s)" % ("ok  " if result.returncode == expected else "FAIL", number, command,
                                                    time.time() - start))
            if result.returncode != expected:
                print("README.md:%d: exit %d, expected %d\n%s" % (number, result.returncode, expected,
                                                                  (result.stdout + result.stderr)[-3000:]), file=sys.stderr)
                sys.exit(1)
        print("readme examples: %d run, %d skipped" % (ran, skipped))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
