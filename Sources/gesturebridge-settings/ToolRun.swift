import CGtk
import Glibc

/// A `gesturebridge` command the app runs (`try --bind`, `try`, `pick`), its output and its
/// messages (standard output and error, each line as it comes) read from GLib's main loop,
/// never blocking the window.
final class ToolRun {
    private var pid: GPid = 0
    /// What each stream (by descriptor) has sent since its last full line.
    private var buffers: [Int32: [UInt8]] = [:]
    private let onLine: (String) -> Void
    private let onExit: () -> Void
    private(set) var isRunning = false

    /// The `gesturebridge` beside this program (an install, a build), else the one on PATH.
    static var executable: String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        if count > 0 {
            let own = String(decoding: path[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = own.lastIndex(of: "/") {
                let beside = String(own[...slash]) + "gesturebridge"
                if access(beside, X_OK) == 0 { return beside }
            }
        }
        return "gesturebridge"
    }

    private init(onLine: @escaping (String) -> Void, onExit: @escaping () -> Void) {
        self.onLine = onLine
        self.onExit = onExit
    }

    /// Starts `gesturebridge arguments…`; nil with GLib's message when it cannot.
    static func start(
        _ arguments: [String], onLine: @escaping (String) -> Void, onExit: @escaping () -> Void
    ) -> Result<ToolRun, SettingsProblem> {
        let run = ToolRun(onLine: onLine, onExit: onExit)
        var output: Int32 = -1
        var messages: Int32 = -1
        var error: UnsafeMutablePointer<GError>?
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var mutable = argv
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue)
        let started = g_spawn_async_with_pipes(
            nil, &mutable, nil, flags, nil, nil, &run.pid, nil, &output, &messages, &error)
        guard started != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            g_error_free(error)
            return .failure(.tool("cannot run \(executable): \(message)"))
        }
        run.isRunning = true
        // One reference for each source; each lets its own go when it ends.
        for fd in [output, messages] {
            run.buffers[fd] = []
            g_unix_fd_add(
                fd, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue), readable,
                Unmanaged.passRetained(run).toOpaque())
        }
        g_child_watch_add(run.pid, exited, Unmanaged.passRetained(run).toOpaque())
        return .success(run)
    }

    /// Ends it (SIGTERM; the tools exit 0 on it and clean up, as on Ctrl-C).
    func stop() {
        if isRunning { kill(pid, SIGTERM) }
    }

    fileprivate func read(_ fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(fd, &chunk, chunk.count)
        guard count > 0 else {
            close(fd)
            buffers[fd] = nil
            return false
        }
        var buffer = buffers[fd, default: []] + chunk[..<count]
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            onLine(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        // A tool's line is short; one that never ends is dropped rather than kept growing.
        buffers[fd] = buffer.count > 65536 ? [] : buffer
        return true
    }

    fileprivate func ended() {
        isRunning = false
        g_spawn_close_pid(pid)
        onExit()
    }
}

private let readable: GUnixFDSourceFunc = { fd, _, data in
    guard let data else { return 0 }
    let run = Unmanaged<ToolRun>.fromOpaque(data)
    if run.takeUnretainedValue().read(fd) { return 1 }
    run.release()
    return 0
}

private let exited: GChildWatchFunc = { _, _, data in
    guard let data else { return }
    let run = Unmanaged<ToolRun>.fromOpaque(data)
    run.takeUnretainedValue().ended()
    run.release()
}
