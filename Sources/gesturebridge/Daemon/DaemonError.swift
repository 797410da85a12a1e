import Glibc

/// An environment problem that stops the daemon from starting, in one line a user can act on.
enum DaemonError: Error, CustomStringConvertible {
    /// A system call failed; names the call and the errno text.
    case system(String, Int32)
    /// The runtime directory cannot be made, or is not a private directory of this user.
    case runtimeDirectory(ControlError)
    /// Another daemon already serves this display.
    case alreadyRunning(display: String, holder: InstanceLock.Holder?, lockPath: String)

    var description: String {
        switch self {
        case let .system(call, code):
            "\(call) failed: \(String(cString: strerror(code)))"
        case let .runtimeDirectory(error):
            "\(error)"
        case let .alreadyRunning(display, holder, lockPath):
            if let holder {
                "already running on \(display): pid \(holder.pid), started \(holder.origin.phrase) "
                    + "at \(holder.since) (lock \(lockPath)). Stop it with \(holder.origin.stopHint(pid: holder.pid)) first."
            } else {
                "already running on \(display) (lock \(lockPath) is held)."
            }
        }
    }

    /// The exit status: 3 for "already running", which the systemd unit does not restart on.
    var exitStatus: Int32 {
        switch self {
        case .alreadyRunning: InstanceLock.alreadyRunningStatus
        case .system, .runtimeDirectory: 1
        }
    }
}
