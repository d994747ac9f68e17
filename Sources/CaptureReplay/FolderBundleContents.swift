import CaptureBundle
import Foundation

/// A bundle as a folder of files.
public struct FolderBundleContents: BundleContents {
    /// The folder's path.
    public var path: String

    public init(path: String) { self.path = path }

    public var name: String { path }

    public func data(named file: String) throws(ReplayLogError) -> Data? {
        let full = (path as NSString).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: full) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: full)[.size] as? Int) ?? 0
        guard size <= BundleReader.maximumFileBytes else {
            throw ReplayLogError(file: full, reason: "\(size) bytes, more than the limit of \(BundleReader.maximumFileBytes) bytes (64 MiB) for a file read whole")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: full), options: .mappedIfSafe)
        } catch {
            throw ReplayLogError(file: full, reason: "cannot read: \(error.localizedDescription)")
        }
    }
}

extension FolderBundleContents {
    /// The depth file, read with `pread` a record at a time.
    public func depthFrames(named file: String) throws(ReplayLogError) -> DepthFramesFile? {
        let full = (path as NSString).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: full) else { return nil }
        do throws(BundleReadError) {
            return try DepthFramesFile(source: try DepthFramesFileSource(path: full, file: full), file: full)
        } catch {
            throw ReplayLogError(file: full, reason: error.location.isEmpty ? error.reason : "\(error.location): \(error.reason)")
        }
    }
}
