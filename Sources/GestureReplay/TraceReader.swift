import GestureEngine
import GestureRuntime
import JSON

/// Reads the JSON Lines trace format of the replay contract into a `Trace`.
///
/// The header is the first non-blank line when it has `screen` or `windows` and
/// no `t`; it alone may span several lines, as the contract's example writes it.
/// Every other non-blank line is one event object. Unknown fields are ignored,
/// because the format is extended and never renamed. The first problem found
/// ends reading with a `TraceError` naming its line, so nothing is ever replayed
/// from a trace that does not read.
public enum TraceReader {
    /// Parses `text`, the contents of the trace `file` (used only in error messages).
    public static func read(_ text: String, file: String) throws(TraceError) -> Trace {
        var reading = Reading(text: text, file: file)
        return try reading.readAll()
    }
}

/// The state of one read: the text split into lines and what the events so far left open.
private struct Reading {
    let bytes: [UInt8]
    let file: String
    /// The byte offset where each line starts; line `n` (1-based) starts at `lineStarts[n - 1]`.
    let lineStarts: [Int]

    var trace = Trace()
    var lastTime: Double?
    /// The touches that are down, with the line each went down on.
    var touchesDown: [UInt32: Int] = [:]
    /// The touchpad gesture in progress, if any.
    var padGesture: (kind: PadEvent.Kind, fingers: Int, line: Int)?

    init(text: String, file: String) {
        bytes = Array(text.utf8)
        self.file = file
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    mutating func readAll() throws(TraceError) -> Trace {
        var line = 1
        var isFirst = true
        while line <= lineStarts.count {
            let range = lineRange(line)
            if isBlank(range) {
                line += 1
                continue
            }
            if isFirst {
                isFirst = false
                line = try readFirstValue(startingOn: line) + 1
                continue
            }
            var parser = JSONParser(bytes: bytes, start: range.lowerBound, end: range.upperBound)
            let value = try parse(&parser)
            try event(from: value, line: line)
            line += 1
        }
        return trace
    }

    /// Reads the first value, which may be a header spanning lines; returns the line it ends on.
    private mutating func readFirstValue(startingOn line: Int) throws(TraceError) -> Int {
        var parser = JSONParser(bytes: bytes, start: lineStarts[line - 1], end: bytes.count)
        let value: JSONValue
        do {
            value = try parser.parseValue()
        } catch {
            // A header that never closes would otherwise be reported on the last line of the file.
            if let expected = error.expectedAtEnd {
                throw TraceError(
                    file: file, line: line,
                    reason: .invalidJSON(
                        "the file ends where \(expected) should be; the value that begins on this line is not closed"))
            }
            throw jsonError(error)
        }
        let lastLine = self.line(containing: parser.position - 1)
        // Only whitespace may follow the value on its last line.
        var rest = JSONParser(bytes: bytes, start: parser.position, end: lineRange(lastLine).upperBound)
        rest.skipWhitespace()
        guard rest.isAtEnd else {
            throw jsonError(JSONParseError(offset: rest.position, message: "unexpected text after the object"))
        }
        guard case .object(let members) = value else {
            throw TraceError(file: file, line: line, reason: .notAnObject(found: TraceObject.show(value)))
        }
        let object = try TraceObject(members: members, path: "", file: file, line: line)
        if isHeader(object) {
            trace.header = try header(from: object)
        } else if lastLine != line {
            throw object.error(.eventSpansLines(lastLine: lastLine))
        } else {
            try event(from: object)
        }
        return lastLine
    }

    /// Parses one whole line as a JSON value.
    private func parse(_ parser: inout JSONParser) throws(TraceError) -> JSONValue {
        do throws(JSONParseError) {
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.isAtEnd else {
                throw JSONParseError(offset: parser.position, message: "unexpected text after the object")
            }
            return value
        } catch {
            throw jsonError(error)
        }
    }

    private mutating func event(from value: JSONValue, line: Int) throws(TraceError) {
        guard case .object(let members) = value else {
            throw TraceError(file: file, line: line, reason: .notAnObject(found: TraceObject.show(value)))
        }
        let object = try TraceObject(members: members, path: "", file: file, line: line)
        if isHeader(object) { throw object.error(.headerNotFirst) }
        try event(from: object)
    }

    /// The contract's rule: a header has `screen` or `windows`, and no `t`.
    private func isHeader(_ object: TraceObject) -> Bool {
        (object.has("screen") || object.has("windows")) && !object.has("t")
    }

    private mutating func header(from object: TraceObject) throws(TraceError) -> Trace.Header {
        var header = Trace.Header()
        if let screen = try object.optionalObject("screen") {
            header.screen = Trace.Screen(
                width: try screen.number("width", .positive),
                height: try screen.number("height", .positive),
                dpi: try screen.optionalNumber("dpi", .positive) ?? Trace.Screen.referenceDPI)
        }
        var ids = Set<UInt32>()
        for window in try object.optionalObjects("windows") ?? [] {
            let id = UInt32(try window.integer("id", in: 0...Int(UInt32.max)))
            guard ids.insert(id).inserted else { throw object.error(.duplicateWindow(id: id)) }
            let states = try window.optionalWords("state", among: [("fullscreen", 0), ("maximized", 1)]) ?? []
            header.windows.append(
                Trace.Window(
                    id: id,
                    className: try window.optionalString("class") ?? "",
                    instance: try window.optionalString("instance") ?? "",
                    title: try window.optionalString("title") ?? "",
                    x: try window.number("x"),
                    y: try window.number("y"),
                    width: try window.number("width", .nonNegative),
                    height: try window.number("height", .nonNegative),
                    isFullscreen: states.contains(0), isMaximized: states.contains(1)))
        }
        if let active = try object.optionalInteger("active", in: 0...Int(UInt32.max)) {
            guard ids.contains(UInt32(active)) else { throw object.error(.unknownActiveWindow(id: UInt32(active))) }
            header.activeWindow = UInt32(active)
        }
        return header
    }

    private mutating func event(from object: TraceObject) throws(TraceError) {
        let time = try object.number("t", .nonNegative)
        // The windows changed (a recording's extension): the scene from here, and a clock line as before.
        if object.has("windows"), !object.has("touch"), !object.has("pad") {
            let scene = try header(from: object)
            try checkTime(time, of: object)
            trace.recorded.append(Trace.Recorded(line: object.line, time: time, what: .scene(scene)))
        }
        if let recorded = try recorded(from: object, time: time) {
            try checkTime(time, of: object)
            trace.recorded.append(recorded)
            return
        }
        let input: Trace.Input
        switch (object.has("touch"), object.has("pad")) {
        case (true, true):
            throw object.error(.touchAndPad)
        case (true, false):
            input = .touch(try touch(from: object))
        case (false, true):
            input = .pad(try pad(from: object))
        case (false, false):
            let inputFields = ["phase", "x", "y", "fingers", "dx", "dy", "scale", "angle"]
            if let field = inputFields.first(where: object.has) {
                throw object.error(.inputWithoutSource(field: field))
            }
            input = .clock
        }
        try checkTime(time, of: object)
        try track(input, line: object.line)
        trace.events.append(Trace.Event(line: object.line, time: time, input: input))
    }

    /// Times never decrease, over input and recorded lines alike.
    private mutating func checkTime(_ time: Double, of object: TraceObject) throws(TraceError) {
        if let lastTime, time < lastTime {
            throw object.error(
                .timeDecreased(
                    previous: TraceObject.show(.number(lastTime)),
                    found: TraceObject.show(.number(time))))
        }
        lastTime = time
    }

    /// A `delivery` line (with `touch` and no `phase`) or an `action` line (with `gesture`): what
    /// the daemon did while recording; nil for an input line.
    private func recorded(from object: TraceObject, time: Double) throws(TraceError) -> Trace.Recorded? {
        if object.has("delivery"), !object.has("phase") {
            let id = TouchID(UInt32(try object.integer("touch", in: 0...Int(UInt32.max))))
            let delivery = try object.word(
                "delivery", among: [("accepted", Delivery.accepted), ("rejected", .rejected)])
            return Trace.Recorded(line: object.line, time: time, what: .delivery(id, delivery))
        }
        if object.has("handed-over"), !object.has("phase") {
            let id = TouchID(UInt32(try object.integer("touch", in: 0...Int(UInt32.max))))
            guard try object.boolean("handed-over") else { return nil }
            return Trace.Recorded(line: object.line, time: time, what: .handedOver(id))
        }
        if object.has("answer"), !object.has("touch"), !object.has("pad") {
            let value = try object.boolean("value")
            let answer: DesktopAnswer =
                switch try object.word("answer", among: [("focus", 0), ("keyboard-grabbed", 1)]) {
                case 0: .focus(window: UInt64(try object.integer("window", in: 0...Int(UInt32.max))), value)
                default: .keyboardGrabbed(value)
                }
            return Trace.Recorded(line: object.line, time: time, what: .answer(answer))
        }
        if object.has("action"), !object.has("touch"), !object.has("pad") {
            guard let action = object.value("action") else { return nil }
            return Trace.Recorded(
                line: object.line, time: time,
                what: .action(
                    gesture: try object.optionalString("gesture") ?? "",
                    parameters: action.serialized(decimals: 6),
                    outcome: try object.optionalString("outcome")))
        }
        return nil
    }

    private func touch(from object: TraceObject) throws(TraceError) -> TouchSample {
        TouchSample(
            id: TouchID(UInt32(try object.integer("touch", in: 0...Int(UInt32.max)))),
            phase: try object.word("phase", among: TraceWords.touchPhases),
            location: Point(x: try object.number("x", .nonNegative), y: try object.number("y", .nonNegative)))
    }

    /// The most fingers a touchpad gesture may report: two hands.
    static let maximumPadFingers = 10

    private func pad(from object: TraceObject) throws(TraceError) -> PadEvent {
        let kind = try object.word("pad", among: TraceWords.padKinds)
        let phase = try object.word("phase", among: TraceWords.padPhases)
        let fingers = try object.integer("fingers", in: 1...Reading.maximumPadFingers)
        let dx = try object.number("dx")
        let dy = try object.number("dy")
        // The pointer (an extension): both coordinates or neither.
        var pointer: Point?
        if object.has("x") || object.has("y") {
            pointer = Point(x: try object.number("x", .nonNegative), y: try object.number("y", .nonNegative))
        }
        switch kind {
        case .swipe:
            return PadEvent(kind: kind, phase: phase, fingers: fingers, dx: dx, dy: dy, pointer: pointer)
        case .pinch:
            return PadEvent(
                kind: kind, phase: phase, fingers: fingers, dx: dx, dy: dy,
                scale: try object.number("scale", .positive), angle: try object.number("angle"),
                pointer: pointer)
        }
    }

    /// Checks an event against the touches and touchpad gesture in progress, and updates them.
    private mutating func track(_ input: Trace.Input, line: Int) throws(TraceError) {
        let file = self.file
        let error = { (reason: TraceProblem) in TraceError(file: file, line: line, reason: reason) }
        switch input {
        case .clock:
            break
        case .touch(let touch):
            let id = touch.id.rawValue
            switch touch.phase {
            case .began:
                if let since = touchesDown[id] { throw error(.touchAlreadyDown(touch: id, sinceLine: since)) }
                touchesDown[id] = line
            case .moved, .stationary, .ended, .cancelled:
                guard touchesDown[id] != nil else { throw error(.touchNotDown(touch: id, phase: touch.phase)) }
                if touch.phase.isFinished { touchesDown[id] = nil }
            }
        case .pad(let pad):
            switch pad.phase {
            case .began:
                if let current = padGesture {
                    throw error(.padGestureInProgress(kind: current.kind, sinceLine: current.line))
                }
                padGesture = (pad.kind, pad.fingers, line)
            case .updated, .ended, .cancelled:
                guard let current = padGesture else {
                    throw error(.padGestureNotBegun(kind: pad.kind, phase: pad.phase))
                }
                guard current.kind == pad.kind else {
                    throw error(.padGestureInProgress(kind: current.kind, sinceLine: current.line))
                }
                guard current.fingers == pad.fingers else {
                    throw error(.fingersChanged(kind: pad.kind, from: current.fingers, to: pad.fingers))
                }
                if pad.phase == .ended || pad.phase == .cancelled { padGesture = nil }
            }
        }
    }

    // MARK: Lines

    /// The byte range of a 1-based line, without its line feed.
    private func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return start..<end
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// The 1-based line that holds the byte at `offset` (the last line for the end of the text).
    private func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// A parse error as a trace error on the line where the parser stopped, with the column.
    private func jsonError(_ error: JSONParseError) -> TraceError {
        let offset = min(error.offset, bytes.count)
        let line = self.line(containing: offset)
        // Columns count characters (Unicode scalars), not bytes: skip UTF-8 continuation bytes.
        let column = bytes[lineStarts[line - 1]..<offset].count { $0 & 0xC0 != 0x80 } + 1
        let message = error.expectedAtEnd.map { "the line ends where \($0) should be" } ?? error.message
        return TraceError(file: file, line: line, reason: .invalidJSON("\(message) (column \(column))"))
    }
}
