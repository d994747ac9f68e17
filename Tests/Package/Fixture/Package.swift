// swift-tools-version:6.0
// A package for the test of Tests/Package/check_dependencies.py: one target declares a dependency it
// never imports, one imports a module it does not declare, one C target includes another's header.
import PackageDescription

let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "Used"),
        .target(name: "Unused"),
        .target(name: "CHeaders"),
        .target(name: "DeclaresUnused", dependencies: ["Used", "Unused"]),
        .target(name: "ImportsUndeclared", dependencies: ["Used"]),
        .target(name: "CHeaderUser", dependencies: ["CHeaders"]),
    ]
)
