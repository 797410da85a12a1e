import JSON

/// The bytes a tool sends the daemon before its stream: one request line, bounded. The
/// daemon feeds whatever `recv(2)` returned; the frame answers once the line is whole, or
/// refuses input that is not a request, so a client can neither grow the daemon's memory nor
/// keep it guessing. Pure (no socket): the control socket's fuzz target drives it too.
package struct RequestFrame: Sendable {
    /// The longest request line; a client that sends more without a line feed is not a gesturebridge tool.
    package static let maximumLength = 256

    /// What the bytes so far come to.
    package enum Outcome: Equatable, Sendable {
        /// No whole line yet: read more.
        case incomplete
        /// The request line, parsed.
        case request(ControlRequest)
        /// Not a request: the notice to send before hanging up.
        case refused(String)
    }

    private var bytes: [UInt8] = []

    package init() {}

    /// Adds what arrived; the outcome once the first line is whole or too long.
    package mutating func feed(_ chunk: some Collection<UInt8>) -> Outcome {
        bytes += chunk.prefix(Self.maximumLength + 1 - min(bytes.count, Self.maximumLength + 1))
        if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            let text = String(decoding: bytes[..<end], as: UTF8.self)
            guard let parsed = ControlRequest(line: text) else {
                return .refused("unknown request \(JSONValue.string(text).serialized()): \(ControlRequest.usage)")
            }
            return .request(parsed)
        }
        if bytes.count > Self.maximumLength {
            return .refused("no request line within \(Self.maximumLength) bytes: \(ControlRequest.usage)")
        }
        return .incomplete
    }
}
