import CaptureEngine
import Foundation
import JSONSupport
import SceneRuntime
import SyntheticSensor

/// Checks one scene file: loads it, runs it (thresholds possibly overridden), compares the events with
/// its expectations and golden file; with `update`, rewrites the golden file from the run.
public struct SceneCheck: Sendable {
    /// How a scene came out.
    public enum Status: String, Sendable {
        /// Every expectation held.
        case passed
        /// Some expectation did not hold.
        case failed
        /// The scene (or its golden file) could not be read.
        case unreadable
    }

    public var path: String
    public var status: Status
    /// Problems, the first difference first (or why the scene is unreadable).
    public var problems: [String]
    /// Aligned expected-versus-actual lines for a failure.
    public var diff: [String]
    /// The run's events (empty when unreadable).
    public var events: [Event]
    /// What `update` did to the golden file, if anything ("updated", "unchanged", "created").
    public var goldenUpdate: String?
    /// Whether the scene states no expectation at all.
    public var hasNoExpectations: Bool

    /// Runs the check. `thresholds` maps the scene's thresholds to those to run with. With
    /// `explainsFailures`, an expected warning that never occurred is explained by what its detector
    /// measured (``SignalPeak``; the scene is run again with the detectors' signals tapped).
    public init(path: String, thresholds: (Thresholds) throws -> Thresholds, update: Bool = false, renderBands: Int = 1,
                explainsFailures: Bool = true) {
        self.path = path
        problems = []
        diff = []
        events = []
        hasNoExpectations = false
        let scene: Scene
        let expectations: SceneExpectations
        do throws(InputError) {
            scene = try Scene.load(path: path)
            expectations = try SceneExpectations(expect: scene.expect, golden: scene.golden, sdk: scene.sdk, source: path)
        } catch {
            // An input error names the scene file itself.
            status = .unreadable
            problems = [error.description]
            return
        }
        hasNoExpectations = expectations.isEmpty
        var configuration = scene.configuration
        do {
            configuration.thresholds = try thresholds(configuration.thresholds)
            let capture = SyntheticCapture(scene: scene, options: CaptureOptions(renderBands: renderBands))
            let storage = SimulatedStorage(zipPath: "\(scene.metadata.uid).zip", faults: FaultPlan(scene.faults))
            events = try SceneRun(capture: capture, configuration: configuration, storage: storage).events
        } catch {
            status = .unreadable
            problems = ["\(path): \(error)"]
            return
        }
        var result = expectations.check(events)
        if explainsFailures, let code = result.neverOccurred, let meaning = scene.sdk.meaning(forCode: code),
           var peak = SignalPeak(meaning: meaning, thresholds: configuration.thresholds) {
            let capture = SyntheticCapture(scene: scene, options: CaptureOptions(renderBands: renderBands))
            let storage = SimulatedStorage(zipPath: "\(scene.metadata.uid).zip", faults: FaultPlan(scene.faults))
            _ = try? SceneRun(capture: capture, configuration: configuration, storage: storage,
                              observer: { input, session, _ in peak.add(session.signals, at: input.time) })
            if let explanation = peak.explanation, !result.problems.isEmpty { result.problems[0] += ": " + explanation }
        }
        if let golden = expectations.golden {
            let folder = (path as NSString).deletingLastPathComponent
            let goldenPath = folder.isEmpty ? golden : folder + "/" + golden
            let text = GoldenEvents.text(events)
            let existing = try? String(contentsOfFile: goldenPath, encoding: .utf8)
            if update {
                if existing != text {
                    do {
                        try Data(text.utf8).write(to: URL(fileURLWithPath: goldenPath), options: .atomic)
                        goldenUpdate = existing == nil ? "created" : "updated"
                    } catch {
                        status = .unreadable
                        problems = ["\(goldenPath): cannot write the golden file: \(error.localizedDescription)"]
                        return
                    }
                } else {
                    goldenUpdate = "unchanged"
                }
            } else if let existing {
                if let problem = GoldenEvents.formatProblem(existing) {
                    status = .unreadable
                    problems = ["\(goldenPath): \(problem)"]
                    return
                }
                let g = GoldenEvents.compare(golden: existing, events: events)
                result.problems += g.problems.map { "golden \(golden): " + $0 }
                result.diff += g.diff
            } else {
                status = .unreadable
                problems = ["\(goldenPath): cannot read the golden file; run `capture-sim check --update` to create it"]
                return
            }
        }
        problems = result.problems
        diff = result.diff
        status = problems.isEmpty ? .passed : .failed
    }

    /// Whether a file found under `root` lies in a bundle's folder (one holding `arkitData.json`, the
    /// CubiCapture layout, or `raw/intrinsics.json`, the raw RGBD package), at any depth below `root`.
    static func isInsideBundle(_ relativePath: String, root: String) -> Bool {
        var parts = relativePath.split(separator: "/").dropLast()
        while !parts.isEmpty {
            let folder = root + parts.joined(separator: "/") + "/"
            if FileManager.default.fileExists(atPath: folder + "arkitData.json")
                || FileManager.default.fileExists(atPath: folder + "raw/intrinsics.json") { return true }
            parts = parts.dropLast()
        }
        return false
    }

    /// The scene files under the given paths: files as given, folders searched for `*.json` (sorted),
    /// leaving out the JSON files of bundles written there (`generate --bundles`, `run --out`).
    public static func sceneFiles(_ paths: [String]) throws(SceneFileError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SceneFileError(path: path, reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                guard let walker = FileManager.default.enumerator(atPath: path) else {
                    throw SceneFileError(path: path, reason: "cannot list the folder")
                }
                var found: [String] = []
                let root = path.hasSuffix("/") ? path : path + "/"
                while let item = walker.nextObject() as? String {
                    if item.hasSuffix(".json") && !isInsideBundle(item, root: root) { found.append(root + item) }
                }
                files += found.sorted()
            } else {
                files.append(path)
            }
        }
        return files
    }
}

/// A path given to `check` or `sweep` that cannot be used.
public struct SceneFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
