import CaptureEngine
import Foundation

/// A progress bar on standard error with the time left, drawn only when standard error is a terminal
/// and not with `--quiet`: `label [#########         ] 31%  1:42 left`.
///
/// The time left is the elapsed time scaled by what remains (shown once 2 % is done and a second has
/// passed). The tool's clock is read here, in the command line, never by the engine.
///
/// Not locked: it is drawn from one thread at a time (a command's own, or callbacks made one at a time).
final class ProgressBar: @unchecked Sendable {
    let label: String
    let enabled: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    private var lastPercent = -1

    init(label: String, enabled: Bool = true) {
        self.label = label
        self.enabled = enabled && !ConsoleOutput.quiet && isatty(STDERR_FILENO) == 1
        start = clock.now
    }

    /// Draws `fraction` (0...1) done; redrawn at most ten times a second unless the percentage changes.
    func update(_ fraction: Double) {
        guard enabled else { return }
        let now = clock.now
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        if percent == lastPercent, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        lastPercent = percent
        let line = Self.line(label: label, fraction: fraction, elapsedSeconds: (now - start).inSeconds)
        FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
    }

    /// The bar's text for `fraction` done after `elapsedSeconds`: `label [###   ] 10%  1:30 left`, the time
    /// left once 2 % is done and a second has passed.
    static func line(label: String, fraction: Double, elapsedSeconds elapsed: Double) -> String {
        let clamped = min(max(fraction, 0), 1)
        let width = 30
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        var line = "\(TerminalText.escaped(label)) [\(bar)] \(Int((clamped * 100).rounded(.down)))%"
        if clamped >= 0.02, clamped < 1, elapsed >= 1 {
            line += "  " + minutesAndSeconds(elapsed * (1 - clamped) / clamped) + " left"
        }
        return line
    }

    /// Draws `done` of `total` items.
    func update(done: Int, of total: Int) {
        update(total > 0 ? Double(done) / Double(total) : 1)
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// `m:ss` (or `h:mm:ss`) of a number of seconds.
    static func minutesAndSeconds(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let s = total % 60, m = total / 60 % 60, h = total / 3600
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + ss }
        return "\(m):" + ss
    }
}
