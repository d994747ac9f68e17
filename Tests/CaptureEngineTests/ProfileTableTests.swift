import CaptureEngine
import Foundation
import Testing

/// A profile is one table (`SDKProfile.row(for:)`): every question to a profile reads its row, and each
/// row says where it comes from.
@Suite struct ProfileTableTests {
    @Test(arguments: SDKProfile.allCases)
    func everyAnswerOfAProfileIsItsRow(profile: SDKProfile) {
        for meaning in EventMeaning.allCases {
            guard let row = profile.row(for: meaning) else {
                #expect(profile.code(for: meaning) == nil && profile.message(for: meaning) == "" && profile.documentation(for: meaning) == "")
                #expect(profile.warningPriority(of: meaning) == nil && !profile.playsErrorSound(after: meaning))
                continue
            }
            #expect(profile.code(for: meaning) == row.code)
            #expect(profile.meaning(forCode: row.code) == meaning)
            #expect(profile.severity(of: meaning) == row.severity)
            #expect(profile.documentation(for: meaning) == row.documentation)
            #expect(profile.warningPriority(of: meaning) == row.warningPriority)
            #expect(profile.playsErrorSound(after: meaning) == row.playsErrorSound)
            #expect(profile.eventTypeName(for: meaning) == row.name ?? String(describing: meaning))
        }
    }

    /// Issue 49: rule texts restate threshold numbers by hand ("above 90 deg/s") and nothing checked them.
    /// Every numeric threshold a rule's source names (`drift.meters`) has its default value in the rule's
    /// text, as `%g` writes it, so changing a default without its rule fails here (`group.*` is not checked).
    @Test(arguments: SDKProfile.allCases)
    func everyThresholdARuleNamesHasItsDefaultInTheRule(profile: SDKProfile) throws {
        let number = try NSRegularExpression(pattern: #"-?\d+(?:\.\d+)?(?:e[+-]\d+)?"#)
        let key = try NSRegularExpression(pattern: #"\b[a-z][A-Za-z]*\.[a-z][A-Za-z]*\b"#)
        var checked = 0
        for source in profile.ruleSources {
            let rule = source.rule as NSString
            let numbers = Set(number.matches(in: source.rule, range: NSRange(location: 0, length: rule.length))
                .map { rule.substring(with: $0.range) })
            let text = source.source as NSString
            for match in key.matches(in: source.source, range: NSRange(location: 0, length: text.length)) {
                guard let field = Thresholds.fieldsByKey[text.substring(with: match.range)] else { continue }
                switch field.place {
                case .number, .wholeNumber: break
                case .flag, .driftAction: continue
                }
                let value = String(format: "%g", field.value(in: Thresholds()))
                checked += 1
                #expect(numbers.contains(value), "rule \(source.codes): \(field.key) is \(value), the rule says \(source.rule)")
            }
        }
        #expect(checked >= 10)
    }

    @Test func eachRowNamesThePublicTextOfItsCodeAndOfItsPriority() {
        for (profile, text) in [(SDKProfile.v2_10, "seed 000, \"The event codes\""), (.v3_1, "README 3.1.3, \"Capture Events\"")] {
            for (_, meaning) in profile.codeTable {
                let source = profile.source(of: meaning) ?? ""
                #expect(source.hasPrefix(text), "\(profile.name) \(meaning): \(source)")
                #expect(source.contains("priority") == (profile.warningPriority(of: meaning) != nil), "\(meaning)")
            }
        }
        #expect(SDKProfile.v2_10.source(of: .trackingInsufficientLight)?.contains("error sound: Android README") == true)
        #expect(SDKProfile.v2_10.source(of: .tooFar)?.contains("guess") == true)
        #expect(SDKProfile.v3_1.source(of: .landscape) == nil)
    }

    /// 3.1's message is its description, with the values a code carries filled in.
    @Test func the31MessagesAreTheDescriptionsFilledIn() {
        let sdk = SDKProfile.v3_1
        #expect(sdk.message(for: .positionDrift) == sdk.documentation(for: .positionDrift))
        #expect(sdk.message(for: .battery, EventParameters(batteryPercent: 17)) == "There is 17% of battery charge left")
        #expect(sdk.message(for: .zipped, EventParameters(zipPath: "/a.zip")) == "The zip file with the scan data was created successfully: /a.zip")
    }
}
