import CaptureEngine

/// A storage that publishes bundles under their final names, for the tool to settle at the end of a
/// run: a run that published every bundle it was asked for confirms (the bundles it replaced are
/// deleted); any other run withdraws (nothing of it is left, what it replaced is back).
public protocol BundlePublishing: ScanStorage {
    /// Why a bundle of this storage is not published under its name, nil when every one is.
    var publicationProblem: String? { get }
    /// Keeps what was published and deletes the bundles it replaced.
    func confirmPublication()
    /// Removes what this scan wrote, published or not, and puts back the bundles it replaced.
    func withdrawPublication()
}

extension BundlePublishing {
    /// Settles the scan's bundles as a run ends, the one rule `run`, `generate` and `bench bundle` follow: when the
    /// scan finished and every bundle is published under its name, confirms them (the bundles they
    /// replaced are deleted) and returns nil; otherwise withdraws them (nothing of the scan is left, what
    /// it replaced is back) and returns why, naming `bundle`.
    public func settle(scanFinished: Bool, bundle: String) -> String? {
        var problem = publicationProblem
        if problem == nil && !scanFinished { problem = "\(bundle) not published: the scan did not finish" }
        if problem == nil { confirmPublication() } else { withdrawPublication() }
        return problem
    }
}

extension CubiCaptureStorage: BundlePublishing {
    public var publicationProblem: String? { workspace.publicationProblem }
    public func confirmPublication() { workspace.confirm() }
    public func withdrawPublication() { removeScanFiles() }
}

extension RawRGBDStorage: BundlePublishing {
    public var publicationProblem: String? { workspace.publicationProblem }
    public func confirmPublication() { workspace.confirm() }
    public func withdrawPublication() { removeScanFiles() }
}

extension CombinedStorage: BundlePublishing where First: BundlePublishing, Second: BundlePublishing {
    public var publicationProblem: String? { first.publicationProblem ?? second.publicationProblem }
    public func confirmPublication() {
        first.confirmPublication()
        second.confirmPublication()
    }
    public func withdrawPublication() {
        first.withdrawPublication()
        second.withdrawPublication()
    }
}
