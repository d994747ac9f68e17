import CaptureEngine

/// A sweep as a picture: for each scene, a table of threshold values (rows) by codes (columns), each
/// cell coloured by how often the code fired at that value, with the time of its first occurrence.
public struct SweepHeatMap: Sendable {
    /// One code's result in one run.
    public struct Cell: Sendable, Equatable {
        public var count: Int
        public var first: Double
        public init(count: Int, first: Double) {
            self.count = count
            self.first = first
        }
    }

    /// One scene: its file and, per value (row), the cells by code.
    public struct SceneRows: Sendable {
        public var scene: String
        public var rows: [[Int: Cell]]
        /// The SDK whose codes the cells count (for their messages and severities).
        public var sdk: SDKProfile
        public init(scene: String, rows: [[Int: Cell]], sdk: SDKProfile = .standard) {
            self.scene = scene
            self.rows = rows
            self.sdk = sdk
        }
    }

    /// The swept keys, e.g. ["fastRotation.degreesPerSecond"].
    public var keys: [String]
    /// Row labels: the values, e.g. "90" or "90 x 0.5".
    public var values: [String]
    public var scenes: [SceneRows]

    public init(keys: [String], values: [String], scenes: [SceneRows]) {
        self.keys = keys
        self.values = values
        self.scenes = scenes
    }

    /// The page: one heat map per scene.
    public var html: String {
        var s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>capture-sim sweep</title>\n<style>\n\(ReportStyle.css)\n</style>\n</head>\n<body>\n"
        s += "<h1>Sweep of \(HTMLText.escape(keys.joined(separator: " x ")))</h1>\n"
        s += "<p class=\"subtitle\">Which codes fire at each value: the cell's colour is the count, its text the count and the first time (s). \(scenes.count) scene(s), \(values.count) value(s).</p>\n"
        let maximum = scenes.flatMap { $0.rows.flatMap { $0.values.map(\.count) } }.max() ?? 1
        for scene in scenes {
            let codes = Set(scene.rows.flatMap(\.keys)).sorted()
            s += "<section class=\"sweep-scene\"><h2>\(HTMLText.escape(scene.scene))</h2>\n"
            guard !codes.isEmpty else {
                s += "<p class=\"note\">No code fired at any value.</p></section>\n"
                continue
            }
            s += "<table class=\"heat\"><thead><tr><th>\(HTMLText.escape(keys.joined(separator: " x ")))</th>"
            for code in codes {
                let message = scene.sdk.meaning(forCode: code).map { scene.sdk.message(for: $0) } ?? ""
                s += "<th title=\"\(HTMLText.escape(message))\">\(code)</th>"
            }
            s += "</tr></thead><tbody>\n"
            for (r, row) in scene.rows.enumerated() {
                s += "<tr><th>\(HTMLText.escape(values[r]))</th>"
                for code in codes {
                    if let cell = row[code] {
                        let strength = 0.25 + 0.75 * Double(cell.count) / Double(max(1, maximum))
                        let colour = scene.sdk.meaning(forCode: code).map(scene.sdk.severity(of:)) == .error ? "209,45,45" : "230,149,0"
                        s += "<td class=\"cell fired\" data-code=\"\(code)\" style=\"background:rgba(\(colour),\(HTMLText.number(strength)))\" title=\"\(code) fired \(cell.count) time(s), first at \(HTMLText.number(cell.first, decimals: 3)) s\">\(cell.count)<br><small>\(HTMLText.number(cell.first, decimals: 2))</small></td>"
                    } else {
                        s += "<td class=\"cell\" data-code=\"\(code)\">&#183;</td>"
                    }
                }
                s += "</tr>\n"
            }
            s += "</tbody></table></section>\n"
        }
        s += "<script>document.body.setAttribute('data-ready', 'true');</script>\n</body>\n</html>\n"
        return s
    }
}
