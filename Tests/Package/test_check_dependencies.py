#!/usr/bin/env python3
"""The dependency check on a fixture package with known mismatches (it must name exactly those and fail),
then on this package (it must pass), then docs/architecture.md's pictures against Package.swift
(module_graph.py --check: they must be current). `make test` runs it."""

import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
checker = os.path.join(here, "check_dependencies.py")

fixture = subprocess.run([sys.executable, checker, os.path.join(here, "Fixture")], capture_output=True, text=True)
expected = [
    "DeclaresUnused: declares Unused but does not use it",
    "ImportsUndeclared: uses Unused but does not declare it",
]
found = [line for line in fixture.stdout.splitlines() if not line.startswith("Package.swift:")]
if fixture.returncode != 1 or found != expected:
    print("check_dependencies.py on the fixture: expected exit 1 and\n  " + "\n  ".join(expected)
          + f"\ngot exit {fixture.returncode} and\n{fixture.stdout}{fixture.stderr}")
    sys.exit(1)

package = subprocess.run([sys.executable, checker], capture_output=True, text=True)
sys.stdout.write(package.stdout + package.stderr)
pictures = subprocess.run([sys.executable, os.path.join(here, "module_graph.py"), "--check"], capture_output=True, text=True)
sys.stdout.write(pictures.stdout + pictures.stderr)
sys.exit(package.returncode or pictures.returncode)
