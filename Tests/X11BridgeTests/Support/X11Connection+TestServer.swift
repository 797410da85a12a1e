import CX11
import Foundation
import Glibc
import TestXlib
import Testing
@testable import X11Bridge

extension X11Connection {
    /// A connection to a test server whose loss fails only the test using it.
    ///
    /// Every connection the test process opens is prepared that way (`TestServerLoss`), those
    /// that objects such as `FeedbackOverlay` open for themselves included; this name says so
    /// where a test opens one.
    static func toTestServer(_ display: String) throws -> X11Connection {
        TestServerLoss.install()
        return try X11Connection(displayName: display)
    }

    /// Prepares a display a test opened with `XOpenDisplay` itself, as `X11Connection` does its own.
    static func surviveLoss(of display: OpaquePointer) {
        TestServerLoss.install()
        gb_xlib_survive_loss(display)
    }
}

/// What a lost test X server does to the test process: fails the test that found it, and nothing else.
///
/// Xlib's default reaction to a broken connection is `exit(1)`, with every other suite's
/// servers; and a display that is only told to carry on piles its requests into an output
/// buffer that never drains, until libX11 writes through a NULL request (a SIGSEGV that once
/// ended a whole run, under mutter beside a CPU hog). `Tests/TestXlib` makes Xlib's hooks
/// return and discards a lost display's requests, so its calls return at once and fail; the
/// loss itself is recorded as an issue of the test whose thread found it. A server a test
/// stops on purpose (`XServer.stop`) is expected to go: connections still open to it are not
/// a failure.
enum TestServerLoss {
    /// Installs the hooks once, before the first display is opened: `XServer.start` calls it.
    static func install() { _ = installed }

    private static let installed: Void = {
        gb_xlib_install_loss_handler { name in
            TestServerLoss.lost(name.map { String(cString: $0) } ?? "?")
        }
        X11Connection.prepareDisplay = { gb_xlib_survive_loss($0) }
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var stopping: Set<String> = []
    /// Each display's server log, while its server runs: a loss quotes its end.
    nonisolated(unsafe) private static var logs: [String: String] = [:]

    /// `display`'s server is being stopped by its test: losing it is expected from now on.
    static func expectLoss(of display: String) {
        lock.withLock {
            _ = stopping.insert(display)
            logs[display] = nil
        }
    }

    /// A new server took `display` (X reuses numbers): losing it is a failure again.
    static func watch(_ display: String, log: String) {
        lock.withLock {
            _ = stopping.remove(display)
            logs[display] = log
        }
    }

    /// How much of a lost server's log a failure quotes.
    static let quotedLogLines = 40

    private static func lost(_ display: String) {
        let (expected, log) = lock.withLock { (stopping.contains(display), logs[display]) }
        if expected { return }
        let message = "test: lost the connection to the X server \(display)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        // The test removes the server's directory when it stops it: the log's end goes in the failure.
        let tail = log.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            .map {
                $0.split(separator: "\n", omittingEmptySubsequences: false).suffix(quotedLogLines).joined(
                    separator: "\n")
            }
        let quoted: String = tail.map { "the end of its log (\(log ?? "")):\n\($0)" } ?? "its log is gone"
        Issue.record(
            Comment(rawValue: "lost the connection to the test X server \(display): it died under the test; \(quoted)"))
    }
}

/// One display the test process opens to its first test server and never closes, so that
/// libXext's Generic Event bookkeeping outlives every test's own displays.
///
/// libXext keeps the displays that use the Generic Event extension (every XInput 2 display)
/// in a process-wide list, and frees the list, without a lock, when the last such display
/// closes (`_xgeDpyClose`: `XextDestroyExtension(xge_info); xge_info = NULL`). A test thread
/// that is opening its display at that moment passes the NULL list to `XextAddDisplay`: the
/// SIGSEGV in `libXext.so.6` that ended a whole `make test` on 2026-11-28 (crashed at
/// `XextAddDisplay+0x1aa`, reading through a NULL `XExtensionInfo`). The suites open and
/// close displays on many threads at once, so the count touches zero now and then; with this
/// display open it never does. Nothing reads it, so its server's end goes unnoticed.
enum GenericEventAnchor {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var anchor: X11Connection?

    /// Opens the anchor on `display` unless one is open already.
    static func hold(_ display: String) {
        lock.withLock {
            guard anchor == nil else { return }
            // X11Connection asks for XInput 2, which registers the display with libXext's XGE list.
            anchor = try? X11Connection.toTestServer(display)
        }
    }

    /// Whether the anchor is open (for its test).
    static var isHeld: Bool { lock.withLock { anchor != nil } }
}
