// swift-tools-version:6.0
// The libFuzzer targets of capture-sim's parsers (docs/fuzzing.md). A package of its own, so that the
// main package's `swift build` and `swift test` never see them: each target is an entry point
// (`LLVMFuzzerTestOneInput`) whose `main` comes from libFuzzer, so they are only useful built as
// Fuzz/fuzz.sh (`make fuzz`) builds them: `--sanitize fuzzer` (SwiftPM then leaves `main` to libFuzzer)
// and `-Xswiftc -sanitize=fuzzer,address` (the Swift driver keeps only the last `-sanitize=` flag, so
// the two sanitizers go in one).
import PackageDescription

let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("fuzz-scene", [.product(name: "SyntheticSensor", package: "capture-sim")]),
    ("fuzz-scene-geometry", [.product(name: "SyntheticSensor", package: "capture-sim")]),
    ("fuzz-generator", [.product(name: "SceneGenerator", package: "capture-sim"), .product(name: "SyntheticSensor", package: "capture-sim")]),
    ("fuzz-thresholds", [.product(name: "CaptureEngine", package: "capture-sim")]),
    ("fuzz-replay", [.product(name: "CaptureReplay", package: "capture-sim")]),
    ("fuzz-arkit-data", [.product(name: "CaptureBundle", package: "capture-sim")]),
    ("fuzz-depth-frames", [.product(name: "CaptureBundle", package: "capture-sim")]),
    ("fuzz-png", [.product(name: "BundleIO", package: "capture-sim")]),
    ("fuzz-bundle-zip", [.product(name: "BundleIO", package: "capture-sim"), .product(name: "CaptureBundle", package: "capture-sim"),
                         .product(name: "CaptureReplay", package: "capture-sim")]),
    ("fuzz-stray-export", [.product(name: "LiDARStatistics", package: "capture-sim")]),
    ("fuzz-export", [.product(name: "CaptureExport", package: "capture-sim")]),
]

let package = Package(
    name: "capture-sim-fuzz",
    products: fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
    dependencies: [.package(name: "capture-sim", path: "..")],
    targets: [.target(name: "FuzzSupport")]
        + fuzzTargets.map { .executableTarget(name: $0.name, dependencies: $0.dependencies + ["FuzzSupport"]) },
    swiftLanguageModes: [.v6]
)
