import BundleIO
import JSONSupport

extension BundleReader {
    /// The most bytes `video.mp4` may have in a zip for `frames` frames of `width` x `height`: what
    /// H.264 can take at the most (every macroblock stored uncompressed, `I_PCM`: 1.5 bytes a pixel in
    /// 4:2:0) plus 4 KiB a frame for headers and the MP4's tables, plus 1 MiB; the frame size counts at
    /// most 2^25 pixels (8192x4096). A larger entry is refused before anything is inflated (a zip bomb
    /// of zeros declared as the video).
    static func maximumVideoBytes(frames: Int, width: Int, height: Int) -> UInt64 {
        let pixels = UInt64(min(max(width, 0), 1 << 16)) * UInt64(min(max(height, 0), 1 << 16))
        return UInt64(max(frames, 0)) * (min(pixels, 1 << 25) * 3 / 2 + 4096) + (1 << 20)
    }

    /// How many times a zip's `video.mp4` may be inflated over while it is decoded: the demuxer reads the
    /// index at the end and seeks back to the samples, and each backward seek inflates from the start.
    static let videoRereadFactor: UInt64 = 4

    /// Opens the bundle's `video.mp4` (described by `video`, `frames` pictures) for decoding: from the
    /// folder's file, or from the zip's entry inflated as it is read through a custom I/O context (no
    /// temporary file), refused before anything is inflated when it declares more than a video of these
    /// frames can hold (``maximumVideoBytes(frames:width:height:)``) and inflated at most
    /// ``videoRereadFactor`` times over. Errors name the file.
    public func videoDecoder(_ video: ArkitVideo, frames: Int) throws(InputError) -> VideoFrameDecoder {
        guard has(video.file) else { throw InputError(file: video.file, reason: "missing") }
        guard let zip else {
            let path = self.path + "/" + video.file
            do throws(LibraryCallError) { return try VideoFrameDecoder(path: path) }
            catch { throw InputError(file: video.file, reason: error.description.replacingOccurrences(of: path + ": ", with: "")) }
        }
        guard let index = zip.entries.firstIndex(where: { $0.name == video.file }) else {
            throw InputError(file: video.file, reason: "missing")
        }
        let bound = Self.maximumVideoBytes(frames: frames, width: video.width, height: video.height)
        let declared = zip.entries[index].size
        guard declared <= bound else {
            throw InputError(file: video.file, reason: "the zip entry declares \(declared) bytes, more than a video of \(frames) frames at \(video.width)x\(video.height) can hold (\(bound) bytes)")
        }
        do throws(LibraryCallError) {
            return try VideoFrameDecoder(zip: zip, entry: index, inflationLimitBytes: declared * Self.videoRereadFactor + (1 << 20))
        } catch {
            throw InputError(file: video.file, reason: error.description)
        }
    }
}
