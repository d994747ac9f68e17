import JSONSupport

/// The JSON Schemas of the Foxglove message types the MCAP export writes (`foxglove.PoseInFrame`,
/// `foxglove.FrameTransform`, `foxglove.RawImage`, `foxglove.CompressedImage`,
/// `foxglove.CameraCalibration`), with the fields Foxglove's documentation gives them. Foxglove and the
/// MCAP readers recognise the types by these names; the schemas say what each field holds.
enum FoxgloveSchemas {
    /// The types written, in schema-id order (ids from 1).
    enum Kind: Int, CaseIterable {
        case poseInFrame = 1, frameTransform, rawImage, compressedImage, cameraCalibration

        var name: String {
            switch self {
            case .poseInFrame: return "foxglove.PoseInFrame"
            case .frameTransform: return "foxglove.FrameTransform"
            case .rawImage: return "foxglove.RawImage"
            case .compressedImage: return "foxglove.CompressedImage"
            case .cameraCalibration: return "foxglove.CameraCalibration"
            }
        }

        var description: String {
            switch self {
            case .poseInFrame: return "A timestamped pose in a reference frame"
            case .frameTransform: return "A transform between two reference frames"
            case .rawImage: return "A raw image"
            case .compressedImage: return "A compressed image"
            case .cameraCalibration: return "Camera calibration parameters"
            }
        }

        /// The schema's properties.
        var properties: [(String, JSONValue)] {
            let cameraFrame = "Frame of reference: the camera's optical centre, +x right in the image, +y down, +z forward"
            switch self {
            case .poseInFrame:
                return [("timestamp", FoxgloveSchemas.time("Timestamp of the pose")),
                        ("frame_id", FoxgloveSchemas.string("Frame of reference of the pose")),
                        ("pose", FoxgloveSchemas.object("foxglove.Pose", "Pose in 3D space", [
                            ("position", FoxgloveSchemas.vector3("Position, metres")),
                            ("orientation", FoxgloveSchemas.quaternion("Orientation")),
                        ]))]
            case .frameTransform:
                return [("timestamp", FoxgloveSchemas.time("Timestamp of the transform")),
                        ("parent_frame_id", FoxgloveSchemas.string("Name of the parent frame")),
                        ("child_frame_id", FoxgloveSchemas.string("Name of the child frame")),
                        ("translation", FoxgloveSchemas.vector3("Translation of the child frame's origin in the parent frame, metres")),
                        ("rotation", FoxgloveSchemas.quaternion("Rotation of the child frame in the parent frame"))]
            case .rawImage:
                return [("timestamp", FoxgloveSchemas.time("Timestamp of the image")),
                        ("frame_id", FoxgloveSchemas.string(cameraFrame)),
                        ("width", FoxgloveSchemas.count("Image width")),
                        ("height", FoxgloveSchemas.count("Image height")),
                        ("encoding", FoxgloveSchemas.string("Encoding of the raw image data (16UC1: little-endian millimetres; mono8)")),
                        ("step", FoxgloveSchemas.count("Byte length of a single row")),
                        ("data", FoxgloveSchemas.bytes("Raw image data"))]
            case .compressedImage:
                return [("timestamp", FoxgloveSchemas.time("Timestamp of the image")),
                        ("frame_id", FoxgloveSchemas.string(cameraFrame)),
                        ("data", FoxgloveSchemas.bytes("Compressed image data")),
                        ("format", FoxgloveSchemas.string("Image format (jpeg)"))]
            case .cameraCalibration:
                return [("timestamp", FoxgloveSchemas.time("Timestamp of the calibration")),
                        ("frame_id", FoxgloveSchemas.string(cameraFrame)),
                        ("width", FoxgloveSchemas.count("Image width")),
                        ("height", FoxgloveSchemas.count("Image height")),
                        ("distortion_model", FoxgloveSchemas.string("Name of the distortion model (plumb_bob: k1, k2, p1, p2, k3)")),
                        ("D", FoxgloveSchemas.numbers("Distortion parameters", count: nil)),
                        ("K", FoxgloveSchemas.numbers("Intrinsic camera matrix (3x3 row-major)", count: 9)),
                        ("R", FoxgloveSchemas.numbers("Rectification matrix (3x3 row-major)", count: 9)),
                        ("P", FoxgloveSchemas.numbers("Projection matrix (3x4 row-major)", count: 12))]
            }
        }

        /// The schema record's data: the JSON Schema text.
        var schemaText: String {
            JSONValue.object([("title", .string(name)), ("description", .string(description)), ("type", .string("object")),
                              ("properties", .object(properties))]).serialized(pretty: true)
        }
    }

    static func time(_ description: String) -> JSONValue {
        object("time", description, [
            ("sec", .object([("type", .string("integer")), ("minimum", .integer(0))])),
            ("nsec", .object([("type", .string("integer")), ("minimum", .integer(0)), ("maximum", .integer(999_999_999))])),
        ])
    }

    static func vector3(_ description: String) -> JSONValue {
        object("foxglove.Vector3", description, ["x", "y", "z"].map { ($0, .object([("type", .string("number"))])) })
    }

    static func quaternion(_ description: String) -> JSONValue {
        object("foxglove.Quaternion", description, ["x", "y", "z", "w"].map { ($0, .object([("type", .string("number"))])) })
    }

    static func object(_ title: String, _ description: String, _ properties: [(String, JSONValue)]) -> JSONValue {
        .object([("title", .string(title)), ("description", .string(description)), ("type", .string("object")),
                 ("properties", .object(properties))])
    }

    static func string(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("description", .string(description))])
    }

    static func count(_ description: String) -> JSONValue {
        .object([("type", .string("integer")), ("minimum", .integer(0)), ("description", .string(description))])
    }

    static func bytes(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("contentEncoding", .string("base64")), ("description", .string(description))])
    }

    static func numbers(_ description: String, count: Int?) -> JSONValue {
        var fields: [(String, JSONValue)] = [("type", .string("array")), ("items", .object([("type", .string("number"))]))]
        if let count { fields += [("minItems", .integer(count)), ("maxItems", .integer(count))] }
        return .object(fields + [("description", .string(description))])
    }
}
