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
        do {
            return try Data(contentsOf: URL(fileURLWithPath: full), options: .mappedIfSafe)
        } catch {
            throw ReplayLogError(file: full, reason: "cannot read: \(error.localizedDescription)")
        }
    }
}
