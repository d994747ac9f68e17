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
        if let problem = Self.problem(file: file, operation: operation) {
            throw StorageFaultParseError(text: text, reason: problem)
        }
        self.init(file: file, operation: operation, atSeconds: atSeconds)
    }

    /// Why a fault would do nothing, or nil: the folder is only created (`folder:open`, 58) and only the
    /// zip is validated (`zip:invalidZip`, 53). Every other file fails where it is opened or written.
    public static func problem(file: ScanFile, operation: Operation) -> String? {
        if file == .folder, operation != .open { return "the scan folder is only created: folder:open (58)" }
        if operation == .invalidZip, file != .zip { return "only the zip is validated: zip:invalidZip (53)" }
        return nil
    }

    /// The text form ``init(parsing:)`` reads.
    public var text: String {
        "\(file.rawValue):\(operation.rawValue)" + (atSeconds.map { "@\(JSONValue.number($0).serialized())" } ?? "")
    }
}
