import Foundation
import Glibc

extension Pipe {
    /// A pipe whose two ends no other child process inherits.
    ///
    /// Foundation's `Pipe` leaves its descriptors inheritable, and Swift Testing runs
    /// suites on several threads: a server or daemon started by another suite at the
    /// same moment would inherit this pipe's write end and hold it open for its whole
    /// life, so a reader waiting for end of file would wait for that stranger.
    /// `Process` still hands the end it is given to its own child: `dup2` onto 0, 1
    /// or 2 clears the flag on the copy.
    public static func closingOnExec() -> Pipe {
        let pipe = Pipe()
        _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        return pipe
    }
}
