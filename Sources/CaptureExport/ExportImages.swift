import BundleIO
import CaptureBundle
import JSONSupport

/// The camera images of a capture's frames as JPEG bytes, asked for in frame order: the raw package's
/// `raw/rgb/NNNNN.jpg` as they are, or the CubiCapture bundle's `video.mp4` pictures (from the folder, or
/// from the zip's entry inflated as it is read) decoded in order and encoded as JPEG (quality
/// ``videoJPEGQuality``; they carry the video's compression too).
final class ExportImages {
    /// The JPEG quality of pictures taken from a video: the raw package's default.
    static let videoJPEGQuality = 90
    private let capture: ExportCapture
    private var decoder: VideoFrameDecoder?

    init(capture: ExportCapture) throws(InputError) {
        self.capture = capture
        if capture.reader.layout == .cubiCapture, let video = capture.arkitData?.video {
            decoder = try capture.reader.videoDecoder(video, frames: video.frames)
        }
    }

    /// The JPEG of `frame`'s image. With a video, frames must come in increasing image order.
    func jpeg(of frame: ExportFrame) throws(InputError) -> [UInt8] {
        guard let index = frame.imageIndex else {
            throw InputError(file: capture.reader.path, reason: "frame \(frame.number) has no camera image")
        }
        guard let decoder else { return try capture.rawImageJPEG(of: frame) }
        let file = capture.arkitData?.video?.file ?? "video.mp4"
        do {
            guard decoder.nextIndex <= index else {
                throw InputError(file: file, reason: "picture \(index) asked for after picture \(decoder.nextIndex - 1)")
            }
            while decoder.nextIndex < index, try decoder.next(copy: false) != nil {}
            guard let picture = try decoder.next(), picture.index == index else {
                throw InputError(file: file, reason: "has no picture \(index) (arkitData.json's videoIndex)")
            }
            return try JPEGCodec.encode(picture, quality: Self.videoJPEGQuality)
        } catch let error as InputError {
            throw error
        } catch let error as LibraryCallError {
            throw InputError(file: file, reason: error.description)
        } catch {
            throw InputError(file: file, reason: "\(error)")
        }
    }
}
