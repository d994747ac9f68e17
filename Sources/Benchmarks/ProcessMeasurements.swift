import Foundation

/// What the benchmarks measure of the process and its output: the process's CPU time and peak resident
/// memory, and the bytes written under a folder.
public enum ProcessMeasurements {
    /// Bytes of every regular file under a folder (`opendir`, `readdir`, `fstatat`; Foundation's
    /// enumerator took 7 s for the 72,540 PNGs of a 10-minute raw package).
    public static func bytes(inFolder folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        let fd = dirfd(directory)
        var total = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var st = stat()
            guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFREG: total += Int(st.st_size)
            case S_IFDIR: total += bytes(inFolder: folder + "/" + name)
            default: break
            }
        }
        return total
    }

    /// User and system (in the kernel on the process's behalf) CPU time of the process so far
    /// (`getrusage(RUSAGE_SELF)`), seconds; zeros when the call fails.
    public static func cpuTimes() -> (user: Double, system: Double) {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return (0, 0) }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return (s(usage.ru_utime), s(usage.ru_stime))
    }

    /// `VmHWM` from /proc/self/status (Linux), kilobytes.
    public static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }
}
