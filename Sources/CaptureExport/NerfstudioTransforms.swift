import CaptureEngine
import JSONSupport

/// Nerfstudio's `transforms.json` (the `nerfstudio-data` parser's input): the camera (`fl_x`, `fl_y`,
/// `cx`, `cy`, `w`, `h`, `camera_model` and, with `OPENCV`, `k1`, `k2`, `p1`, `p2`, and `k3` when it is not 0) and per frame
/// `file_path`, `transform_matrix` and `depth_file_path`.
///
/// `transform_matrix` is camera-to-world with Nerfstudio's OpenGL camera (x right, y up, z backward), as
/// four rows of four numbers, in the export world (Z up). The principal point has the first pixel's centre
/// at (0.5, 0.5), as Nerfstudio casts rays through pixel coordinates plus half a pixel (and as its COLMAP
/// conversion copies COLMAP's). Depth files are 16-bit PNGs in millimetres (0 = no data), Nerfstudio's
/// default `depth_unit_scale_factor` of 0.001.
public enum NerfstudioTransforms {
    /// One frame of the file.
    public struct Frame: Sendable {
        /// The image's path relative to `transforms.json`.
        public var filePath: String
        /// The depth map's path relative to `transforms.json`, if the frame has one.
        public var depthFilePath: String?
        /// Camera-to-world in the export world with the OpenCV camera (turned to OpenGL's when written).
        public var cameraToWorld: RigidTransform
        /// Seconds on the capture clock (written as `time` for readers that want it).
        public var time: Double

        public init(filePath: String, depthFilePath: String?, cameraToWorld: RigidTransform, time: Double) {
            self.filePath = filePath
            self.depthFilePath = depthFilePath
            self.cameraToWorld = cameraToWorld
            self.time = time
        }
    }

    /// The whole file's JSON.
    public static func json(intrinsics k: CameraIntrinsics, distortion: LensDistortion?, frames: [Frame]) -> JSONValue {
        var camera: [(String, JSONValue)] = [
            ("camera_model", .string(distortion == nil ? "PINHOLE" : "OPENCV")),
            ("fl_x", .number(k.fx)), ("fl_y", .number(k.fy)),
            ("cx", .number(ExportConventions.halfPixelCentred(k.cx))), ("cy", .number(ExportConventions.halfPixelCentred(k.cy))),
            ("w", .integer(k.width)), ("h", .integer(k.height)),
        ]
        if let distortion {
            camera += [("k1", .number(distortion.k1)), ("k2", .number(distortion.k2)),
                       ("p1", .number(distortion.p1)), ("p2", .number(distortion.p2))]
            // Nerfstudio's OPENCV camera reads k3 as the r^6 term, OpenCV's k3.
            if distortion.k3 != 0 { camera.append(("k3", .number(distortion.k3))) }
        }
        let entries: [JSONValue] = frames.map { frame in
            var entry: [(String, JSONValue)] = [
                ("file_path", .string(frame.filePath)),
                ("transform_matrix", matrixRows(ExportConventions.openGLPose(fromOpenCV: frame.cameraToWorld))),
            ]
            if let depth = frame.depthFilePath { entry.append(("depth_file_path", .string(depth))) }
            entry.append(("time", .number(frame.time)))
            return .object(entry)
        }
        return .object(camera + [("frames", .array(entries))])
    }

    /// A rigid transform as four rows of four numbers.
    static func matrixRows(_ transform: RigidTransform) -> JSONValue {
        let m = transform.matrix
        return .array((0..<4).map { row in .array((0..<4).map { column in .number(m[row, column]) }) })
    }
}
