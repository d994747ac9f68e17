import Foundation

/// Where a bundle's files are read from: a folder now, a zip later (one more conforming type).
public protocol BundleContents: Sendable {
    /// How errors name the bundle, e.g. its folder path.
    var name: String { get }
    /// The bytes of the file `name` inside the bundle (e.g. "arkitData.json"), or nil when it is absent.
    func data(named file: String) throws(ReplayLogError) -> Data?
}
