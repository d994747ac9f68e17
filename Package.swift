// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "capture-sim",
    products: [
        .executable(name: "capture-sim", targets: ["capture-sim"]),
        .library(name: "CaptureEngine", targets: ["CaptureEngine"]),
        .library(name: "SyntheticSensor", targets: ["SyntheticSensor"]),
    ],
    targets: [
        // MARK: - Engine

        /// The SDK's brain: pose math, event codes, thresholds and the session state machine.
        /// Pure Swift: no I/O, no clock, no randomness.
        .target(name: "CaptureEngine"),

        // MARK: - Synthetic sensor

        /// Scenes, scripted trajectories, the LiDAR depth + confidence renderer and the system model:
        /// produces the engine's input stream. Seeded; no clock.
        .target(name: "SyntheticSensor", dependencies: ["CaptureEngine"]),

        // MARK: - Command-line tool

        .executableTarget(
            name: "capture-sim",
            dependencies: ["CaptureEngine", "SyntheticSensor"]
        ),

        // MARK: - Tests

        .testTarget(name: "CaptureEngineTests", dependencies: ["CaptureEngine"]),
        .testTarget(name: "SyntheticSensorTests", dependencies: ["SyntheticSensor", "CaptureEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
