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
            return Data(try zip.contents(of: file))
        } catch {
            throw ReplayLogError(file: path, reason: "cannot read \(file) from the zip (\(error.call): \(error.message))")
        }
    }
}
