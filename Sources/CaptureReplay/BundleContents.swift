import CaptureBundle
import Foundation

/// Where a bundle's files are read from: a folder (``FolderBundleContents``) or its zip (``ZipBundleContents``).
public protocol BundleContents: Sendable {
    /// How errors name the bundle, e.g. its folder path.
    var name: String { get }
    /// The bytes of the file `name` inside the bundle (e.g. "arkitData.json"), or nil when it is absent.
    /// A file of more than `BundleReader.maximumFileBytes` (64 MiB) is an error, found without reading
    /// (or, in a zip, inflating) more than that.
    func data(named file: String) throws(ReplayLogError) -> Data?
    /// The bundle's depth file `name`, read a record at a time, or nil when it is absent.
    func depthFrames(named file: String) throws(ReplayLogError) -> DepthFramesFile?
}
