/// The index of `check --report DIR`: every scene with its status and, for a failure, a link to its page.
public struct CheckIndexPage: Sendable {
    /// One scene: its path, status ("passed", "failed", "unreadable"), first problem and page file name.
    public struct Entry: Sendable {
        public var scene: String
        public var status: String
        public var problem: String?
        public var page: String?
        public init(scene: String, status: String, problem: String?, page: String?) {
            self.scene = scene
            self.status = status
            self.problem = problem
            self.page = page
        }
    }

    public var entries: [Entry]
    public init(entries: [Entry]) { self.entries = entries }

    public var html: String {
        var s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>capture-sim check</title>\n<style>\n\(ReportStyle.css)\n</style>\n</head>\n<body>\n"
        let failed = entries.filter { $0.status != "passed" }.count
        s += "<h1>capture-sim check</h1>\n<p class=\"subtitle\">\(entries.count) scenes, \(entries.count - failed) passed, \(failed) not passed. Each failing scene has a page: its expected and actual events on one timeline.</p>\n"
        s += "<section><table class=\"check\"><thead><tr><th>scene</th><th>status</th><th>first problem</th></tr></thead><tbody>\n"
        for e in entries {
            let name = e.page.map { "<a href=\"\(HTMLText.escape($0))\">\(HTMLText.escape(e.scene))</a>" } ?? HTMLText.escape(e.scene)
            let status = e.status == "passed" ? "<span class=\"valid\">passed</span>" : "<span class=\"invalid\">\(HTMLText.escape(e.status))</span>"
            s += "<tr><td>\(name)</td><td>\(status)</td><td>\(HTMLText.escape(e.problem ?? ""))</td></tr>\n"
        }
        s += "</tbody></table></section>\n<script>document.body.setAttribute('data-ready', 'true');</script>\n</body>\n</html>\n"
        return s
    }
}
