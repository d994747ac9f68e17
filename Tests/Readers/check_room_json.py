#!/usr/bin/env python3
"""Reads a bundle's truth/room.json as a floor-plan pipeline reads RoomPlan's CapturedRoom, and checks it.

Usage: check_room_json.py SCENE.json ROOM.json

1. The schema, written from Apple's documented `CapturedRoom` (developer.apple.com/documentation/roomplan/
   capturedroom: `CapturedRoom.Surface`, `CapturedRoom.Object`, `Section`) and the JSON Swift's
   `JSONEncoder` gives them: the top-level arrays `walls`, `doors`, `windows`, `openings`, `floors`,
   `objects`, `sections` with `version`, `story`, `referenceOriginTransform`; every surface exactly
   `identifier`, `parentIdentifier`, `category`, `confidence`, `dimensions`, `transform`, `polygonCorners`,
   `completedEdges`, `curve`, `story`; every object exactly `identifier`, `parentIdentifier`, `category`,
   `confidence`, `dimensions`, `transform`, `attributes`, `story`; enums as one-key objects (`{"wall":{}}`,
   `{"door":{"isOpen":true}}`, `{"high":{}}`, SE-0295), UUIDs uppercase, transforms 16 numbers
   (column-major) with an orthonormal rotation.
2. The round trip: every wall's two ends (its centre -+ half its width along the transform's x column) are
   the scene file's floor corners, its height the room's `wallHeight`; every door, window and opening of the
   scene lies on its wall (parentIdentifier) with its offset, width, sill and height; every object's centre
   and size are the scene's; all to the millimetre.
Prints a JSON summary; exits 1 naming the first difference.
"""
import json
import re
import sys

import numpy as np

MM = 0.001
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")
SURFACE_KEYS = {"identifier", "parentIdentifier", "category", "confidence", "dimensions", "transform",
                "polygonCorners", "completedEdges", "curve", "story"}
OBJECT_KEYS = {"identifier", "parentIdentifier", "category", "confidence", "dimensions", "transform", "attributes", "story"}
OBJECT_CATEGORIES = {"storage", "refrigerator", "stove", "bed", "sink", "washerDryer", "toilet", "bathtub", "oven",
                     "dishwasher", "table", "sofa", "chair", "fireplace", "television", "stairs"}
SECTION_LABELS = {"livingRoom", "bedroom", "bathroom", "kitchen", "diningRoom", "unidentified"}


def fail(message):
    print("check_room_json: " + message, file=sys.stderr)
    sys.exit(1)


def matrix(values, what):
    if not (isinstance(values, list) and len(values) == 16 and all(isinstance(v, (int, float)) for v in values)):
        fail("%s: transform is not 16 numbers" % what)
    m = np.array(values, dtype=float).reshape(4, 4).T  # column-major
    r = m[:3, :3]
    if np.max(np.abs(r.T @ r - np.eye(3))) > 1e-6 or abs(np.linalg.det(r) - 1) > 1e-6 or list(m[3]) != [0, 0, 0, 1]:
        fail("%s: transform's rotation is not orthonormal" % what)
    return m


def one_key(value, allowed, what):
    if not (isinstance(value, dict) and len(value) == 1 and next(iter(value)) in allowed):
        fail("%s: %r is not one of %s as a one-key object" % (what, value, sorted(allowed)))
    return next(iter(value))


def check_schema(room):
    top = {"version", "story", "referenceOriginTransform", "walls", "doors", "windows", "openings", "floors",
           "objects", "sections"}
    if set(room) != top:
        fail("top-level keys %s, expected %s" % (sorted(room), sorted(top)))
    if room["version"] != 2 or room["story"] != 0:
        fail("version %r story %r" % (room["version"], room["story"]))
    matrix(room["referenceOriginTransform"], "referenceOriginTransform")
    ids = set()
    kinds = {"walls": "wall", "doors": "door", "windows": "window", "openings": "opening", "floors": "floor"}
    for array, kind in kinds.items():
        for k, s in enumerate(room[array]):
            what = "%s[%d]" % (array, k)
            if set(s) != SURFACE_KEYS:
                fail("%s: keys %s" % (what, sorted(s)))
            if not UUID.match(s["identifier"]) or s["identifier"] in ids:
                fail("%s: identifier %r" % (what, s["identifier"]))
            ids.add(s["identifier"])
            if one_key(s["category"], {kind}, what) == "door" and set(s["category"]["door"]) != {"isOpen"}:
                fail("%s: door category %r" % (what, s["category"]))
            if kind != "door" and s["category"][kind] != {}:
                fail("%s: category %r" % (what, s["category"]))
            one_key(s["confidence"], {"high", "medium", "low"}, what)
            if len(s["dimensions"]) != 3 or s["dimensions"][2] != 0:
                fail("%s: dimensions %r" % (what, s["dimensions"]))
            matrix(s["transform"], what)
            if s["completedEdges"] != [] or s["curve"] is not None or s["story"] != 0:
                fail("%s: completedEdges, curve or story" % what)
            if kind == "floor" and len(s["polygonCorners"]) < 3:
                fail("%s: a floor without its outline" % what)
    walls = {w["identifier"] for w in room["walls"]}
    for array in ("doors", "windows", "openings"):
        for k, s in enumerate(room[array]):
            if s["parentIdentifier"] not in walls:
                fail("%s[%d]: parentIdentifier is not a wall's" % (array, k))
    for k, o in enumerate(room["objects"]):
        what = "objects[%d]" % k
        if set(o) != OBJECT_KEYS:
            fail("%s: keys %s" % (what, sorted(o)))
        if not UUID.match(o["identifier"]) or o["identifier"] in ids:
            fail("%s: identifier %r" % (what, o["identifier"]))
        ids.add(o["identifier"])
        one_key(o["category"], OBJECT_CATEGORIES, what)
        one_key(o["confidence"], {"high", "medium", "low"}, what)
        matrix(o["transform"], what)
        if len(o["dimensions"]) != 3 or o["attributes"] != {}:
            fail("%s: dimensions or attributes" % what)
    for k, section in enumerate(room["sections"]):
        if set(section) != {"label", "story", "center"} or section["label"] not in SECTION_LABELS:
            fail("sections[%d]: %r" % (k, section))


def ends(surface):
    m = matrix(surface["transform"], "surface")
    half = surface["dimensions"][0] / 2
    centre, x = m[:3, 3], m[:3, 0]
    return centre - half * x, centre + half * x, centre[1] - surface["dimensions"][1] / 2, centre[1] + surface["dimensions"][1] / 2


def same_segment(a, b, p, q):
    return (np.max(np.abs(a - p)) < MM and np.max(np.abs(b - q)) < MM) or (np.max(np.abs(a - q)) < MM and np.max(np.abs(b - p)) < MM)


def plan_position(position):
    """An object's place on the floor plane (x, z): the scene gives [x, z] or [x, y, z]."""
    return [position[0], position[-1]]


def check_round_trip(scene, room):
    walls = [(w, *ends(w)) for w in room["walls"]]
    found = {"walls": 0, "doors": 0, "windows": 0, "openings": 0, "objects": 0}
    for r in scene["rooms"]:
        floor = [np.array(p, dtype=float) for p in r["floor"]]
        base, height = r.get("floorHeight", 0.0), r.get("wallHeight", 2.5)
        for k in range(len(floor)):
            a2, b2 = floor[k], floor[(k + 1) % len(floor)]
            a, b = np.array([a2[0], base, a2[1]]), np.array([b2[0], base, b2[1]])
            match = [w for w, p, q, bottom, top in walls
                     if same_segment(a, b, np.array([p[0], base, p[2]]), np.array([q[0], base, q[2]]))
                     and abs(bottom - base) < MM and abs(top - (base + height)) < MM]
            if not match:
                fail("%s wall %d (%s -> %s, %.3f m high) is not in room.json" % (r["name"], k, a2.tolist(), b2.tolist(), height))
            found["walls"] += 1
            wall_id = match[0]["identifier"]
            length = float(np.linalg.norm(b2 - a2))
            along = (b2 - a2) / length
            for array, kind in (("doors", "door"), ("windows", "window"), ("openings", "opening")):
                for o in r.get(array, []):
                    if o["wall"] != k:
                        continue
                    sill = o.get("sillHeight", 0.0)
                    p2, q2 = a2 + along * o["offset"], a2 + along * (o["offset"] + o["width"])
                    hit = [s for s in room[array] if s["parentIdentifier"] in {w["identifier"] for w in match}
                           and (lambda e: same_segment(np.array([p2[0], 0, p2[1]]), np.array([q2[0], 0, q2[1]]),
                                                        e[0] * [1, 0, 1], e[1] * [1, 0, 1])
                                and abs(e[2] - (base + sill)) < MM and abs(e[3] - (base + sill + o["height"])) < MM)(ends(s))]
                    if not hit:
                        fail("%s wall %d: the %s at offset %.3f is not in room.json" % (r["name"], k, kind, o["offset"]))
                    found[array] += 1
    for k, o in enumerate(scene.get("objects", [])):
        d = o["dimensions"]
        want = [d["width"], d["height"], d["depth"]]
        hits = [x for x in room["objects"] if next(iter(x["category"])) == o["category"]
                and np.max(np.abs(np.array(x["dimensions"]) - want)) < MM
                and np.max(np.abs(matrix(x["transform"], "object")[[0, 2], 3] - plan_position(o["position"]))) < MM]
        if not hits:
            fail("objects[%d] (%s at %s) is not in room.json" % (k, o["category"], o["position"]))
        found["objects"] += 1
    return found


def main():
    scene = json.load(open(sys.argv[1]))
    room = json.load(open(sys.argv[2]))
    check_schema(room)
    found = check_round_trip(scene, room)
    print(json.dumps({"found": found, "listed": {k: len(room[k]) for k in found}}, sort_keys=True))


if __name__ == "__main__":
    main()
