import Glibc

/// Watches the config file for changes with inotify, including editors that replace it.
///
/// It watches the file's directory, not the file: vim, Emacs and most editors
/// write a new file and rename it over the old one, which a watch on the file
/// itself would lose. Changes are debounced: `changed(at:)` arms a deadline, and
/// the loop reloads once `debounce` seconds pass without another change.
final class ConfigWatcher {
    /// How long to wait after the last change before reloading, in seconds.
    static let debounce = 0.2

    /// The inotify descriptor, for the poll set.
    let fileDescriptor: Int32
    let directory: String
    let fileName: String
    /// When to reload, if a change is pending.
    private(set) var reloadDeadline: Double?
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Watches `path`; its directory must exist.
    init(path: String) throws(DaemonError) {
        let slash = path.lastIndex(of: "/")
        directory = slash.map { String(path[..<$0]) } ?? "."
        fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .system("inotify_init1", errno) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        guard inotify_add_watch(fd, directory.isEmpty ? "/" : directory, mask) >= 0 else {
            let code = errno
            close(fd)
            throw .system("inotify_add_watch \(directory)", code)
        }
        fileDescriptor = fd
    }

    deinit {
        close(fileDescriptor)
    }

    /// Reads the pending inotify events; if one concerns the config file, arms the reload deadline.
    func readEvents(now: Double) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (nameLength, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + Int(event.len), count)].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                if name == fileName { reloadDeadline = now + Self.debounce }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }

    /// Whether the debounced reload is due; clears the deadline when it is.
    func takeDueReload(now: Double) -> Bool {
        guard let deadline = reloadDeadline, deadline <= now else { return false }
        reloadDeadline = nil
        return true
    }
}
