import CAllocationCounter

/// Tunes glibc's allocator for the tool's streaming work (`mallopt`).
///
/// Every frame allocates about 1 MB of short-lived arrays (depth map, confidence, the render's
/// buffers, encoded records and PNGs) on one thread and frees them on another. With glibc's defaults,
/// freed memory above 128 KiB goes back to the kernel (`munmap`, heap trimming) and comes back as fresh
/// zeroed pages at the next frame: page faults, page clearing and cross-core TLB flushes that cost more
/// system time than writing the bundle itself (a 120 s scan in both layouts: 15.1 s of system CPU with
/// the defaults, 3.2 s tuned; docs/benchmarks.md). Keeping that memory in the process makes the
/// resident size the working set's high-water mark (a few tens of MB) instead of a sawtooth.
enum MemoryTuning {
    /// Allocations below this many bytes come from the heap, not their own mapping: 256 MiB
    /// (`M_MMAP_THRESHOLD`; setting it also stops glibc's dynamic adjustment).
    static let mmapThresholdBytes: Int32 = 256 << 20
    /// Free memory at the heap's top kept rather than trimmed: 1 GiB (`M_TRIM_THRESHOLD`).
    static let trimThresholdBytes: Int32 = 1 << 30
    /// Extra bytes requested whenever a heap grows: 64 MiB (`M_TOP_PAD`).
    static let topPadBytes: Int32 = 64 << 20

    /// Applies the three settings (`mallopt` through `capture_sim_tune_allocator`); a refused setting
    /// leaves glibc's default. Returns how many were accepted.
    @discardableResult
    static func apply() -> Int {
        Int(capture_sim_tune_allocator(mmapThresholdBytes, trimThresholdBytes, topPadBytes))
    }
}
