import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// Writes a capture (``ExportCapture``) in one of the ``ExportFormat``s to an ``ExportOutput``.
///
/// Errors: ``InputError`` when the capture cannot be read or lacks what the format needs (no camera
/// images for COLMAP and Nerfstudio, no frames), ``FileSystemError`` when the export cannot be written.
public enum CaptureExporter {
    /// Writes `format` of `capture` to `path` as `capture-sim export` does: built in a private partial
    /// folder beside `path` and published whole (replacing an existing `path` only with `force`); a
    /// failure leaves nothing. Errors: ``InputError`` for the capture, the file system's for the output.
    public static func write(_ capture: ExportCapture, as format: ExportFormat, to path: String, force: Bool,
                             options: ExportOptions = ExportOptions(), progress: (Int, Int) -> Void = { _, _ in }) throws -> ExportSummary {
        let output = try ExportOutput(path: path, isFolder: !format.isSingleFile, force: force)
        do {
            let summary = try export(capture, as: format, into: output, options: options, progress: progress)
            try output.publish()
            return summary
        } catch {
            output.discard()
            throw error
        }
    }

    /// Writes `format` of `capture` into `output` (not yet published) and says what it wrote.
    package static func export(_ capture: ExportCapture, as format: ExportFormat, into output: ExportOutput,
                              options: ExportOptions, progress: (Int, Int) -> Void = { _, _ in }) throws -> ExportSummary {
        var summary = ExportSummary(format: format, path: output.finalPath, frames: 0, images: 0, depthMaps: 0)
        switch format {
        case .tum:
            let frames = try selected(capture.frames, options, what: "frames with a pose", in: capture)
            try output.write(Array(TUMTrajectory.text(frames: frames, source: Self.sourceName(capture)).utf8), toPath: output.contentPath)
            summary.frames = frames.count
        case .colmap:
            let (frames, intrinsics) = try imageFrames(capture, options)
            let images = try ExportImages(capture: capture)
            try output.makeFolder("images")
            try output.makeFolder("sparse")
            try output.makeFolder("sparse/0")
            var model: [COLMAPModel.Image] = []
            for (i, frame) in frames.enumerated() {
                let name = ExportCapture.fiveDigits(frame.number) + ".jpg"
                try output.write(try images.jpeg(of: frame), to: "images/" + name)
                model.append(COLMAPModel.Image(id: i + 1, name: name, cameraToWorld: frame.cameraToWorld))
                progress(i + 1, frames.count)
            }
            try output.write(COLMAPModel.camerasText(intrinsics: intrinsics, distortion: capture.imageDistortion), to: "sparse/0/cameras.txt")
            try output.write(COLMAPModel.imagesText(model), to: "sparse/0/images.txt")
            try output.write(COLMAPModel.pointsText, to: "sparse/0/points3D.txt")
            summary.frames = frames.count
            summary.images = frames.count
        case .nerfstudio:
            let (frames, intrinsics) = try imageFrames(capture, options)
            let images = try ExportImages(capture: capture)
            try output.makeFolder("images")
            var entries: [NerfstudioTransforms.Frame] = []
            for (i, frame) in frames.enumerated() {
                let name = "frame_" + ExportCapture.fiveDigits(frame.number)
                try output.write(try images.jpeg(of: frame), to: "images/\(name).jpg")
                var depthPath: String?
                if frame.depthIndex != nil {
                    if summary.depthMaps == 0 { try output.makeFolder("depth") }
                    try output.write(try depthPNG(capture, frame), to: "depth/\(name).png")
                    depthPath = "depth/\(name).png"
                    summary.depthMaps += 1
                }
                entries.append(NerfstudioTransforms.Frame(filePath: "images/\(name).jpg", depthFilePath: depthPath,
                                                          cameraToWorld: frame.cameraToWorld, time: frame.time))
                progress(i + 1, frames.count)
            }
            let json = NerfstudioTransforms.json(intrinsics: intrinsics, distortion: capture.imageDistortion, frames: entries)
            try output.write(json.serialized(pretty: true) + "\n", to: "transforms.json")
            summary.frames = frames.count
            summary.images = frames.count
        case .mcap:
            let frames = try selected(capture.frames, options, what: "frames with a pose", in: capture)
            let counts = try MCAPExport.write(capture, frames: frames, to: try output.newFile(output.contentPath), progress: progress)
            summary.frames = frames.count
            summary.images = counts.images
            summary.depthMaps = counts.depthMaps
        }
        return summary
    }

    /// The frames with images the options select, and the images' intrinsics; refuses a capture without images.
    private static func imageFrames(_ capture: ExportCapture, _ options: ExportOptions) throws(InputError) -> ([ExportFrame], CameraIntrinsics) {
        guard let intrinsics = capture.imageIntrinsics, !capture.framesWithImages.isEmpty else {
            throw InputError(file: capture.reader.path,
                             reason: capture.reader.layout == .cubiCapture
                                ? "has no camera images (video.mp4): COLMAP and Nerfstudio exports need them (run without --no-images)"
                                : "has no camera images (raw/rgb/ and raw/rgb_intrinsics.json): COLMAP and Nerfstudio exports need them (run without --no-images)")
        }
        return (try selected(capture.framesWithImages, options, what: "frames with a camera image", in: capture), intrinsics)
    }

    /// The options' selection of `frames`; refuses an empty one.
    private static func selected(_ frames: [ExportFrame], _ options: ExportOptions, what: String,
                                 in capture: ExportCapture) throws(InputError) -> [ExportFrame] {
        let chosen = options.select(frames)
        guard !chosen.isEmpty else {
            throw InputError(file: capture.reader.path,
                             reason: frames.isEmpty ? "has no \(what)" : "has no \(what) in the chosen time window")
        }
        return chosen
    }

    /// A frame's depth map as a 16-bit millimetre PNG: the raw package's own file, or the CubiCapture
    /// record rounded to millimetres.
    static func depthPNG(_ capture: ExportCapture, _ frame: ExportFrame) throws -> [UInt8] {
        if capture.reader.layout == .rawRGBD, let index = frame.depthIndex {
            return try capture.reader.bytes("raw/depth/\(ExportCapture.fiveDigits(index)).png")
        }
        let depth = try capture.depth(of: frame)
        return try PNGCodec.encodeSixteenBit(width: depth.width, height: depth.height, samples: depth.millimetres)
    }

    /// The input's file or folder name, for comments in the exported files.
    static func sourceName(_ capture: ExportCapture) -> String {
        let path = capture.reader.path
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let name = String(trimmed.split(separator: "/").last ?? trimmed)
        // A comment line of the export's text: a line feed or other control in the folder's name
        // would start a line of its own (a forged pose), so each is written as `\uXXXX`.
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
