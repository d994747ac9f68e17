#!/usr/bin/env python3
"""Loads a Kubernetes manifest with the official Kubernetes Python client's models, so that a field
error (a misspelt key, a wrong type, a field at the wrong level) cannot ship in docs/examples.

Usage: check_k8s_job.py MANIFEST [IMAGE_TAG]
Each document is deserialised into its model (`V1Job` for `batch/v1` `Job`) by the client's own
`ApiClient.deserialize` and serialised back with `sanitize_for_serialization`; any key the model does not
know is dropped on the way, so the round trip must give the document back unchanged. With IMAGE_TAG, every
container's image must end with `:IMAGE_TAG`. Prints the models read; exits 1 naming the first difference.
"""
import json
import sys

import yaml
from kubernetes import client

MODELS = {("batch/v1", "Job"): "V1Job", ("v1", "PersistentVolumeClaim"): "V1PersistentVolumeClaim"}


def differences(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in b:
                yield "%s.%s: not a field of the model (dropped)" % (path, key)
            elif key not in a:
                yield "%s.%s: added by the model" % (path, key)
            else:
                yield from differences(a[key], b[key], "%s.%s" % (path, key))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, "%s[%d]" % (path, i))
    elif a != b:
        yield "%s: %r read back as %r" % (path, a, b)


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: check_k8s_job.py MANIFEST [IMAGE_TAG]", file=sys.stderr)
        sys.exit(2)
    api = client.ApiClient()
    read = []
    for document in yaml.safe_load_all(open(sys.argv[1])):
        key = (document.get("apiVersion"), document.get("kind"))
        if key not in MODELS:
            print("check_k8s_job: %s %s: no model known here" % key, file=sys.stderr)
            sys.exit(1)
        try:
            model = api.deserialize(json.dumps(document), MODELS[key], "application/json")
        except Exception as error:  # the models' validation: a wrong type or a missing required field
            print("check_k8s_job: %s: %s" % (sys.argv[1], " ".join(str(error).split())), file=sys.stderr)
            sys.exit(1)
        back = api.sanitize_for_serialization(model)
        problems = list(differences(document, back))
        if problems:
            print("check_k8s_job: %s: %s" % (sys.argv[1], problems[0]), file=sys.stderr)
            sys.exit(1)
        if len(sys.argv) == 3 and key[1] == "Job":
            for container in model.spec.template.spec.containers:
                if not container.image.endswith(":" + sys.argv[2]):
                    print("check_k8s_job: container %s's image %s is not tagged %s" % (container.name, container.image, sys.argv[2]),
                          file=sys.stderr)
                    sys.exit(1)
        read.append("%s %s" % (MODELS[key], model.metadata.name))
    print("\n".join(read))


if __name__ == "__main__":
    main()
