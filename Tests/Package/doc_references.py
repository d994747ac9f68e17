#!/usr/bin/env python3
"""Every heading a comment or a document names exists (issue 49: 3 of 22 pointed nowhere).

A reference is a document path followed by a quoted name, as the code and docs write them:
`docs/lidar.md, "lidar fit"`, `docs/scene-format.md ("Limits")`, `docs/engine.md "Inputs"`. The name must
be a heading of that document (a `#` line whose text, without the #s, equals the name or begins with it)
or the bold lead of a paragraph (`**Limits.**`); backticks do not count.
Reads Sources/, Tests/ (Swift and Python), docs/ and README.md; exits 1 listing the references that point
at no heading.
"""
import glob
import os
import re
import sys

REFERENCE = re.compile(r'(docs/[a-z0-9-]+\.md)(?:,\s*|\s+\(|\s+)"([^"\n]{2,100})"')


def headings(path):
    out = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            out.append(line.lstrip("#").strip().replace("`", ""))
        elif line.startswith("**") and "**" in line[2:]:
            out.append(line[2:line.index("**", 2)].rstrip(".").replace("`", ""))
    return out


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    files = (glob.glob(os.path.join(root, "Sources", "**", "*.swift"), recursive=True)
             + glob.glob(os.path.join(root, "Tests", "**", "*.swift"), recursive=True)
             + glob.glob(os.path.join(root, "Tests", "**", "*.py"), recursive=True)
             + glob.glob(os.path.join(root, "docs", "*.md")) + [os.path.join(root, "README.md")])
    cache, missing, count = {}, [], 0
    for path in sorted(files):
        if path.endswith("doc_references.py"):
            continue
        text = open(path, encoding="utf-8", errors="replace").read()
        for match in REFERENCE.finditer(text):
            document, name = match.group(1), match.group(2)
            target = os.path.join(root, document)
            if not os.path.exists(target):
                missing.append(f"{os.path.relpath(path, root)}: {document} does not exist")
                continue
            count += 1
            names = cache.setdefault(target, headings(target))
            plain = name.replace("`", "")
            if not any(h == plain or h.startswith(plain) for h in names):
                line = text.count("\n", 0, match.start()) + 1
                missing.append(f"{os.path.relpath(path, root)}:{line}: {document} has no heading \"{name}\"")
    for line in missing:
        print(line)
    print(f"doc references: {count} checked, {len(missing)} pointing nowhere")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
