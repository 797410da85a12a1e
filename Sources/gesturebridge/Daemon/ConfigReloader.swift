import GestureConfig
import Glibc
import Logging
import Synchronization
import ControlStreams

/// Loads the config at start and on every reload, keeping the last good one when a new one is bad.
///
/// A reload reads and parses on a thread of its own, so touches never wait for it: a
/// config at the 1 MiB limit full of mistakes takes about a second to parse (release
/// build), and a FIFO or a slow disk could take longer. The loop polls `fileDescriptor`;
/// when it is readable, `finish()` hands over the outcome. A reload asked for while one
/// runs starts when it ends, so the last edit always wins.
final class ConfigReloader {
    let path: String
    let logger: Logger
    /// The config in effect.
    private(set) var current: Configuration
    /// Readable when a reload finished: the loop polls it.
    let fileDescriptor: Int32
    private let writeEnd: Int32
    private let outcome = Outcome()
    private var isLoading = false
    private var isWanted = false

    /// A finished load, handed from the reload's thread to the loop.
    private final class Outcome: Sendable {
        private let stored = Mutex<Result<Configuration, ConfigErrors>?>(nil)

        func put(_ result: Result<Configuration, ConfigErrors>) { stored.withLock { $0 = result } }
        func take() -> Result<Configuration, ConfigErrors>? {
            stored.withLock { stored in
                defer { stored = nil }
                return stored
            }
        }
    }

    /// Loads the config for the first time; a bad config at start is an error.
    init(path: String, logger: Logger) throws(ConfigErrors) {
        self.path = path
        self.logger = logger
        current = try ConfigLoader.load(path: path)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ConfigErrors([
                ConfigError(
                    .unreadable, at: SourceLocation(file: path, line: 0, column: 0),
                    message: "cannot make a pipe for reloads: \(String(cString: strerror(errno)))")
            ])
        }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
        for warning in current.warnings { logger.warning("\(warning)") }
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Starts a reload on its own thread, or marks one to start when the running one ends.
    func reload() {
        guard !isLoading else {
            isWanted = true
            return
        }
        isLoading = true
        let (path, outcome, writeEnd) = (path, outcome, writeEnd)
        startThread {
            let result = Result { () throws(ConfigErrors) -> Configuration in try ConfigLoader.load(path: path) }
            outcome.put(result)
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Takes a finished reload once `fileDescriptor` is readable: nil when none finished; else
    /// the new config (nil when it is bad or empty, logged, and the old one stays) and how it went.
    func finish() -> (configuration: Configuration?, outcome: ReloadOutcome)? {
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(fileDescriptor, &bytes, bytes.count) > 0 {}
        guard let result = outcome.take() else { return nil }
        isLoading = false
        if isWanted {
            isWanted = false
            reload()
        }
        switch result {
        case .success(let configuration):
            for warning in configuration.warnings { logger.warning("\(warning)") }
            let before = current.allBindings.count
            if configuration.isBlank, before > 0 {
                logger.warning(
                    """
                    \(path) is empty now (a save in progress?); keeping the \(before) binding\(before == 1 ? "" : "s") loaded before. \
                    Save it again to apply it; to turn every gesture off, stop gesturebridge.
                    """)
                return (nil, .keptEmpty(bindings: before))
            }
            current = configuration
            if configuration.allBindings.isEmpty {
                logger.warning("reloaded \(path): no bindings; every touch goes to the applications")
            } else {
                logger.notice("reloaded \(path): \(Wording.count(configuration.allBindings.count, "binding"))")
            }
            return (configuration, .applied(bindings: configuration.allBindings.count))
        case .failure(let error):
            logger.error("\(path) has errors; keeping the last good config:")
            for problem in error.errors { logger.error("  \(problem)") }
            return (nil, .failed(errors: error.errors.map(\.description)))
        }
    }

    /// Whether a reload is running (for tests and the control socket).
    var isReloading: Bool { isLoading }
}
