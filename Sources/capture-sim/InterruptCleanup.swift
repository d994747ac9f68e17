import BundleIO
import Dispatch
import Foundation

/// Takes back a bundle run's output when the run is interrupted (`run --out`, `generate`): on SIGINT,
/// SIGTERM or SIGHUP the partial folders and temporary files are removed and a bundle replaced with
/// `--force` is put back unless the run had already confirmed it (``PublicationRegistry/withdrawAll()``),
/// then the signal is raised again with its default action, so the shell sees the conventional status
/// (130 for SIGINT, 143 for SIGTERM). The process's own exit waits for a handler that is at work
/// (``CaptureSim/end(_:)``), so an exit status of 0 never hides a withdrawn bundle.
enum InterruptCleanup {
    /// The signals handled.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Installs the handlers (once per process).
    static func install() {
        guard sources.isEmpty else { return }
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                PublicationRegistry.withdrawAll()
                let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "SIGHUP"
                FileHandle.standardError.write(Data("capture-sim: interrupted by \(name); partial output removed\n".utf8))
                // The dispatch source keeps the signal blocked: unblock it on this thread and raise it
                // here with its default action.
                signal(number, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, number)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(number)
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
