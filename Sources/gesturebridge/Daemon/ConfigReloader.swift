import GestureConfig
import Logging

/// Loads the config at start and on every reload, keeping the last good one when a new one is bad.
struct ConfigReloader {
    let path: String
    let logger: Logger
    /// The config in effect.
    private(set) var current: Configuration

    /// Loads the config for the first time; a bad config at start is an error.
    init(path: String, logger: Logger) throws(ConfigErrors) {
        self.path = path
        self.logger = logger
        current = try ConfigLoader.load(path: path)
        for warning in current.warnings { logger.warning("\(warning)") }
    }

    /// Reloads; returns the new config, or nil when it is bad (logged) and the old one stays.
    mutating func reload() -> Configuration? {
        do {
            let configuration = try ConfigLoader.load(path: path)
            for warning in configuration.warnings { logger.warning("\(warning)") }
            current = configuration
            logger.notice("reloaded \(path): \(configuration.allBindings.count) bindings")
            return configuration
        } catch {
            logger.error("\(path) has errors; keeping the last good config:")
            for problem in error.errors { logger.error("  \(problem)") }
            return nil
        }
    }
}
