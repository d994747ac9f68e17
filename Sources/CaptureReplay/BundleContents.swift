import Foundation

/// Where a bundle's files are read from: a folder (``FolderBundleContents``) or its zip (``ZipBundleContents``).
public protocol BundleContents: Sendable {
    /// How errors name the bundle, e.g. its folder path.
    var name: String { get }
    /// The bytes of the file `name` inside the bundle (e.g. "arkitData.json"), or nil when it is absent.
    func data(named file: String) throws(ReplayLogError) -> Data?
}
