// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "capture-sim",
    products: [
        .executable(name: "capture-sim", targets: ["capture-sim"]),
        .library(name: "JSONSupport", targets: ["JSONSupport"]),
        .library(name: "CaptureEngine", targets: ["CaptureEngine"]),
        .library(name: "BundleIO", targets: ["BundleIO"]),
        .library(name: "CaptureBundle", targets: ["CaptureBundle"]),
        .library(name: "SyntheticSensor", targets: ["SyntheticSensor"]),
        .library(name: "CaptureReplay", targets: ["CaptureReplay"]),
        .library(name: "SceneGenerator", targets: ["SceneGenerator"]),
        .library(name: "CaptureExport", targets: ["CaptureExport"]),
        .library(name: "LiDARStatistics", targets: ["LiDARStatistics"]),
    ],
    targets: [
        // MARK: - JSON

        /// The project's one JSON layer, below every other module: a strict parser (numbers read back bit for
        /// bit, keys in file order, depth and size limits, errors at line and column), the ordered tree it gives
        /// (`JSONNode`), the writer's tree (`JSONValue`: exact, deterministic text) and locale-independent number
        /// formatting. Foundation's `JSONSerialization` gives neither exact numbers nor key order.
        .target(name: "JSONSupport"),

        // MARK: - Engine

        /// The SDK's brain: pose math, event codes, thresholds and the session state machine.
        /// Pure Swift: no I/O, no clock, no randomness.
        .target(name: "CaptureEngine", dependencies: ["JSONSupport"]),

        // MARK: - Synthetic sensor

        /// Scenes, scripted trajectories, the LiDAR depth + confidence renderer and the system model:
        /// produces the engine's input stream. Seeded; no clock.
        .target(name: "SyntheticSensor", dependencies: ["JSONSupport", "CaptureEngine", "CDepthShading", "CColorEncode", "CColorShading"]),

        // MARK: - Scene generation

        /// `capture-sim generate`: procedural apartments (floor plan, furniture, scripted scan, injected
        /// events, expectations) as scene files; item i of a data set depends only on (seed, i).
        .target(name: "SceneGenerator", dependencies: ["JSONSupport", "CaptureEngine", "SyntheticSensor"]),

        // MARK: - Bundles

        /// The bundles' low-level I/O, below the formats: zip archives written and read with libzip (libzip
        /// sources for streamed and block-read entries), files written straight to disk by threads of their own,
        /// CRC-32, PNG (libpng), JPEG (libjpeg-turbo) and H.264/MP4 (FFmpeg) codecs, POSIX file calls whose
        /// errors name the call and path. It knows no bundle layout.
        .target(name: "BundleIO", dependencies: ["CChecksum", "CPNG", "CPNGWrite", "CZip", "CVideo", "CTurboJPEG"]),
        /// The bundle formats (CubiCapture layout, raw RGBD package; docs/bundle-format.md): their writers
        /// (storages), reader and inspector, on top of ``BundleIO``.
        .target(name: "CaptureBundle", dependencies: ["JSONSupport", "CaptureEngine", "BundleIO", "CDepthSamples", "CFileSystem"]),

        // MARK: - Replay

        /// Readers that turn logged poses (this project's bundles, as folders or zips; the raw RGBD package's
        /// poses.csv, TUM, Stray Scanner, ARKitScenes .traj, ARKit camera-transform logs) into the engine's
        /// input stream.
        .target(name: "CaptureReplay", dependencies: ["JSONSupport", "CaptureEngine", "CaptureBundle"]),

        // MARK: - Exports

        /// `capture-sim export`: a bundle or raw package for other tools: a TUM trajectory, a COLMAP text
        /// model, Nerfstudio's transforms.json, an MCAP file of Foxglove schemas (docs/exports.md).
        .target(name: "CaptureExport", dependencies: ["JSONSupport", "CaptureEngine", "BundleIO", "CaptureBundle", "CDepthSamples", "CFileSystem"]),

        // MARK: - Running a scene

        /// What `run`, `check`, `report` and the benchmarks share to run a scene: the synthetic input stream fed
        /// to a session (`SceneRun`), produced on a thread of its own (`InputPipeline`), with storage that
        /// writes nothing but fails where the scene's faults say (`SimulatedStorage`).
        .target(name: "SceneRuntime", dependencies: ["CaptureEngine", "SyntheticSensor"]),

        // MARK: - Regression checking

        /// Scene expectations, golden event files, JUnit reports, shards and sweeps for `check`/`sweep`.
        .target(name: "RegressionCheck", dependencies: ["JSONSupport", "CaptureEngine", "SyntheticSensor", "SceneRuntime"]),

        // MARK: - LiDAR statistics

        /// `capture-sim lidar stats`: the statistics that compare a capture's depth and confidence with a
        /// phone's (raw RGBD package, CubiCapture bundle, Stray Scanner export; docs/lidar.md).
        .target(name: "LiDARStatistics", dependencies: ["JSONSupport", "CaptureEngine", "BundleIO", "CaptureBundle"]),
        /// `capture-sim lidar fit`: the correlated LiDAR model's parameters estimated from a capture's
        /// statistics through the synthetic sensor (the forward model).
        .target(name: "LiDARFit", dependencies: ["JSONSupport", "CaptureEngine", "LiDARStatistics", "SyntheticSensor"]),

        // MARK: - Reports

        /// `capture-sim report`: a scan as one self-contained HTML page (plan, timeline of each detector's
        /// value against its threshold, events with their traces, depth thumbnails, summary); the check
        /// and sweep pages.
        .target(name: "ScanReport", dependencies: ["JSONSupport", "CaptureEngine", "BundleIO", "CaptureBundle", "CaptureReplay",
                                                   "SceneRuntime", "SyntheticSensor", "RegressionCheck"]),

        // MARK: - Benchmarks

        /// `capture-sim bench`: the engine's steps, a replayed hour-long log, its report, the regression check
        /// of a folder, and a long scan rendered, run and written in both layouts; each returns its figures
        /// and the lines the tool prints. (The renderer's own benchmark lives beside its kernels, in the sensor.)
        .target(name: "Benchmarks", dependencies: ["JSONSupport", "CaptureEngine", "BundleIO", "CaptureBundle", "CaptureReplay",
                                                   "SceneRuntime", "RegressionCheck", "ScanReport", "SyntheticSensor", "CAllocationCounter"]),

        // MARK: - C wrappers

        /// The depth renderer's shade pass (noise, Float16 rounding, confidence) with SIMDe's AVX2 API from
        /// Debian's libsimde-dev (header-only; emulated with SSE2 unless the compiler targets AVX2);
        /// bit-identical to the Swift paths, so it keeps floating-point contraction off.
        .target(name: "CDepthShading", dependencies: ["CNoiseHash"]),
        /// The colour camera's last step (exposed linear light to 8-bit sRGB with sensor noise), a loop
        /// Swift leaves scalar; floating-point contraction off, so every build gives the same bytes.
        .target(name: "CColorEncode", dependencies: ["CNoiseHash"]),
        /// The colour camera's shading pass (the visible surfaces' light, eight evaluations at a time; the
        /// sky and glass panes), its surface pass (textures, light maps, vignetting) and its motion blur
        /// (the blocks' shifts and the blur along them) with SIMDe's AVX2 API; bit-identical to their
        /// references (the Swift shading, the scalar surface pass, the Swift block shifts, the tests'
        /// one-float blur), so it keeps floating-point contraction off.
        .target(name: "CColorShading"),
        /// The sensors' noise hash (lowbias32) for the C kernels, one header shared by CDepthShading and
        /// CColorEncode, plus the scalar hash as a linked function for the tests.
        .target(name: "CNoiseHash"),
        /// Counts heap allocations of the tool (for the benchmarks' bytes-per-frame figure) and sets glibc's
        /// allocator options (`mallopt`) for streaming.
        .target(name: "CAllocationCounter"),
        /// libpng from Debian's libpng-dev.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        /// libpng's low-level writer with a chosen zlib level, strategy and row filter, or with the image
        /// data from `CRunLengthDeflate`; owns the `setjmp` that libpng's errors need (Swift cannot call it).
        .target(name: "CPNGWrite", dependencies: ["CPNG", "CRunLengthDeflate"]),
        /// A deflate encoder for filtered PNG rows (one dynamic-Huffman block of literals and distance-1 runs,
        /// zlib's Z_RLE kind of stream, about five times zlib's speed): the raw package's depth PNGs.
        .target(name: "CRunLengthDeflate"),
        /// The bundles' two depth sample encodings (millimetres, half floats) from metres, as loops the
        /// compiler vectorises.
        .target(name: "CDepthSamples"),
        /// CRC-32 by carry-less multiplication folding in SIMDe (PCLMULQDQ on x86-64, PMULL on arm64; about 4x
        /// zlib 1.2.13's `crc32_z`) where the build's target CPU has it, zlib's otherwise.
        .target(name: "CChecksum", linkerSettings: [.linkedLibrary("z")]),
        /// Linux's renameat2 (exchange, no-replace) for publishing bundles atomically; Swift's Glibc module
        /// does not export it.
        .target(name: "CFileSystem"),
        /// libzip from Debian's libzip-dev.
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        /// FFmpeg's libavformat, libavcodec and libavutil from Debian's -dev packages: video.mp4 (H.264 by
        /// Debian's libx264 through libavcodec) and its check in `inspect`.
        .systemLibrary(name: "CVideo", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]),
        /// libjpeg-turbo's TurboJPEG API from Debian's libturbojpeg0-dev: the raw package's rgb/*.jpg.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),

        // MARK: - Command-line tool

        .executableTarget(
            name: "capture-sim",
            dependencies: ["JSONSupport", "CaptureEngine", "BundleIO", "CaptureBundle", "CaptureReplay", "CaptureExport", "SceneRuntime", "RegressionCheck", "CAllocationCounter", "Benchmarks",
                           "ScanReport", "SceneGenerator", "SyntheticSensor", "LiDARStatistics", "LiDARFit"],
            // CChecksum's crc32 (zlib's function, by PCLMULQDQ folding) exported, so that libzip's and
            // libpng's checksum calls bind to it rather than to libz's (see crc32_folding.c).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=crc32"])]
        ),

        // MARK: - Tests
        // `make test` builds everything in release (one build for the tool and the tests); the tests' own
        // code is compiled unoptimised there (`testCode`), since optimising it takes most of that build's time
        // and speeds up nothing that matters: the code under test is optimised.

        /// Helpers shared by the tests: the package's folder, temporary folders, running the built tool for
        /// end-to-end tests, a seeded generator for test data.
        .target(name: "TestSupport", path: "Tests/Support", swiftSettings: testCode),
        .testTarget(name: "CaptureSimTests", dependencies: ["Benchmarks", "JSONSupport", "TestSupport", "capture-sim"], exclude: ["Malformed"], swiftSettings: testCode),
        .testTarget(name: "RegressionCheckTests", dependencies: ["JSONSupport", "RegressionCheck", "SceneRuntime", "CaptureEngine", "SyntheticSensor"], swiftSettings: testCode),
        .testTarget(name: "JSONSupportTests", dependencies: ["JSONSupport"], swiftSettings: testCode),
        .testTarget(name: "CaptureEngineTests", dependencies: ["JSONSupport", "CaptureEngine"], exclude: ["Fixtures"], swiftSettings: testCode),
        .testTarget(
            name: "CaptureReplayTests",
            dependencies: ["JSONSupport", "CaptureReplay", "CaptureEngine", "TestSupport", "capture-sim"],
            exclude: ["Fixtures"],
            swiftSettings: testCode
        ),
        .testTarget(
            name: "CaptureBundleTests",
            dependencies: ["JSONSupport", "BundleIO", "CaptureBundle", "CaptureEngine", "CaptureReplay", "CChecksum", "CZip", "TestSupport", "capture-sim"],
            swiftSettings: testCode
        ),
        .testTarget(name: "SyntheticSensorTests", dependencies: ["JSONSupport", "SyntheticSensor", "CaptureEngine", "CNoiseHash", "CDepthShading", "CColorEncode", "CColorShading", "TestSupport"],
                    swiftSettings: testCode),
        .testTarget(name: "SceneGeneratorTests", dependencies: ["SceneGenerator", "SyntheticSensor", "RegressionCheck", "CaptureEngine", "TestSupport"], swiftSettings: testCode),
        .testTarget(
            name: "ScanReportTests",
            dependencies: ["ScanReport", "BundleIO", "CaptureBundle", "CaptureEngine", "RegressionCheck", "SceneRuntime", "TestSupport", "capture-sim"],
            exclude: ["Fixtures"],
            swiftSettings: testCode
        ),
        .testTarget(name: "LiDARStatisticsTests", dependencies: ["JSONSupport", "LiDARStatistics", "BundleIO", "CaptureBundle", "CaptureEngine", "TestSupport"], swiftSettings: testCode),
        .testTarget(name: "CaptureExportTests", dependencies: ["CaptureExport", "BundleIO", "CaptureEngine", "TestSupport", "capture-sim"],
                    swiftSettings: testCode),
        .testTarget(name: "LiDARFitTests", dependencies: ["LiDARFit", "LiDARStatistics", "SyntheticSensor"], swiftSettings: testCode),
        .testTarget(
            name: "BundleRoundTripTests",
            dependencies: ["RegressionCheck", "SceneRuntime", "SyntheticSensor", "CaptureBundle", "CaptureReplay", "CaptureEngine", "TestSupport"],
            swiftSettings: testCode
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// Test targets and their helpers: unoptimised even in release (see the Tests mark).
var testCode: [SwiftSetting] { [.unsafeFlags(["-Onone"], .when(configuration: .release))] }
