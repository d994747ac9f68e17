import CaptureEngine
import Foundation
import Testing

@Suite struct EventCodeTests {
    /// The SDK's table, read from the shipped copy of its documentation when present beside the project.
    private var table: [(Int, String)]? {
        let here = URL(fileURLWithPath: #filePath)
        let tsv = here.deletingLastPathComponent().appendingPathComponent("Fixtures/event-codes.tsv")
        guard let text = try? String(contentsOf: tsv, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let code = Int(parts[0]) else { return nil }
            return (code, String(parts[1]))
        }
    }

    @Test func all59CodesOfTheSDKTableExistWithItsTextIn210() throws {
        let table = try #require(table)
        let sdk = SDKProfile.v2_10
        #expect(table.count == 59)
        #expect(sdk.codeTable.count == 59)
        for (raw, text) in table {
            let meaning = try #require(sdk.meaning(forCode: raw))
            #expect(sdk.documentation(for: meaning) == text)
        }
    }

    @Test func the210CodesAreDistinctAndOnlyLaterMeaningsLackOne() {
        let codes = EventMeaning.allCases.compactMap { SDKProfile.v2_10.code(for: $0) }
        #expect(codes.count == 59)
        #expect(Set(codes).count == codes.count)
        let without = EventMeaning.allCases.filter { SDKProfile.v2_10.code(for: $0) == nil }
        #expect(without.allSatisfy { SDKProfile.v3_1.code(for: $0) != nil })
    }

    @Test func errorsAreTheCodesThatAbortTheScan() {
        let sdk = SDKProfile.v2_10
        let errors = sdk.codeTable.filter { sdk.severity(of: $0.meaning) == .error }.map(\.code)
        #expect(errors == [13, 15, 51, 54, 57, 58, 59, 66, 80, 81, 82, 83])
    }

    @Test func parameterisedMessagesCarryTheirValues() {
        let sdk = SDKProfile.v2_10
        #expect(sdk.message(for: .storageLow, EventParameters(minutesLeft: 7)) == "Storage: 7 minutes left")
        #expect(sdk.message(for: .processorCount, EventParameters(activeProcessors: 4, processorCount: 6))
                == "Active processor count is 4 of 6")
        #expect(sdk.message(for: .speechChosen, EventParameters(label: "Sauna")) == "Recognition result 'Sauna' was chosen.")
        #expect(sdk.message(for: .zipped, EventParameters(zipPath: "/a/b.zip")) == "Zipping finished: /a/b.zip")
    }

    @Test func eventJSONHasTheDocumentedShape() {
        let event = Event(time: 12.5, meaning: .fastRotation,
                          trace: EventTrace(quantity: "yaw rate", measured: 112, comparison: ">", threshold: 90,
                                            unit: "deg/s", windowSeconds: 0.5, windowStart: 12))
        #expect(event.json.serialized() == #"{"time":12.5,"code":87,"message":"Too fast rotations. Showing fast movement warning","severity":"warning","trace":{"quantity":"yaw rate","measured":112,"comparison":">","threshold":90,"unit":"deg/s","windowSeconds":0.5,"windowStart":12}}"#)
        #expect(event.line == "   12.500   87  Too fast rotations. Showing fast movement warning")
    }
}
