import Foundation

/// A condition that did not come true in time, named for the failure message.
struct DeadlinePassed: Error, CustomStringConvertible {
    var waitingFor: String
    var timeout: Double
    var description: String { "waited \(timeout) s for \(waitingFor)" }
}

/// Polls `condition` every 2 ms until it holds, or throws once `timeout` seconds have passed.
///
/// For effects another process causes in its own time (a window manager acting on a
/// request, a child process exiting): the test waits exactly as long as that takes.
func waitUntil(_ what: @autoclosure () -> String, timeout: Double = 15, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw DeadlinePassed(waitingFor: what(), timeout: timeout) }
        usleep(2_000)
    }
}
