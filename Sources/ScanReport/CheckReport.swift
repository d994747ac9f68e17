import BundleIO
import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
import SyntheticSensor

/// `check --report DIR`: an index of the scenes and, for each failing scene, its report page with the
/// expected events (golden times, or sequence windows) in a lane under the actual ones.
public enum CheckReport {
    /// Writes `DIR/index.html` and `DIR/<scene>.html` for each failed scene; returns the index path.
    public static func write(results: [(check: SceneCheck, seconds: Double)], folder: String,
                      thresholds: (Thresholds) throws -> Thresholds) throws -> String {
        do {
            try FileSystem.makeDirectories(folder)
        } catch {
            throw ReportPageError(.output, "\(folder): cannot create the report folder: \(error)")
        }
        var entries: [CheckIndexPage.Entry] = []
        var usedNames = Set<String>()
        for (check, _) in results {
            var pageName: String?
            if check.status == .failed {
                var stem = ((check.path as NSString).lastPathComponent as NSString).deletingPathExtension
                while usedNames.contains(stem) { stem += "-1" }
                usedNames.insert(stem)
                let name = stem + ".html"
                let page = try failurePage(check, thresholds: thresholds)
                try ReportInput.write(HTMLReportWriter.html(page), to: folder + "/" + name, force: true)
                pageName = name
            }
            entries.append(CheckIndexPage.Entry(scene: check.path, status: check.status.rawValue,
                                                problem: check.problems.first, page: pageName))
        }
        let index = folder + "/index.html"
        try ReportInput.write(CheckIndexPage(entries: entries).html, to: index, force: true)
        return index
    }

    /// A failed scene's page: the scene run again with the check's thresholds (the same events), its
    /// expected events and the check's problems and diff.
    static func failurePage(_ check: SceneCheck, thresholds: (Thresholds) throws -> Thresholds) throws -> ScanReportPage {
        let scene = try Scene.load(path: check.path)
        var configuration = scene.configuration
        configuration.thresholds = try thresholds(configuration.thresholds)
        var page = try ReportInput.scenePage(scene: scene, seed: nil, configuration: configuration)
        page.title = "\(scene.name): check failed"
        page.subtitle = "scene \(check.path): expected events (golden times, or sequence windows) under the actual ones"
        page.problems = check.problems + check.diff
        page.expected = try expectedEvents(scene: scene, path: check.path)
        return page
    }

    /// The golden file's events when the scene names one, else the sequence's codes with their windows.
    static func expectedEvents(scene: Scene, path: String) throws -> [ExpectedEvent] {
        let stated = try SceneExpectations(expect: scene.expect, golden: scene.golden, sdk: scene.sdk, source: scene.source)
        if let golden = stated.golden {
            let folder = (path as NSString).deletingLastPathComponent
            let goldenPath = folder.isEmpty ? golden : folder + "/" + golden
            if let text = try? String(contentsOfFile: goldenPath, encoding: .utf8) {
                return GoldenEvents.events(in: text).map { ExpectedEvent(code: $0.code, time: $0.time, source: "golden") }
            }
        }
        return stated.sequence.map {
            ExpectedEvent(code: $0.code, earliest: $0.earliest, latest: $0.latest, source: "sequence")
        }
    }
}

