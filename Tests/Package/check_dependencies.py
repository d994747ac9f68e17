#!/usr/bin/env python3
"""Package.swift against the sources: every target's declared dependencies are the package's modules it
uses, no more and no fewer.

SwiftPM lets a target import any module of its dependencies' dependencies, so a dependency that is
imported but not declared builds today and breaks when the module in between drops it; one declared but
never used links and builds what the target does not need. This check reads the targets from
`swift package dump-package` (the manifest as SwiftPM understands it) and what each target uses from
its files:

- a Swift file uses a module it imports (`import X`, `@testable import X`, `import struct X.Y`, ...);
- a C file or header uses a C target whose public header it includes (`#include "noise_hash.h"`), and
  a system library whose shim header's includes it includes (`#include <png.h>` uses CPNG);
- a test target uses the executable `capture-sim` when it imports `capture_sim` or runs the built tool
  through TestSupport (`CommandLineTool.run`, `.start`, `.executable`): the dependency makes SwiftPM build the tool
  before the tests.

A target's own module and the toolchain's (Foundation, Glibc, Testing, ...) are not package modules and
are not counted. Prints each mismatch as `TARGET: declares X but does not use it` or `TARGET: uses X
but does not declare it` and exits 1 when there is any; exits 0 and prints a one-line summary otherwise.

Usage: check_dependencies.py [PACKAGE_DIR]   (default: the folder two levels up from this script)
"""

import json
import os
import re
import subprocess
import sys

SWIFT_IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE)
C_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)
# The tests that run the built tool do it through TestSupport's helpers, which find it in the build folder.
# Headers a shim includes for declarations its callers need but that are no library of its own: zlib is
# linked by name (`linkedLibrary("z")`) where it is used, errno.h is the C library's.
NOT_OWNED_BY_A_SHIM = {"errno.h", "zlib.h"}
RUNS_TOOL = re.compile(r"\bCommandLineTool\.(run|start|executable)\b")


def package_targets(package_dir):
    out = subprocess.run(["swift", "package", "dump-package"], cwd=package_dir, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)["targets"]


def target_folder(package_dir, target):
    if target.get("path"):
        return os.path.join(package_dir, target["path"])
    base = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(package_dir, base, target["name"])


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def files(folder, excluded, suffixes):
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if os.path.relpath(os.path.join(root, d), folder) not in excluded)
        for name in sorted(names):
            if name.endswith(suffixes):
                yield os.path.join(root, name)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def main():
    package_dir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    targets = package_targets(package_dir)
    by_module = {t["name"].replace("-", "_"): t["name"] for t in targets}
    executables = {t["name"] for t in targets if t["type"] == "executable"}

    # Headers that stand for a C target (its public headers) or a system library (what its shim includes).
    header_owner = {}
    for t in targets:
        folder = target_folder(package_dir, t)
        if t["type"] == "system":
            shim = os.path.join(folder, "shim.h")
            if os.path.exists(shim):
                for header in C_INCLUDE.findall(read(shim)):
                    if header not in NOT_OWNED_BY_A_SHIM:
                        header_owner[header] = t["name"]
        else:
            include = os.path.join(folder, "include")
            if os.path.isdir(include):
                for path in files(include, set(), (".h",)):
                    header_owner[os.path.relpath(path, include)] = t["name"]
                    header_owner[os.path.basename(path)] = t["name"]

    problems = []
    checked = 0
    for t in targets:
        if t["type"] == "system":
            continue
        checked += 1
        folder = target_folder(package_dir, t)
        excluded = set(t.get("exclude", []))
        used = set()
        for path in files(folder, excluded, (".swift",)):
            text = read(path)
            for module in SWIFT_IMPORT.findall(text):
                if module in by_module:
                    used.add(by_module[module])
            if t["type"] == "test" and RUNS_TOOL.search(text):
                used.update(executables)
        for path in files(folder, excluded, (".c", ".h")):
            for header in C_INCLUDE.findall(read(path)):
                owner = header_owner.get(header)
                if owner:
                    used.add(owner)
        used.discard(t["name"])
        wanted = declared(t)
        for name in sorted(wanted - used):
            problems.append(f"{t['name']}: declares {name} but does not use it")
        for name in sorted(used - wanted):
            problems.append(f"{t['name']}: uses {name} but does not declare it")

    for p in problems:
        print(p)
    if problems:
        print(f"Package.swift: {len(problems)} dependencies differ from what the targets use "
              f"(fix the target's dependencies, or the import)")
        return 1
    print(f"Package.swift: the dependencies of {checked} targets are what they use")
    return 0


if __name__ == "__main__":
    sys.exit(main())
