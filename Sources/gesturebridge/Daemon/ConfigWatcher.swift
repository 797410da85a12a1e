import GestureConfig
import Glibc

/// Watches the config file for changes with inotify, including editors that replace it,
/// and the stroke templates in `strokes/` beside it.
///
/// It watches the file's directory, not the file: vim, Emacs and most editors
/// write a new file and rename it over the old one, which a watch on the file
/// itself would lose. The `strokes` folder is watched too, from when it appears: a
/// `.yaml` file changing there (`record --stroke` saving a shape) reloads the config,
/// which reads the templates it names. Changes are debounced: `changed(at:)` arms a deadline, and
/// the loop reloads once `debounce` seconds pass without another change.
final class ConfigWatcher {
    /// How long to wait after the last change before reloading, in seconds.
    static let debounce = 0.2

    /// The inotify descriptor, for the poll set.
    let fileDescriptor: Int32
    let directory: String
    let fileName: String
    /// The watch on the directory, and on its `strokes` folder while there is one.
    private var directoryWatch: Int32 = -1
    private var strokesWatch: Int32?
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
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
        let watch = inotify_add_watch(fd, directory.isEmpty ? "/" : directory, Self.mask)
        guard watch >= 0 else {
            let code = errno
            close(fd)
            throw .system("inotify_add_watch \(directory)", code)
        }
        fileDescriptor = fd
        directoryWatch = watch
        watchStrokes()
    }

    /// Watches the `strokes` folder if it exists (and is not watched yet).
    private func watchStrokes() {
        guard strokesWatch == nil else { return }
        let watch = inotify_add_watch(fileDescriptor, directory + "/" + StrokeTemplateFile.folderName, Self.mask)
        if watch >= 0 { strokesWatch = watch }
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
                let (event, name) = buffer.withUnsafeBytes { raw -> (inotify_event, String) in
                    let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + Int(event.len), count)].prefix { $0 != 0 }
                    return (event, String(decoding: bytes, as: UTF8.self))
                }
                if event.wd == directoryWatch, name == fileName {
                    reloadDeadline = now + Self.debounce
                } else if event.wd == directoryWatch, name == StrokeTemplateFile.folderName {
                    // The folder appeared (or went): templates in it may have come with it.
                    watchStrokes()
                    reloadDeadline = now + Self.debounce
                } else if event.wd == strokesWatch {
                    if event.mask & UInt32(IN_IGNORED) != 0 { strokesWatch = nil }
                    if name.hasSuffix(".yaml") { reloadDeadline = now + Self.debounce }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
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
