/// JUnit XML for CI systems: one `<testcase>` per scene, a `<failure>` with the first difference and
/// the diff for a failing one.
public struct JUnitReport: Sendable {
    public struct Case: Sendable {
        public var name: String
        public var className: String
        public var seconds: Double
        public var failure: String?
        public var details: String

        public init(name: String, className: String, seconds: Double, failure: String?, details: String) {
            self.name = name
            self.className = className
            self.seconds = seconds
            self.failure = failure
            self.details = details
        }
    }

    public var suiteName: String
    public var cases: [Case]
    /// The suite's properties in order, e.g. the threshold overrides the scenes ran with
    /// (`("--set", "fastRotation.degreesPerSecond=99")`, `("--thresholds", FILE)`), written as
    /// `<properties>` of the `<testsuite>` so a CI run records what it checked.
    public var properties: [(name: String, value: String)]

    public init(suiteName: String, cases: [Case], properties: [(name: String, value: String)] = []) {
        self.suiteName = suiteName
        self.cases = cases
        self.properties = properties
    }

    /// The XML document.
    public var xml: String {
        let failures = cases.filter { $0.failure != nil }.count
        let total = cases.reduce(0) { $0 + $1.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\" time=\"\(Self.seconds(total))\">\n"
        out += "  <testsuite name=\"\(Self.escape(suiteName))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(total))\">\n"
        if !properties.isEmpty {
            out += "    <properties>\n"
            for p in properties {
                out += "      <property name=\"\(Self.escape(p.name))\" value=\"\(Self.escape(p.value))\"/>\n"
            }
            out += "    </properties>\n"
        }
        for c in cases {
            out += "    <testcase classname=\"\(Self.escape(c.className))\" name=\"\(Self.escape(c.name))\" time=\"\(Self.seconds(c.seconds))\""
            if let failure = c.failure {
                out += ">\n      <failure message=\"\(Self.escape(failure))\" type=\"EventMismatch\">\(Self.escape(c.details))</failure>\n    </testcase>\n"
            } else {
                out += "/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func seconds(_ s: Double) -> String {
        var ms = Int((s * 1000).rounded())
        if ms < 0 { ms = 0 }
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    /// Escapes text for XML attributes and content (and drops characters XML 1.0 forbids).
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                if v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF) {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
