extension SDKProfile {
    /// CubiCapture 3.1.3's message text (`CubiCaptureEvent.message`) for each meaning. The public text
    /// gives no messages, only the README's descriptions: the message is the description
    /// (``documentation3_1(_:)``), with the values the code carries filled in (zip path, minutes of
    /// storage, battery percentage, processor counts) (guess). "" where 3.x has no such code.
    static func message3_1(_ meaning: EventMeaning, _ parameters: EventParameters) -> String {
        let description = documentation3_1(meaning)
        return switch meaning {
        case .zipped: description + ": \(parameters.zipPath ?? "")"
        case .processorCount: description + ": \(parameters.activeProcessors ?? 0) of \(parameters.processorCount ?? 0)"
        case .storageLow: "There are \(parameters.minutesLeft ?? 0) minutes of file system storage left"
        case .battery: "There is \(parameters.batteryPercent ?? 0)% of battery charge left"
        // Every other message is its description: a value-free meaning, or one 3.x does not have ("").
        default: description
        }
    }
}
