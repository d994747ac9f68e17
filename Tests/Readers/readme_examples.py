#!/usr/bin/env python3
"""Runs README.md's examples as written: every line of a code block that starts with `$ ` (with its
continuation lines ending in a backslash), in order, in a scratch folder.

Usage: readme_examples.py [--long] TOOL README PACKAGE_FOLDER

With --long (`make test-long`) the long examples (their comment says "long:") run as well, each to exit
0 or 1 (a check that finds a failing scene, as a shifted threshold should); those that need your own
capture are skipped either way.

The scratch folder holds copies of the package's Scenes/ and of the test fixtures the examples name
(Tests/CaptureReplayTests/Fixtures, Tests/ScanReportTests/Fixtures, Tests/Readers), and a bin/ folder
with `capture-sim` (TOOL) first on PATH. An example whose comment says "not run by the README test" is
skipped (the long ones and those that need your own capture). An example must exit 0, or 1 when the
README shows it failing (its next line starts with "FAIL"). The lines the README shows under an example
(up to the next `$ ` line; lines that are only a `#` comment are not output) are its output as printed:
they must equal the first lines of its standard output, times and numbers included; a line `...` ends the
comparison (the rest is not shown). Prints one line per example; exits 1 naming the first that did not do
what the README says.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

SKIP_MARK = "not run by the README test"
LONG_MARK = "long:"


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
            shown = []
            k = i + 1
            while k < len(lines) and not lines[k].startswith("$ ") and not lines[k].startswith("```"):
                if not lines[k].strip().startswith("#"):
                    shown.append(lines[k])
                k += 1
            found.append((number, command, 1 if following.startswith("FAIL") else 0, shown))
        i += 1
    return found


def main():
    arguments = [a for a in sys.argv[1:] if a != "--long"]
    long = len(arguments) != len(sys.argv) - 1
    if len(arguments) != 3:
        print("usage: readme_examples.py [--long] TOOL README PACKAGE_FOLDER", file=sys.stderr)
        sys.exit(2)
    tool, readme, package = (os.path.abspath(a) for a in arguments)
    scratch = tempfile.mkdtemp(prefix="capture-sim-readme-")
    try:
        shutil.copytree(os.path.join(package, "Scenes"), os.path.join(scratch, "Scenes"))
        for fixtures in ("Tests/CaptureReplayTests/Fixtures", "Tests/ScanReportTests/Fixtures", "Tests/Readers"):
            shutil.copytree(os.path.join(package, fixtures), os.path.join(scratch, fixtures))
        os.makedirs(os.path.join(scratch, "bin"))
        os.symlink(tool, os.path.join(scratch, "bin", "capture-sim"))
        env = dict(os.environ, PATH=os.path.join(scratch, "bin") + os.pathsep + os.environ.get("PATH", ""))
        ran = skipped = 0
        for number, command, expected, shown in examples(readme):
            if SKIP_MARK in command and not (long and LONG_MARK in command):
                skipped += 1
                print("skip  README.md:%d  %s" % (number, command))
                continue
            start = time.time()
            result = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, capture_output=True, text=True,
                                    timeout=1800)
            ran += 1
            if LONG_MARK in command and result.returncode in (0, 1):
                expected = result.returncode
            print("%s  README.md:%d  %s  (%.1f s)" % ("ok  " if result.returncode == expected else "FAIL", number, command,
                                                    time.time() - start))
            if result.returncode != expected:
                print("README.md:%d: exit %d, expected %d\n%s" % (number, result.returncode, expected,
                                                                  (result.stdout + result.stderr)[-3000:]), file=sys.stderr)
                sys.exit(1)
            printed = result.stdout.split("\n")
            for k, line in enumerate(shown):
                if line.strip() == "...":
                    break
                actual = printed[k] if k < len(printed) else "(no line)"
                if actual.rstrip() != line.rstrip():
                    print("README.md:%d: output line %d is not what the README shows\n  README: %s\n  actual: %s"
                          % (number, k + 1, line, actual), file=sys.stderr)
                    sys.exit(1)
            else:
                if shown and len(printed) - (1 if printed[-1] == "" else 0) != len(shown):
                    print("README.md:%d: %d lines printed, the README shows %d (end it with ... to show a part)"
                          % (number, len(printed), len(shown)), file=sys.stderr)
                    sys.exit(1)
        print("readme examples: %d run, %d skipped" % (ran, skipped))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
