import Glibc

/// Runs a short-lived helper program (`systemctl`, `pgrep`) to its end, for the setup
/// commands: `doctor` and `autostart`. The daemon never waits on a program; its commands are
/// spawned by `CommandSpawner`.
enum ProgramRun {
    /// The most of a program's output kept.
    static let outputLimit = 64 * 1024

    /// The program's exit status and the first line of its standard output (standard error
    /// goes to /dev/null); 127 when it cannot be started, 128 + N when signal N ended it.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]) -> (
        status: Int32, output: String
    ) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (127, "") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { return (127, "") }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            // Only the first line is used: keep at most 64 KiB, and read (and drop) the rest
            // so that the program is not left blocked on a full pipe.
            if data.count < Self.outputLimit { data += chunk[..<min(count, Self.outputLimit - data.count)] }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = String(decoding: data, as: UTF8.self)
        return (exitStatus, text.split(separator: "\n").first.map(String.init) ?? "")
    }
}
