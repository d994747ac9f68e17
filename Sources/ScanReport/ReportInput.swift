import BundleIO
import CaptureBundle
import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport
import SceneRuntime
import SyntheticSensor

/// Builds report pages from what `report` accepts: a scene (run first, through the same `SceneRun` as
/// `run`), or a bundle or pose log (through the same reader and `ReplayRun` as `replay`). The session
/// taps its detectors' signals for the timeline; nothing is recomputed outside the engine.
public enum ReportInput {
    /// What INPUT is.
    public enum Kind: Equatable, Sendable {
        case scene
        case log
    }

    /// A scene file is a `.json` file other than a bundle's `arkitData.json`; anything else is a log or bundle.
    public static func kind(of path: String) -> Kind {
        let name = (path as NSString).lastPathComponent.lowercased()
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return exists && !isDirectory.boolValue && name.hasSuffix(".json") && name != "arkitdata.json" ? .scene : .log
    }

    /// Runs a scene with simulated storage (as `run` without `--out`) and makes its page.
    public static func scenePage(scene: Scene, seed: UInt64?, configuration: SessionConfiguration,
                          progress: @escaping (Double) -> Void = { _ in }) throws -> ScanReportPage {
        let capture = SyntheticCapture(scene: scene, seed: seed, options: CaptureOptions(renderBands: 1, rendersAhead: true))
        let recorder = ScanTraceRecorder(expectedDurationSeconds: capture.duration)
        _ = try SceneRun(capture: capture, configuration: configuration,
                         storage: SimulatedStorage(zipPath: "\(scene.metadata.uid).zip", faults: FaultPlan(scene.faults)),
                         progress: progress, observer: recorder.observe)
        let trace = recorder.finish()
        var summary = ReportSummary()
        summary.rows = sceneRows(scene, seed: seed ?? scene.seed) + ReportSummary.sessionRows(trace, configuration: configuration)
        return ScanReportPage(title: "\(scene.name): capture-sim report",
                              subtitle: "scene \(scene.source), run through the engine (simulated storage)",
                              trace: trace, plan: PlanGeometry(scene: scene), thresholds: configuration.thresholds,
                              summary: summary)
    }

    /// Reads and replays a bundle or log and makes its page; `scene` draws the plan's walls when given.
    /// `progress` is told the share of the log replayed.
    /// `thresholds` applies the command's overrides to the log's own thresholds.
    public static func logPage(path: String, options: ReplayOptions, thresholds: (Thresholds) throws -> Thresholds,
                               scene: Scene?, progress: @escaping (Double) -> Void = { _ in }) throws -> ScanReportPage {
        var log = try ReplayReader.read(path: path, options: options)
        if let sdk = options.sdk { log.configuration.sdk = sdk }
        log.configuration.thresholds = try thresholds(log.configuration.thresholds)
        let duration = log.inputs.last.map(\.time) ?? 0
        let recorder = ScanTraceRecorder(expectedDurationSeconds: duration)
        let run = ReplayRun(log: log) { input, session, events in
            recorder.observe(input, session, events)
            if duration > 0 { progress(input.time / duration) }
        }
        if let failure = run.readFailure {
            throw ReportPageError(.input, "\(log.file): \(failure.description)")
        }
        let trace = recorder.finish()
        var summary = ReportSummary()
        summary.rows = [("input", path), ("format", log.format.rawValue)]
        // The scene drawn on the plan; the device is the log's own (below), not the scene's.
        if let scene { summary.rows += sceneRows(scene, seed: nil).filter { $0.0 != "device" } }
        // Only a bundle records its device; other logs run with the default configuration.
        if log.format == .bundle { summary.rows += [("device", deviceText(log.configuration))] }
        summary.rows += ReportSummary.sessionRows(trace, configuration: log.configuration)
        if !log.diagnostics.isEmpty {
            summary.rows.append(("reader diagnostics", "\(log.diagnostics.count): " + (log.diagnostics.first.map(\.description) ?? "")))
        }
        if log.format == .bundle || (log.format == .raw && isFolder(path)) {
            addBundle(path: path, format: log.format, to: &summary)
        }
        let name = (path as NSString).lastPathComponent
        // Without a scene, a synthetic bundle's own truth/room.json gives the plan.
        let roomFile = (path as NSString).appendingPathComponent("truth/room.json")
        let readable = scene == nil && isFolder(path) && ((try? FileSystem.size(roomFile)) ?? .max) <= 16 << 20
        let roomPlan = readable ? (try? FileSystem.read(roomFile)).flatMap(PlanGeometry.init(capturedRoomJSON:)) : nil
        return ScanReportPage(title: "\(name): capture-sim report",
                              subtitle: "\(log.format.rawValue) input \(path), replayed through the engine"
                                  + (scene.map { "; plan of scene \($0.source)" } ?? "") + (roomPlan != nil ? "; plan of its truth/room.json" : ""),
                              trace: trace, plan: scene.map(PlanGeometry.init(scene:)) ?? roomPlan, thresholds: log.configuration.thresholds,
                              summary: summary)
    }

    /// Files and sizes, and what `inspect` says, of a bundle (folder, `arkitData.json` or zip).
    static func addBundle(path: String, format: ReplayFormat, to summary: inout ReportSummary) {
        var bundlePath = path
        if (path as NSString).lastPathComponent.lowercased() == "arkitdata.json" {
            bundlePath = (path as NSString).deletingLastPathComponent
        }
        do {
            let inspection = try BundleInspector.inspect(path: bundlePath)
            summary.validity = (inspection.isValid, inspection.problems)
            summary.inspection = inspection.summaryLines
        } catch {
            summary.validity = (false, [error.description])
        }
        summary.files = files(at: bundlePath)
    }

    /// The files of a folder (recursively, sorted, at most 40 listed and the rest summed) or a zip's entries.
    static func files(at path: String) -> [(name: String, bytes: Int64)] {
        let fm = FileManager.default
        if !isFolder(path) {
            var out: [(String, Int64)] = []
            let size = (try? fm.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
            out.append(((path as NSString).lastPathComponent, size))
            if path.lowercased().hasSuffix(".zip"), let zip = try? ZipReader(path: path) {
                out += zip.entries.map { ("  " + $0.name, Int64($0.size)) }
            }
            return out
        }
        let names = ((try? fm.subpathsOfDirectory(atPath: path)) ?? []).sorted()
        var listed: [(String, Int64)] = []
        var restCount = 0, restBytes: Int64 = 0
        for name in names where !isFolder(path + "/" + name) {
            let size = (try? fm.attributesOfItem(atPath: path + "/" + name)[.size] as? NSNumber)?.int64Value ?? 0
            if listed.count < 40 { listed.append((name, size)) } else { restCount += 1; restBytes += size }
        }
        if restCount > 0 { listed.append(("... \(restCount) more files", restBytes)) }
        return listed
    }

    static func sceneRows(_ scene: Scene, seed: UInt64?) -> [(String, String)] {
        var rows = [("scene", "\(scene.name) (\(scene.source))")]
        if !scene.description.isEmpty { rows.append(("description", scene.description)) }
        rows.append(("profile", "property type \(scene.metadata.propertyType), uid \(scene.metadata.uid)"))
        rows.append(("device", deviceText(scene.configuration)))
        if let seed { rows.append(("seed", "\(seed)")) }
        return rows
    }

    static func deviceText(_ c: SessionConfiguration) -> String {
        "\(c.device.model), \(c.device.hasLiDAR ? "LiDAR" : "no LiDAR"); options: "
            + (c.options.enabledNames.isEmpty ? "none" : c.options.enabledNames.joined(separator: ", "))
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Writes a page's bytes to `path` atomically; refuses an existing file without `force`.
    public static func write(_ text: String, to path: String, force: Bool) throws {
        if FileSystem.exists(path) && !force {
            throw ReportPageError(.output, "\(path) exists; use --force to replace it")
        }
        do {
            try FileSystem.writeOutputFile(text, to: path, force: force)
        } catch {
            throw ReportPageError(.output, "\(path): cannot write the report: \(error.description)")
        }
    }
}
