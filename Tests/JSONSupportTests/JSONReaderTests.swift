import JSONSupport
import Testing

@Suite struct JSONReaderTests {
    private func cursor(_ text: String, file: String = "f.json") throws -> JSONCursor {
        JSONCursor(try JSONParser.parse(Array(text.utf8)), file: file)
    }

    @Test func aCursorReadsTypedValuesAndNamesThePathOfAWrongOne() throws {
        let root = try cursor(#"{"frames": [{"time": 0.5, "seq": 3}, {"time": "late"}]}"#)
        let frames = try root["frames"].get().array()
        #expect(try frames[0]["time"].get().double() == 0.5)
        #expect(try frames[0]["seq"].get().int() == 3)
        #expect(throws: InputError(file: "f.json", location: "frames[1].time", reason: "expected a number, found a string")) {
            try frames[1]["time"].get().double()
        }
        #expect(throws: InputError(file: "f.json", location: "frames[1].seq", reason: "missing")) {
            try frames[1]["seq"].get()
        }
    }

    @Test func anIntegerMayBeWrittenWholeButNotAsAFraction() throws {
        let root = try cursor(#"{"a": 3, "b": 3.0, "c": 2.5, "d": true}"#)
        #expect(try root["a"].get().int() == 3)
        #expect(try root["b"].get().int() == 3)
        #expect(throws: InputError(file: "f.json", location: "c", reason: "expected an integer, found 2.5")) {
            try root["c"].get().int()
        }
        #expect(throws: InputError(file: "f.json", location: "d", reason: "expected an integer, found a boolean")) {
            try root["d"].get().int()
        }
    }

    @Test func anOptionalMemberIsNilWhenAbsentOrNull() throws {
        let root = try cursor(#"{"azimuth": null, "end": 4}"#)
        #expect(root.optional("azimuth") == nil)
        #expect(root.optional("missing") == nil)
        #expect(try root.optional("end")?.optionalDouble() == 4)
        #expect(try root["azimuth"].get().optionalDouble() == nil)
    }

    @Test func anObjectReaderRefusesKeysNobodyReadAndListsTheKnownOnes() throws {
        var reader = try JSONObjectReader(try JSONParser.parse(Array(#"{"speed": 1, "sped": 2}"#.utf8)), source: "s.json", path: "script[0]")
        #expect(try reader.positive("speed") == 1)
        #expect(throws: InputError(file: "s.json", location: "script[0].sped", reason: "unknown key; did you mean 'speed'?; expected one of: speed")) {
            try reader.rejectUnknownKeys()
        }
    }

    @Test func anObjectReaderRefusesNumbersAboveItsMagnitude() throws {
        var reader = try JSONObjectReader(try JSONParser.parse(Array(#"{"x": 2e6}"#.utf8)), source: "s.json", path: "",
                                          maximumMagnitude: 1e6)
        #expect(throws: InputError(file: "s.json", location: "x", reason: "expected a number of magnitude at most 1000000, found 2000000")) {
            try reader.number("x")
        }
    }

    @Test func anInputErrorPrintsTheLineOrThePlaceItNames() {
        #expect(InputError(file: "poses.txt", line: 12, reason: "expected 8 numbers").description == "poses.txt:12: expected 8 numbers")
        #expect(InputError(file: "s.json", line: 3, column: 14, reason: "invalid JSON").description == "s.json:3:14: invalid JSON")
        #expect(InputError(file: "a.json", location: "frames[3]", reason: "missing").description == "a.json: frames[3]: missing")
        #expect(InputError(file: "a.json", reason: "missing").description == "a.json: missing")
        #expect(InputError(file: "arkitData.json", location: "frames", reason: "missing").within("scan").description
                == "scan/arkitData.json: frames: missing")
    }
}
