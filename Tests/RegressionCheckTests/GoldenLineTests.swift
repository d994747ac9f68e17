import RegressionCheck
import Testing

/// One reader of golden lines (`GoldenEvents.read`): the format check, the comparison's summaries and
/// `check --report`'s expected events all read a line the same way.
@Suite struct GoldenLineTests {
    @Test func anEventLineGivesItsCodeAndTime() {
        #expect(GoldenEvents.read(#"{"time":12.5,"code":87,"message":"x","severity":"warning"}"#) == GoldenEvents.Line(code: 87, time: 12.5))
    }

    @Test func aLineThatIsNoEventGivesNothing() {
        for line in [#"{"time":1,"code":87.5}"#, #"{"code":87}"#, #"{"time":"1","code":87}"#, #"[1, 87]"#, "",
                     #"{"time":1,"code":87,"code":88}"#, #"{"time":1,"code":1e12}"#] {
            #expect(GoldenEvents.read(Substring(line)) == nil, "\(line)")
        }
    }

    @Test func aFileIsReadLineByLineAndItsFormatProblemNamesTheLine() {
        let text = #"{"time":0,"code":0}"# + "\n" + #"{"time":2.5,"code":1}"# + "\n"
        #expect(GoldenEvents.events(in: text) == [GoldenEvents.Line(code: 0, time: 0), GoldenEvents.Line(code: 1, time: 2.5)])
        #expect(GoldenEvents.formatProblem(text) == nil)
        #expect(GoldenEvents.formatProblem(text + "oops\n")?.hasPrefix("line 3: expected one event object per line") == true)
    }
}
