import JSONSupport

/// All of a scene file's errors at once, up to ``maximumErrors``, instead of only the first: after each
/// error at a JSON path, the member at that path is taken out of the file and the scene read again, so a
/// user fixing a scene sees its mistakes together (issue 46). Stops at an error without a path (a syntax
/// error), at an array element (taking it out would renumber the rest), when the same path fails again,
/// or when the rest of the file loads.
enum SceneErrorCollector {
    /// The most errors reported for one file.
    static let maximumErrors = 10

    /// `first`, with the file's further errors as more lines of its reason and a count.
    static func collect(first: InputError, text: String, load: (String) throws(InputError) -> Void) -> InputError {
        guard !first.location.isEmpty, first.line == nil,
              var tree = try? JSONParser.parse(Array(text.utf8)).jsonValue else { return first }
        var errors = [first], seen: Set<String> = [first.location]
        var location = first.location
        while errors.count < maximumErrors, remove(path: location, from: &tree) {
            do throws(InputError) {
                try load(tree.serialized())
                break
            } catch {
                guard !error.location.isEmpty, error.line == nil, !seen.contains(error.location) else { break }
                errors.append(error)
                seen.insert(error.location)
                location = error.location
            }
        }
        guard errors.count > 1 else { return first }
        var combined = first
        combined.reason += errors.dropFirst().map { "\n" + $0.description }.joined()
            + "\n(\(errors.count) errors\(errors.count == maximumErrors ? ", the first \(maximumErrors)" : ""))"
        return combined
    }

    /// Takes the object member at `path` (`script[3].speed`, `device.hasLidar`) out of `tree`; false when
    /// the path does not end in an object member or is not in the tree.
    static func remove(path: String, from tree: inout JSONValue) -> Bool {
        var steps: [Step] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let bracket = rest.firstIndex(of: "[") ?? rest.endIndex
            let key = String(rest[..<bracket])
            guard !key.isEmpty else { return false }
            steps.append(.key(key))
            rest = rest[bracket...]
            while rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return false }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return false }
        }
        guard case .key = steps.last else { return false }
        return remove(steps[...], from: &tree)
    }

    private enum Step { case key(String), index(Int) }

    private static func remove(_ steps: ArraySlice<Step>, from value: inout JSONValue) -> Bool {
        guard let step = steps.first else { return false }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            guard let i = members.firstIndex(where: { $0.0 == key }) else { return false }
            if steps.count == 1 {
                members.remove(at: i)
            } else {
                guard remove(steps.dropFirst(), from: &members[i].1) else { return false }
            }
            value = .object(members)
            return true
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index), steps.count > 1, remove(steps.dropFirst(), from: &items[index]) else { return false }
            value = .array(items)
            return true
        default:
            return false
        }
    }
}
