import GestureConfig
import Logging
import Synchronization

/// A concise swift-log handler: one line per message on stderr, `gesturebridge: level: message key=value`.
struct StderrLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(logLevel: Logger.Level) {
        self.logLevel = logLevel
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "gesturebridge: \(event.level): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for key in merged.keys.sorted() {
            line += " \(key)=\(merged[key].map { "\($0)" } ?? "")"
        }
        if let writer = LogSetup.writer {
            writer.write(line + "\n")
        } else {
            _ = OutputFile.standardError.write(line + "\n")
        }
    }
}

/// Installs `StderrLogHandler` as the process's log handler, once.
enum LogSetup {
    /// Sets the level for loggers made from now on (`debug` with `--verbose`, else `info`)
    /// and bootstraps swift-log on the first call; swift-log allows only one bootstrap.
    static func bootstrap(verbose: Bool) {
        level.value = verbose ? .debug : .info
        _ = installed
    }

    /// The daemon's writer thread (`LogWriter`), once `run` asked for it; nil for the
    /// other commands, which write their lines as they go.
    nonisolated(unsafe) private(set) static var writer: LogWriter?

    /// Routes log lines through a `LogWriter` from now on; the daemon calls it once, first.
    static func writeInBackground() {
        if writer == nil { writer = LogWriter() }
    }

    private static let level = LevelBox()

    private static let installed: Void = LoggingSystem.bootstrap { _ in
        StderrLogHandler(logLevel: level.value)
    }

    /// The level new handlers start at, shared with the bootstrap closure.
    private final class LevelBox: Sendable {
        private let stored = Mutex(Logger.Level.info)

        var value: Logger.Level {
            get { stored.withLock { $0 } }
            set { stored.withLock { $0 = newValue } }
        }
    }
}
