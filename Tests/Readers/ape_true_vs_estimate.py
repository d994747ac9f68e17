#!/usr/bin/env python3
"""evo's absolute pose error of an estimated trajectory against the true one, as a user scores a tracker.

Usage: ape_true_vs_estimate.py TRUE.tum ESTIMATE.tum

Both are `capture-sim export --to tum` files of one capture (`--poses true` and `--poses estimate`).
Reads them with evo, associates them by timestamp and computes APE of the translation without any
alignment (the estimate and the truth share the world's origin, as ARKit's session does). Prints one
JSON object: `rmse`, `max` (metres), `poses`, the true path's `pathMetres` and `turnRadians` (the sum of
the yaw changes between poses, which the tracking model counts as path too).
"""
import json
import sys

import numpy as np
from evo.core import metrics, sync
from evo.tools import file_interface


def main():
    truth = file_interface.read_tum_trajectory_file(sys.argv[1])
    estimate = file_interface.read_tum_trajectory_file(sys.argv[2])
    truth, estimate = sync.associate_trajectories(truth, estimate, max_diff=1e-6)
    ape = metrics.APE(metrics.PoseRelation.translation_part)
    ape.process_data((truth, estimate))
    stats = ape.get_all_statistics()
    # Yaw about the world's up axis (Z in the export world) of the camera's optical axis.
    forward = np.array([pose[:3, 2] for pose in truth.poses_se3])
    yaw = np.unwrap(np.arctan2(forward[:, 1], forward[:, 0]))
    print(json.dumps({"rmse": stats["rmse"], "max": stats["max"], "poses": truth.num_poses,
                      "pathMetres": float(truth.path_length), "turnRadians": float(np.abs(np.diff(yaw)).sum())}))


if __name__ == "__main__":
    main()
