#!/usr/bin/env python3
"""Browser test of capture-sim's HTML reports.

Makes each kind of report with the built tool (the default apartment's bundle as a folder, its zip and
its raw RGBD package; a scene with every warning family; the real ARKit log fixture; a failing check;
a sweep), loads each in Debian's headless chromium and checks that:
  - the page logs nothing to the console (no error) and its script ran (body data-ready, no data-errors);
  - a link to a time (#t=5) shows the pose and every lane's value there, as hovering does;
  - the DOM has one plan marker (class event-marker) per row of the events table;
  - the file is self-contained: no http(s) address, every src an inline data URI;
  - a screenshot shows the plan and the timeline drawn: the path's time colours in the plan's part of
    the page, the detector line and threshold colours in the timeline's part (Pillow).

Usage: check_reports.py [path/to/capture-sim]   (default .build/release/capture-sim)
Run from the package folder; chromium must be installed (Tests/Browser/install-chromium.sh).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy
from PIL import Image

TOOL = sys.argv[1] if len(sys.argv) > 1 else ".build/release/capture-sim"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WINDOW = "--window-size=1280,2600"
FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL " + message, flush=True)


def tool(*args, expect=0):
    result = subprocess.run([TOOL, *args], capture_output=True, text=True)
    if result.returncode != expect:
        fail(f"capture-sim {' '.join(args)}: exit {result.returncode}, expected {expect}\n{result.stderr}")
    return result


def chromium(*args):
    base = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--disable-extensions", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000"]
    return subprocess.run(base + list(args), capture_output=True, text=True, timeout=120)


def console_lines(stderr):
    return [line for line in stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]


def check_page(path, *, scan_report=True, screenshot=None):
    name = os.path.basename(path)
    html = open(path, encoding="utf-8").read()
    if re.search(r"https?://", html):
        fail(f"{name}: contains a network address")
    for src in re.findall(r'\ssrc="([^"]*)"', html):
        if not src.startswith("data:"):
            fail(f"{name}: src {src[:40]} is not inline")
    url = "file://" + os.path.abspath(path)
    dom = chromium(WINDOW, "--dump-dom", url)
    for line in console_lines(dom.stderr):
        fail(f"{name}: console: {line}")
    if 'data-ready="true"' not in dom.stdout:
        fail(f"{name}: the page's script did not finish (no data-ready)")
    if "data-errors=" in dom.stdout:
        found = re.search(r'data-errors="([^"]*)"', dom.stdout)
        fail(f"{name}: script error: {found.group(1) if found else '?'}")
    if scan_report:
        # A link to a time shows the cursor and the pose and values there (what hovering shows).
        linked = chromium(WINDOW, "--dump-dom", url + "#t=5")
        for line in console_lines(linked.stderr):
            fail(f"{name}#t=5: console: {line}")
        tip = re.search(r'<div id="tooltip"[^>]*>([^<]*)</div>', linked.stdout)
        if not tip or "position x" not in tip.group(1) or "yaw rate:" not in tip.group(1):
            fail(f"{name}#t=5: no pose and values shown at 5 s")
        markers = len(re.findall(r'<circle class="event-marker ', dom.stdout))
        rows = len(re.findall(r'<tr class="(?:info|warning|error)[^"]*" data-event=', dom.stdout))
        if markers != rows or markers == 0:
            fail(f"{name}: {markers} event markers for {rows} events")
        else:
            print(f"ok   {name}: {markers} event markers, one per event", flush=True)
    if screenshot:
        shot = chromium(WINDOW, f"--screenshot={screenshot}", url)
        for line in console_lines(shot.stderr):
            fail(f"{name}: console: {line}")
        check_screenshot(name, screenshot, dom.stdout)
    return dom.stdout


def box_of(dom, name):
    found = re.search(rf'data-{name}-box="(\d+),(\d+),(\d+),(\d+)"', dom)
    return tuple(int(v) for v in found.groups()) if found else None


def check_screenshot(name, path, dom):
    """The plan shows the path's time colours; the timeline its detector lines and thresholds."""
    image = numpy.asarray(Image.open(path).convert("RGB")).astype(numpy.int16)
    height, width = image.shape[:2]
    plan_box, timeline_box = box_of(dom, "plan"), box_of(dom, "timeline")
    if not plan_box or not timeline_box:
        fail(f"{name}: the page did not report where its plan and timeline are")
        return
    if plan_box[3] > height or timeline_box[3] > height:
        fail(f"{name}: plan {plan_box} or timeline {timeline_box} beyond the {width}x{height} screenshot")
        return
    ramp = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]

    def crop(box):
        return image[box[1]:box[3], box[0]:box[2]]

    def count(box, colours, tolerance):
        region = crop(box)
        hit = numpy.zeros(region.shape[:2], dtype=bool)
        for c in colours:
            hit |= numpy.all(numpy.abs(region - numpy.array(c, dtype=numpy.int16)) <= tolerance, axis=2)
        return int(hit.sum())

    def distinct(box):
        region = crop(box).reshape(-1, 3)
        return len(numpy.unique(region, axis=0))

    failures = len(FAILURES)
    path_pixels = count(plan_box, ramp, 40)
    line_pixels = count(timeline_box, [(31, 95, 168)], 40)
    threshold_pixels = count(timeline_box, [(209, 45, 45)], 60)
    if distinct(plan_box) < 20:
        fail(f"{name}: the plan looks blank")
    if path_pixels < 150:
        fail(f"{name}: no path drawn on the plan ({path_pixels} path-coloured pixels)")
    if distinct(timeline_box) < 10 or line_pixels < 500 or threshold_pixels < 100:
        fail(f"{name}: the timeline looks blank ({line_pixels} line, {threshold_pixels} threshold pixels)")
    if len(FAILURES) == failures:
        print(f"ok   {name}: screenshot {path}: {path_pixels} path pixels in the plan, {line_pixels} signal and "
              f"{threshold_pixels} threshold pixels in the timeline", flush=True)


def main():
    if not CHROMIUM:
        print("chromium is not installed: run Tests/Browser/install-chromium.sh")
        return 2
    if not os.path.exists(TOOL):
        print(f"{TOOL} not built")
        return 2
    work = tempfile.mkdtemp(prefix="capture-sim-browser-")
    shots = os.environ.get("REPORT_SCREENSHOTS", work)
    os.makedirs(shots, exist_ok=True)
    try:
        # The reports read poses, events and depth, not the camera images.
        tool("run", "Scenes/apartment.json", "--out", work, "--format", "both", "--no-progress", "--no-images")
        bundle = os.path.join(work, "apartment")
        zips = [f for f in os.listdir(bundle) if f.endswith(".zip")]
        reports = [
            ("apartment-bundle.html", [bundle, "--scene", "Scenes/apartment.json"]),
            ("apartment-zip.html", [os.path.join(bundle, zips[0]) if zips else bundle]),
            ("apartment-raw.html", [os.path.join(work, "apartment-raw")]),
            ("every-warning.html", ["Tests/ScanReportTests/Fixtures/every-warning.json"]),
            ("arkit-letters.html", ["Tests/CaptureReplayTests/Fixtures/arkit-logger-letters.txt"]),
        ]
        for name, args in reports:
            out = os.path.join(work, name)
            tool("report", *args, "--out", out)
            if os.path.exists(out):
                check_page(out, screenshot=os.path.join(shots, name.replace(".html", ".png")))
        check_dir = os.path.join(work, "check")
        tool("check", "Scenes/fast-rotation.json", "Scenes/floor.json", "--set", "fastRotation.degreesPerSecond=400",
             "--report", check_dir, expect=1)
        check_page(os.path.join(check_dir, "index.html"), scan_report=False)
        failing = os.path.join(check_dir, "fast-rotation.html")
        if os.path.exists(failing):
            dom = check_page(failing, screenshot=os.path.join(shots, "check-fast-rotation.png"))
            if "expected-tick" not in dom and "expected-window" not in dom:
                fail("check page: no expected events drawn")
        else:
            fail("check --report wrote no page for the failing scene")
        if os.path.exists(os.path.join(check_dir, "floor.html")):
            fail("check --report wrote a page for a passing scene")
        sweep = os.path.join(work, "sweep.html")
        tool("sweep", "Scenes/fast-rotation.json", "--param", "fastRotation.degreesPerSecond=60:180:30", "--report", sweep)
        dom = check_page(sweep, scan_report=False)
        if 'class="cell fired"' not in dom:
            fail("sweep heat map: no fired cell")
    finally:
        if "REPORT_KEEP" not in os.environ:
            shutil.rmtree(work, ignore_errors=True)
    print(f"browser test: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
