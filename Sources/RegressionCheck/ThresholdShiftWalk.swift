import CaptureEngine
import Dispatch
import Foundation
import JSONSupport
import Synchronization

/// The walk over every numeric threshold that `capture-sim check --shift-each` runs: each key is raised
/// and lowered by a factor (default 10 %) in every scene, and a key is *guarded* when one of the two
/// shifts makes at least one scene fail. A key no shift exposes is a threshold whose default the scenes
/// do not pin: a change to it would go unnoticed.
///
/// For speed, each key first tries the scenes whose text names the key (the boundary scenes say which
/// threshold they guard), raised and then lowered, and only then the other scenes; the walk over a key
/// stops at its first failing scene, so only an unguarded key runs every scene twice. Keys run in
/// parallel.
public struct ThresholdShiftWalk: Sendable {
    /// One key's outcome.
    public struct Outcome: Sendable {
        /// The threshold's key (`--set KEY=VALUE`).
        public var key: String
        /// The first scene that failed with the key raised by the factor, if any.
        public var failsWhenRaised: String?
        /// The first scene that failed with the key lowered by the factor, if any.
        public var failsWhenLowered: String?
        /// Shifts whose value is outside the key's range or breaks a relation (not run), e.g. "x1.1".
        public var invalidShifts: [String]
        /// Scenes run for this key.
        public var scenesRun: Int

        /// Whether a shift in either direction failed a scene.
        public var isGuarded: Bool { failsWhenRaised != nil || failsWhenLowered != nil }
    }

    /// The scene files walked.
    public var files: [String]
    /// The relative shift: keys are multiplied by `1 + shift` and `1 - shift`.
    public var shift: Double
    /// Keys run at once.
    public var jobs: Int

    public init(files: [String], shift: Double = 0.1, jobs: Int) {
        self.files = files
        self.shift = shift
        self.jobs = jobs
    }

    /// The numeric keys walked, sorted (`capture-sim thresholds --ranges`).
    public static var keys: [String] { Thresholds.fields.filter { $0.range != nil }.map(\.key).sorted() }

    /// `files` ordered for `key`: scenes whose text (`descriptions`, by file) mentions the key first.
    public func order(for key: String, descriptions: [String: String]) -> [String] {
        let mentioning = files.filter { descriptions[$0, default: ""].contains(key) }
        let rest = files.filter { !descriptions[$0, default: ""].contains(key) }
        return mentioning + rest
    }

    /// Runs the walk over `keys`; outcomes in key order.
    public func run(keys: [String] = ThresholdShiftWalk.keys) -> [Outcome] {
        var texts: [String: String] = [:]
        for file in files {
            // The whole text: cheap to search, and it also finds keys a scene sets in its own thresholds.
            texts[file] = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        }
        let descriptions = texts
        let results = Mutex<[Outcome?]>(Array(repeating: nil, count: keys.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, keys.count))) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < keys.count else { return }
                let ordered = order(for: keys[i], descriptions: descriptions)
                let named = ordered.prefix { descriptions[$0, default: ""].contains(keys[i]) }
                let outcome = walk(key: keys[i], groups: [Array(named), Array(ordered.dropFirst(named.count))])
                results.withLock { $0[i] = outcome }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Raises, then (if that failed no scene) lowers `key`, each until the first failing scene.
    public func walk(key: String, files: [String]) -> Outcome { walk(key: key, groups: [files]) }

    /// The walk over `groups` of scenes in turn (the scenes naming the key, then the rest): within a
    /// group, the key raised, then lowered, each until the first failing scene.
    func walk(key: String, groups: [[String]]) -> Outcome {
        var outcome = Outcome(key: key, failsWhenRaised: nil, failsWhenLowered: nil, invalidShifts: [], scenesRun: 0)
        guard let field = Thresholds.fieldsByKey[key] else { return outcome }
        var shifts: [(factor: Double, overrides: ThresholdOverrides)] = []
        for factor in [1 + shift, 1 - shift] {
            let overrides = ThresholdOverrides(assignments: [ThresholdAssignment(field, .factor(factor), source: "--set \(key)=\(factor)x")])
            // A shift that makes the defaults themselves invalid is not run (it cannot be set at all).
            do { _ = try overrides.apply(to: Thresholds()) } catch {
                outcome.invalidShifts.append("x\(NumberFormatting.compact(factor))")
                continue
            }
            shifts.append((factor, overrides))
        }
        for group in groups {
            for (factor, overrides) in shifts {
                let transform: @Sendable (Thresholds) throws -> Thresholds = { t in try overrides.apply(to: t) }
                for file in group {
                    outcome.scenesRun += 1
                    guard SceneCheck(path: file, thresholds: transform, explainsFailures: false).status == .failed else { continue }
                    if factor > 1 { outcome.failsWhenRaised = file } else { outcome.failsWhenLowered = file }
                    return outcome
                }
            }
        }
        return outcome
    }
}
