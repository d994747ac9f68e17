/// "Did you mean ...?": the known word nearest a mistyped one, for unknown commands, options, scene keys
/// and threshold keys.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (insertions, deletions, substitutions, and swaps of
    /// neighbours), when it is close enough to be a typo: at most 1 edit for words of up to 4 letters, 2
    /// up to 8, 3 beyond; or a candidate that starts with `word` (an abbreviation). Ties go to the first.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        // A difference of case only (`hasLidar` for `hasLiDAR`) is the likeliest typo of all.
        if let sameLetters = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return sameLetters }
        let allowed = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(word, candidate)
            if d <= allowed, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        if let best { return best.candidate }
        if word.count >= 2 { return candidates.first { $0.hasPrefix(word) } }
        return nil
    }

    /// " (did you mean 'X'?)" or "".
    public static func hint(for word: String, among candidates: [String], prefix: String = "") -> String {
        closest(to: word, among: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// The optimal string alignment distance of `a` and `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
