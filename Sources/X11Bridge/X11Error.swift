/// What went wrong talking to the X server: environment problems a user can fix.
public enum X11Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// `XOpenDisplay` failed: no server at that display, or no permission.
    case cannotOpenDisplay(String)
    /// The server lacks an extension, or has too old a version of it.
    case missingExtension(String, required: String)
    /// A request the server refused, named with the call that made it.
    case requestFailed(String)
    /// The connection to the server was lost.
    case connectionLost

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name) where name.isEmpty:
            return "no X display: DISPLAY is not set; run it in a terminal of the X11 session, or pass --display :0"
        case .cannotOpenDisplay(let name):
            return "cannot open display '\(name)': is an X server running there, and is DISPLAY right?"
        case let .missingExtension(name, required):
            return "the X server lacks \(name) \(required) or newer"
        case .requestFailed(let call):
            return "the X server refused \(call)"
        case .connectionLost:
            return "lost the connection to the X server"
        }
    }
}
