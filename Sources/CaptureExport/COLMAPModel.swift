import CaptureEngine

/// A COLMAP sparse model in COLMAP's text format (`cameras.txt`, `images.txt`, `points3D.txt`), as
/// `colmap model_converter`, `colmap point_triangulator` and pycolmap read it.
///
/// One camera, `PINHOLE` (fx, fy, cx, cy), or `OPENCV` (+ k1, k2, p1, p2) when the capture's images have
/// distortion coefficients, `FULL_OPENCV` (+ k1, k2, p1, p2, k3, k4, k5, k6 with k4...k6 0) when they have a k3. COLMAP's image plane puts the first pixel's centre at (0.5, 0.5), so its
/// principal point is ours plus half a pixel. Each image's pose is world-to-camera (COLMAP's
/// `cam_from_world`) with the OpenCV camera, as `QW QX QY QZ TX TY TZ`. No 2D points and no 3D points:
/// the model is the known-poses input that `point_triangulator` completes from matched features.
public enum COLMAPModel {
    /// One image of the model.
    public struct Image: Equatable, Sendable {
        /// COLMAP's image id (from 1).
        public var id: Int
        /// The file name under the images folder.
        public var name: String
        /// Camera-to-world in the export world with the OpenCV camera.
        public var cameraToWorld: RigidTransform

        public init(id: Int, name: String, cameraToWorld: RigidTransform) {
            self.id = id
            self.name = name
            self.cameraToWorld = cameraToWorld
        }
    }

    /// `cameras.txt`: the one camera (id 1) at the images' size.
    public static func camerasText(intrinsics k: CameraIntrinsics, distortion: LensDistortion?) -> String {
        var out = "# Camera list with one line of data per camera:\n"
        out += "#   CAMERA_ID, MODEL, WIDTH, HEIGHT, PARAMS[]\n"
        out += "# Number of cameras: 1\n"
        var params = [k.fx, k.fy, ExportConventions.halfPixelCentred(k.cx), ExportConventions.halfPixelCentred(k.cy)]
        let model: String
        if let distortion, distortion.k3 != 0 {
            // COLMAP's OPENCV model has no k3; FULL_OPENCV's rational terms k4...k6 at 0 are OpenCV's five.
            model = "FULL_OPENCV"
            params += [distortion.k1, distortion.k2, distortion.p1, distortion.p2, distortion.k3, 0, 0, 0]
        } else if let distortion {
            model = "OPENCV"
            params += [distortion.k1, distortion.k2, distortion.p1, distortion.p2]
        } else {
            model = "PINHOLE"
        }
        out += "1 \(model) \(k.width) \(k.height) " + params.map(TUMTrajectory.number).joined(separator: " ") + "\n"
        return out
    }

    /// `images.txt`: two lines per image (the pose line, then an empty line of 2D points).
    public static func imagesText(_ images: [Image]) -> String {
        var out = "# Image list with two lines of data per image:\n"
        out += "#   IMAGE_ID, QW, QX, QY, QZ, TX, TY, TZ, CAMERA_ID, NAME\n"
        out += "#   POINTS2D[] as (X, Y, POINT3D_ID)\n"
        out += "# Number of images: \(images.count), mean observations per image: 0\n"
        for image in images {
            let worldToCamera = image.cameraToWorld.inverse
            let q = TUMTrajectory.canonical(worldToCamera.rotation)
            let t = worldToCamera.translation
            out += "\(image.id) " + [q.w, q.x, q.y, q.z, t.x, t.y, t.z].map(TUMTrajectory.number).joined(separator: " ")
                + " 1 \(image.name)\n\n"
        }
        return out
    }

    /// `points3D.txt`: the header of an empty point list.
    public static let pointsText = """
        # 3D point list with one line of data per point:
        #   POINT3D_ID, X, Y, Z, R, G, B, ERROR, TRACK[] as (IMAGE_ID, POINT2D_IDX)
        # Number of points: 0, mean track length: 0

        """
}
