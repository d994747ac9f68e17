#!/usr/bin/env python3
"""The two pictures of docs/architecture.md, drawn as SVG from what they show:

- docs/modules.svg: the package's modules from `swift package dump-package`, in layers (each module above
  everything it imports), an arrow for each dependency that no path through another module already
  implies (the full lists are in docs/architecture.md and Package.swift), and the C wrappers in a row;
- docs/data-flow.svg: how data moves between the modules when a scene runs, a log replays, a bundle is
  inspected or a report is drawn (the stages are listed below, in DATA_FLOW).

Usage: module_graph.py [--check] [PACKAGE_DIR]. Without --check it writes both files; with --check it
writes nothing and exits 1 when a file differs from what it would write (so a changed Package.swift
cannot leave the picture behind; Tests/Package/test_check_dependencies.py runs it in `make test`).
"""

import json
import os
import subprocess
import sys
from xml.sax.saxutils import escape

FONT = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""


def svg_document(width, height, body, title):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'role="img" aria-label="{escape(title)}">\n<title>{escape(title)}</title>\n'
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#666"/></marker></defs>\n'
            f'<rect width="{width}" height="{height}" fill="#fff"/>\n' + body + '</svg>\n')


def box(x, y, w, h, label, fill, stroke="#555", size=12, sub=None):
    s = f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="5" fill="{fill}" stroke="{stroke}"/>'
    if sub:
        s += (f'<text x="{x + w / 2:.1f}" y="{y + h / 2 - 3:.1f}" text-anchor="middle" font-size="{size}" {FONT}>{escape(label)}</text>'
              f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + 11:.1f}" text-anchor="middle" font-size="10" fill="#555" {FONT}>{escape(sub)}</text>\n')
    else:
        s += f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + 4:.1f}" text-anchor="middle" font-size="{size}" {FONT}>{escape(label)}</text>\n'
    return s


def module_graph(targets):
    swift = {t["name"]: t for t in targets if t["type"] in ("regular", "executable") and not t.get("path")}
    deps = {n: [d["byName"][0] for d in t["dependencies"] if "byName" in d and d["byName"][0] in swift] for n, t in swift.items()}
    is_c = {n: n.startswith("C") and n[1:2].isupper() for n in swift}
    system = [t["name"] for t in targets if t["type"] == "system"]

    # Layers: 0 for modules that import no package module; one more than the highest import otherwise.
    layer = {}

    def depth(n):
        if n not in layer:
            layer[n] = 0 if not deps[n] else 1 + max(depth(d) for d in deps[n])
        return layer[n]

    for n in swift:
        depth(n)
    # The C wrappers (and the system libraries) sit in one row at the bottom.
    swift_modules = [n for n in swift if not is_c[n]]
    rows = {}
    for n in swift_modules:
        rows.setdefault(layer[n], []).append(n)
    top = max(rows)

    # Transitive reduction: an edge a -> b is drawn unless b is reachable from a through another import.
    def reachable(a, skip):
        seen, stack = set(), [d for d in deps[a] if d != skip]
        while stack:
            n = stack.pop()
            if n not in seen:
                seen.add(n)
                stack.extend(deps[n])
        return seen

    edges = [(a, b) for a in swift_modules for b in deps[a] if not is_c[b] and b not in reachable(a, b)]

    # Order within a row: by the mean position of the modules importing it (two sweeps down), names first.
    order = {r: sorted(rows[r]) for r in rows}
    for _ in range(3):
        position = {n: i / max(1, len(order[r]) - 1) for r in order for i, n in enumerate(order[r])}
        for r in sorted(order, reverse=True):
            def key(n):
                users = [position[a] for a in swift_modules if n in deps[a] and layer[a] > r]
                return (sum(users) / len(users) if users else 0.5, n)
            order[r] = sorted(order[r], key=key)
            position.update({n: i / max(1, len(order[r]) - 1) for i, n in enumerate(order[r])})

    width, box_w, box_h, gap_y = 980, 150, 34, 74
    c_names = sorted([n for n in swift if is_c[n]]) + sorted(system)
    height = 40 + (top + 1) * gap_y + 130
    place = {}
    for r, names in order.items():
        y = 30 + (top - r) * gap_y
        step = width / (len(names) + 1)
        for i, n in enumerate(names):
            place[n] = (step * (i + 1) - box_w / 2, y)
    c_w, c_h = 104, 26
    c_y = 30 + (top + 1) * gap_y + 14
    per_row = 8
    for i, n in enumerate(c_names):
        row, col = divmod(i, per_row)
        step = width / (per_row + 1)
        place[n] = (step * (col + 1) - c_w / 2, c_y + row * (c_h + 12))

    body = ""
    for a, b in edges:
        (ax, ay), (bx, by) = place[a], place[b]
        x1, y1, x2, y2 = ax + box_w / 2, ay + box_h, bx + box_w / 2, by
        body += (f'<path d="M {x1:.1f} {y1:.1f} C {x1:.1f} {(y1 + y2) / 2:.1f}, {x2:.1f} {(y1 + y2) / 2:.1f}, {x2:.1f} {y2 - 2:.1f}" '
                 'fill="none" stroke="#666" stroke-width="1.3" marker-end="url(#arrow)"/>\n')
    colours = {"capture-sim": "#fde2c4", "CaptureEngine": "#d6ecd2", "JSONSupport": "#eeeeee"}
    for n in swift_modules:
        x, y = place[n]
        body += box(x, y, box_w, box_h, n, colours.get(n, "#dbe8f6"))
    for n in c_names:
        x, y = place[n]
        body += box(x, y, c_w, c_h, n, "#f4f4f4" if n in system else "#f7f3e8", stroke="#999", size=10)
    body += (f'<text x="12" y="{c_y - 8:.1f}" font-size="11" fill="#777" {FONT}>C wrappers (docs/architecture.md says which module '
             'imports which; grey: system libraries from Debian\'s -dev packages)</text>\n')
    return svg_document(width, height, body, "capture-sim modules: each above the modules it imports")


# The data flow: (name, module, x, y, width) and arrows (from, to, label, where the label goes, shift
# of a parallel pair).
DATA_FLOW_NODES = [
    ("scene file", "Scenes/*.json", 20, 40, 150),
    ("SyntheticCapture", "SyntheticSensor", 250, 40, 170),
    ("InputPipeline, SceneRun", "SceneRuntime", 500, 40, 200),
    ("pose logs, bundles", "TUM, Stray, ARKit, raw, ...", 20, 190, 180),
    ("ReplayReader, ReplayRun", "CaptureReplay", 250, 190, 170),
    ("CaptureSession.step", "CaptureEngine", 500, 190, 200),
    ("SceneCheck, golden files", "RegressionCheck", 820, 120, 200),
    ("report pages", "ScanReport", 820, 250, 200),
    ("SessionDriver", "CaptureEngine", 500, 340, 200),
    ("CubiCaptureStorage, RawRGBDStorage", "CaptureBundle", 475, 460, 250),
    ("zip, PNG, JPEG, MP4, files", "BundleIO", 500, 570, 200),
    ("bundle on disk", "folder, zip, raw package", 820, 570, 200),
    ("BundleReader, BundleInspector", "CaptureBundle", 820, 690, 200),
    ("lidar stats, lidar fit", "LiDARStatistics, LiDARFit", 500, 690, 200),
]
DATA_FLOW_EDGES = [
    ("scene file", "SyntheticCapture", "scene", "above", 0),
    ("SyntheticCapture", "InputPipeline, SceneRun", "SessionInput", "above", 0),
    ("InputPipeline, SceneRun", "CaptureSession.step", "inputs in time order", "right", 0),
    ("pose logs, bundles", "ReplayReader, ReplayRun", "bytes", "above", 0),
    ("ReplayReader, ReplayRun", "CaptureSession.step", "SessionInput", "above", 0),
    ("CaptureSession.step", "SessionDriver", "StepResult: events, HostAction", "left", -40),
    ("SessionDriver", "CaptureSession.step", "StorageOutcome", "right", 40),
    ("SessionDriver", "CubiCaptureStorage, RawRGBDStorage", "ScanStorage calls, frames", "right", 0),
    ("CubiCaptureStorage, RawRGBDStorage", "zip, PNG, JPEG, MP4, files", "bytes", "right", 0),
    ("zip, PNG, JPEG, MP4, files", "bundle on disk", "published atomically", "above", 0),
    ("CaptureSession.step", "SceneCheck, golden files", "events", "above", 0),
    ("CaptureSession.step", "report pages", "events, DetectorSignals", "left", 0),
    ("bundle on disk", "BundleReader, BundleInspector", "inspect, read back", "right", 0),
    ("BundleReader, BundleInspector", "lidar stats, lidar fit", "depth, poses", "above", 0),
]


def data_flow():
    nodes = {n: (m, x, y, w) for n, m, x, y, w in DATA_FLOW_NODES}
    h = 40
    body = ""

    def anchor(name, toward):
        m, x, y, w = nodes[name]
        _, tx, ty, tw = nodes[toward]
        cx, cy, tcx, tcy = x + w / 2, y + h / 2, tx + tw / 2, ty + h / 2
        if ty >= y + h or ty + h <= y:
            if abs(tcx - cx) < (w + tw) / 2 or abs(tcy - cy) > abs(tcx - cx):
                return (cx, y + h) if tcy > cy else (cx, y)
        return (x + w, cy) if tcx > cx else (x, cy)

    for a, b, label, side, shift in DATA_FLOW_EDGES:
        (x1, y1), (x2, y2) = anchor(a, b), anchor(b, a)
        x1, x2 = x1 + shift, x2 + shift
        body += f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#666" stroke-width="1.3" marker-end="url(#arrow)"/>\n'
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        position = {"above": (mx, my - 6, "middle"), "below": (mx, my + 14, "middle"),
                    "right": (mx + 6, my + 4, "start"), "left": (mx - 6, my + 4, "end")}[side]
        body += (f'<text x="{position[0]:.1f}" y="{position[1]:.1f}" text-anchor="{position[2]}" font-size="10" fill="#444" '
                 f'{FONT}>{escape(label)}</text>\n')
    for name, (module, x, y, w) in nodes.items():
        fill = "#d6ecd2" if module == "CaptureEngine" else "#f4f4f4" if name in ("scene file", "pose logs, bundles", "bundle on disk") else "#dbe8f6"
        body += box(x, y, w, h, name, fill, size=11, sub=module)
    return svg_document(1040, 750, body, "capture-sim data flow: scene or log in, events and bundles out")


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = "--check" in sys.argv[1:]
    package_dir = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), "..", ".."))
    out = subprocess.run(["swift", "package", "dump-package"], cwd=package_dir, check=True, capture_output=True, text=True).stdout
    pictures = {"docs/modules.svg": module_graph(json.loads(out)["targets"]), "docs/data-flow.svg": data_flow()}
    stale = []
    for path, text in pictures.items():
        full = os.path.join(package_dir, path)
        if check:
            current = open(full, encoding="utf-8").read() if os.path.exists(full) else None
            if current != text:
                stale.append(path)
        else:
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
    if stale:
        print(f"{', '.join(stale)}: not what Package.swift draws; run Tests/Package/module_graph.py")
        return 1
    print("docs/modules.svg and docs/data-flow.svg are " + ("current" if check else "written"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
