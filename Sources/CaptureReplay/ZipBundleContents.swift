import BundleIO
import CaptureBundle
import Foundation

/// A bundle as the `<uid>.zip` that holds its files (the CubiCapture layout's zip, read with libzip
/// through ``ZipReader``). Each file is read from the archive when asked for, its CRC-32 checked.
public struct ZipBundleContents: BundleContents {
    /// The zip's path.
    public var path: String

    public init(path: String) { self.path = path }

    public var name: String { path }

    public func data(named file: String) throws(ReplayLogError) -> Data? {
        do throws(ZipError) {
            let zip = try ZipReader(path: path)
            guard zip.entries.contains(where: { $0.name == file }) else { return nil }
            return Data(try zip.contents(of: file, limit: BundleReader.maximumFileBytes))
        } catch {
            throw ReplayLogError(file: path, reason: "cannot read \(file) from the zip (\(error.call): \(error.message))")
        }
    }

    /// The depth file's entry, read once to its end first (CRC-32 and declared size checked), then
    /// inflated again a record at a time as the replay asks for them.
    public func depthFrames(named file: String) throws(ReplayLogError) -> DepthFramesFile? {
        let zip: ZipReader
        do throws(ZipError) { zip = try ZipReader(path: path) } catch {
            throw ReplayLogError(file: path, reason: "cannot read \(file) from the zip (\(error.call): \(error.message))")
        }
        guard let index = zip.entries.firstIndex(where: { $0.name == file }) else { return nil }
        let name = (path as NSString).appendingPathComponent(file)
        do throws(BundleReadError) {
            let source = DepthFramesZipSource(reader: zip, index: index, file: name)
            let depth = try DepthFramesFile(source: source, file: name)
            try source.verify()
            return depth
        } catch {
            throw ReplayLogError(file: name, reason: error.location.isEmpty ? error.reason : "\(error.location): \(error.reason)")
        }
    }
}
