import Glibc

/// Signals the daemon acts on, turned into flags and a readable pipe for the poll loop.
///
/// As in sxhkd, the handlers only set a flag and write one byte to a pipe whose
/// read end sits in the loop's `poll(2)` set: the loop then does the work (reload,
/// release everything, exit) in its own time, never inside a handler.
enum SignalFlags {
    /// What arrived since the loop last looked.
    struct Pending: Equatable {
        var reload = false
        var terminate = false
        var childExited = false
    }

    nonisolated(unsafe) static var reload: sig_atomic_t = 0
    nonisolated(unsafe) static var terminate: sig_atomic_t = 0
    nonisolated(unsafe) static var childExited: sig_atomic_t = 0
    nonisolated(unsafe) static var wakeFD: Int32 = -1
    /// The read end of the wake-up pipe, for the poll set.
    nonisolated(unsafe) static var readFD: Int32 = -1

    /// Installs the handlers for SIGHUP (reload), SIGTERM and SIGINT (exit), SIGCHLD (reap), and ignores SIGPIPE.
    static func install() throws(DaemonError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .system("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        wakeFD = fds[1]
        for (signal, handler) in [
            (SIGHUP, onReload), (SIGTERM, onTerminate), (SIGINT, onTerminate),
            (SIGCHLD, onChild)
        ] as [(Int32, @convention(c) (Int32) -> Void)] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            guard sigaction(signal, &action, nil) == 0 else { throw .system("sigaction", errno) }
        }
        signal(SIGPIPE, SIG_IGN)
        // A parent may start us with these blocked (Foundation's Process passes on
        // its thread's mask): a daemon that cannot hear SIGTERM cannot release its keys.
        var handled = sigset_t()
        sigemptyset(&handled)
        for unblocked in [SIGHUP, SIGTERM, SIGINT, SIGCHLD] { sigaddset(&handled, unblocked) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Restores the default handlers, so a second SIGTERM during a stuck shutdown still ends the process.
    static func uninstall() {
        for handled in [SIGHUP, SIGTERM, SIGINT, SIGCHLD] { signal(handled, SIG_DFL) }
    }

    /// Takes the flags that are set, clears them, and empties the wake-up pipe.
    static func take() -> Pending {
        var byte: UInt8 = 0
        while read(readFD, &byte, 1) > 0 {}
        var pending = Pending()
        if reload != 0 { reload = 0; pending.reload = true }
        if terminate != 0 { terminate = 0; pending.terminate = true }
        if childExited != 0 { childExited = 0; pending.childExited = true }
        return pending
    }
}

private func wake() {
    var byte: UInt8 = 1
    _ = write(SignalFlags.wakeFD, &byte, 1)
}

private func onReload(_: Int32) {
    SignalFlags.reload = 1
    wake()
}

private func onTerminate(_: Int32) {
    SignalFlags.terminate = 1
    wake()
}

private func onChild(_: Int32) {
    SignalFlags.childExited = 1
    wake()
}
