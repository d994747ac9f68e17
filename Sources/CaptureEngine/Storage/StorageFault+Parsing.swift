import JSONSupport

extension StorageFault {
    /// Parses the text form `FILE:OPERATION[@SECONDS]`, e.g. `depthFrames:write@3.5`, `folder:open`,
    /// `zip:invalidZip` (as a command-line option or a scene file gives it). FILE is a ``ScanFile`` name
    /// (arkitData, config, depthFrames, scanLog, folder, zip, feedback, mesh), OPERATION one of open,
    /// write, invalidZip; SECONDS is the session time from which the fault is armed.
    public init(parsing text: String) throws(StorageFaultParseError) {
        var body = Substring(text)
        var atSeconds: Double?
        if let at = body.firstIndex(of: "@") {
            let number = body[body.index(after: at)...]
            guard let seconds = Double(number), seconds.isFinite, seconds >= 0 else {
                throw StorageFaultParseError(text: text, reason: "'\(number)' is not a time in seconds")
            }
            atSeconds = seconds
            body = body[..<at]
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw StorageFaultParseError(text: text, reason: "expected FILE:OPERATION[@SECONDS]") }
        guard let file = ScanFile(rawValue: String(parts[0])) else {
            throw StorageFaultParseError(text: text, reason: "unknown file '\(parts[0])'; one of \(ScanFile.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let operation = Operation(rawValue: String(parts[1])) else {
            throw StorageFaultParseError(text: text, reason: "unknown operation '\(parts[1])'; one of open, write, invalidZip")
        }
        self.init(file: file, operation: operation, atSeconds: atSeconds)
    }

    /// The text form ``init(parsing:)`` reads.
    public var text: String {
        "\(file.rawValue):\(operation.rawValue)" + (atSeconds.map { "@\(JSONValue.number($0).serialized())" } ?? "")
    }
}
