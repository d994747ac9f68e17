import Foundation
import TestSupport
import Testing

/// `make dist`'s parts on the test build: the Debian runtime packages cover every shared library the tool
/// loads, the tarball holds the binary, the list, a Dockerfile installing exactly that list and a licence
/// text per package; the Kubernetes Job of docs/examples loads with the Kubernetes client's models.
@Suite struct PackagingTests {
    static let packaging = PackageFolder.path("Packaging")

    @Test func theRuntimePackagesCoverEveryLibraryTheToolLoadsAndTheTarballShipsThem() throws {
        let binary = try #require(CommandLineTool.executable).path
        // The test build loads the Swift runtime from the toolchain; `make dist` links it statically.
        let check = try CommandLineTool.runProgram("/usr/bin/env", ["ALLOW_TOOLCHAIN=1", Self.packaging + "/runtime-packages.sh", "--check", binary])
        #expect(check.status == 0, "\(check.output)")
        let covered = check.lines.filter { $0.hasPrefix("ok ") }
        #expect(covered.contains { $0.hasSuffix(" libzip4") } && covered.contains { $0.hasSuffix(" libavcodec59") }, "\(check.stdout)")
        let out = try TemporaryFolder("dist")
        defer { out.remove() }
        let made = try CommandLineTool.runProgram("/usr/bin/env", ["ALLOW_TOOLCHAIN=1", Self.packaging + "/make-dist.sh", binary, out.path])
        #expect(made.status == 0, "\(made.output)")
        let version = try CommandLineTool.run(["--version"]).lines[0].split(separator: " ")[1]
        let name = "capture-sim-\(version)-linux-\(try CommandLineTool.runProgram("/usr/bin/env", ["uname", "-m"]).output)"
        #expect(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == out.file(name + ".tar.gz"))
        let listing = try CommandLineTool.runProgram("/usr/bin/env", ["tar", "tzf", out.file(name + ".tar.gz")])
        for file in ["bin/capture-sim", "debian-runtime-packages.txt", "Dockerfile", "README.txt", "LICENSES/swift.LICENSE.txt",
                     "LICENSES/libsimde-dev.copyright", "share/capture-sim/Scenes/apartment.json",
                     "share/doc/capture-sim/README.md", "share/doc/capture-sim/docs/scene-format.md"] {
            #expect(listing.lines.contains(name + "/" + file), "\(file) is not in the tarball")
        }
        let packages = String(decoding: out.bytes(name + "/debian-runtime-packages.txt"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(packages.contains("libavformat59") && packages.contains("libturbojpeg0") && packages.contains("libpng16-16"))
        for package in packages {
            #expect(listing.lines.contains("\(name)/LICENSES/\(package).copyright"), "no licence text for \(package)")
        }
        let dockerfile = String(decoding: out.bytes(name + "/Dockerfile"), as: UTF8.self)
        #expect(dockerfile.contains("FROM debian:bookworm-slim"))
        #expect(dockerfile.contains("apt-get install -y --no-install-recommends " + packages.joined(separator: " ") + " "))
        #expect(dockerfile.contains("COPY bin/capture-sim /usr/local/bin/capture-sim"))
        #expect(dockerfile.contains("COPY share /usr/local/share"))
        // The unpacked package runs the default apartment with no arguments, from any folder.
        let unpacked = try TemporaryFolder("dist-unpacked")
        defer { unpacked.remove() }
        let untar = try CommandLineTool.runProgram("/usr/bin/env", ["tar", "xzf", out.file(name + ".tar.gz"), "-C", unpacked.path])
        #expect(untar.status == 0, "\(untar.output)")
        let bare = try CommandLineTool.runProgram(unpacked.file(name + "/bin/capture-sim"), [], in: URL(fileURLWithPath: unpacked.path))
        #expect(bare.status == 0, "\(bare.output)")
        #expect(bare.stdout.contains("    1  Recording started"), "\(bare.stdout)")
    }

    @Test func theKubernetesJobLoadsWithTheClientsModelsAndUsesThisVersionsImage() throws {
        let version = String(try CommandLineTool.run(["--version"]).lines[0].split(separator: " ")[1])
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["python3", PackageFolder.path("Tests/Readers/check_k8s_job.py"),
                                                                    PackageFolder.path("docs/examples/generate-indexed-job.yaml"), version])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout == "V1Job capture-sim-generate-seed1\nV1PersistentVolumeClaim capture-sim-data\n")
    }
}
