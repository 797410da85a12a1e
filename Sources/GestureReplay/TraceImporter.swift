import GestureEngine

/// Reads any input `gesturebridge replay` takes, a JSON Lines trace or a real device recording, as a `Trace`.
///
/// Recordings (evemu, `libinput record`, `getevent`) are decoded into touches
/// (`ContactTracker`) and mapped onto the screen (`ScreenMapping`); the result is
/// an ordinary trace, so replaying one needs nothing special:
/// - the header has the screen of `Options.screen`, with the dpi that keeps
///   points physical when the device states its resolution;
/// - `t` counts seconds from the recording's first frame (`SYN_REPORT`), whether
///   its timestamps are epoch or zero-based; each frame's changes share one `t`;
/// - touch ids are 1, 2, 3… in landing order, a lift and new landing in the same
///   slot being a new id; contacts still down at the end are cancelled at the
///   last frame's time;
/// - each event's `line` is the recording line of the frame's `SYN_REPORT`.
public enum TraceImporter {
    /// How a recording is put on a screen.
    public struct Options: Sendable {
        /// The screen to map the touchscreen onto (nil: 1920x1080 at 96 dpi); its dpi is used when
        /// the device has no resolution.
        public var screen: Trace.Screen?
        /// A separate device description (an evemu `.desc` or a `libinput record`), which takes
        /// the place of any description in the recording.
        public var deviceDescription: DescriptionFile?

        public init(screen: Trace.Screen? = nil, deviceDescription: DescriptionFile? = nil) {
            self.screen = screen
            self.deviceDescription = deviceDescription
        }
    }

    /// A device description's text and its name for messages.
    public struct DescriptionFile: Sendable {
        public var text: String
        public var file: String

        public init(text: String, file: String) {
            self.text = text
            self.file = file
        }
    }

    /// Reads `text`, the contents of `file`, in whichever format it is.
    ///
    /// A JSON Lines trace, whose header line gives its screen, takes neither a
    /// screen nor a device description.
    public static func read(
        _ text: String, file: String,
        options: Options = Options()
    ) throws(TraceInputError) -> Trace {
        let detected = TraceFormat.detect(text)
        guard let format = detected.format else {
            throw .recording(
                RecordingError(
                    file: file, line: detected.line,
                    reason: .unrecognizedFormat(found: RecordingError.show(detected.found))))
        }
        guard format != .jsonLines else {
            if options.screen != nil { throw .optionNeedsRecording(option: "--screen", file: file) }
            if options.deviceDescription != nil {
                throw .optionNeedsRecording(option: "--device-description", file: file)
            }
            do { return try TraceReader.read(text, file: file) } catch { throw .trace(error) }
        }
        do { return try importRecording(text, file: file, format: format, options: options) } catch {
            throw .recording(error)
        }
    }

    /// Imports a device recording of a known format (not `.jsonLines`).
    public static func importRecording(
        _ text: String, file: String, format: TraceFormat,
        options: Options = Options()
    ) throws(RecordingError) -> Trace {
        var description = try options.deviceDescription.map { file throws(RecordingError) in
            try readDescription(file.text, file: file.file)
        }
        let events: [EvdevEvent]
        switch format {
        case .jsonLines:
            preconditionFailure("importRecording is for device recordings; read JSON Lines with TraceReader")
        case .evemu:
            let recording = try EvemuReader.read(text, file: file)
            description = description ?? recording.description
            if description == nil, let first = recording.events.first {
                throw RecordingError(file: file, line: first.line, reason: .missingDescription)
            }
            events = recording.events
        case .libinputRecord:
            let recording = try LibinputRecordReader.read(text, file: file)
            description = description ?? recording.description
            events = recording.events
        case .getevent:
            events = try GeteventReader.read(text, file: file)
        }
        let tracker = try ContactTracker.decode(events, file: file)
        let screen = options.screen ?? Trace.Screen()
        let mapping: ScreenMapping
        if let description {
            mapping = ScreenMapping(
                x: try description.positionAxis(EvdevCode.positionX),
                y: try description.positionAxis(EvdevCode.positionY), screen: screen)
        } else {
            mapping = ScreenMapping(observed: tracker.contacts, screen: screen)
        }
        let start = tracker.firstFrameTime ?? 0
        var trace = Trace(header: Trace.Header(screen: mapping.screen))
        trace.events.reserveCapacity(tracker.contacts.count)
        for contact in tracker.contacts {
            let (x, y) = mapping.pixels(x: contact.x, y: contact.y)
            trace.events.append(
                Trace.Event(
                    line: contact.line, time: Double(contact.time - start) / 1_000_000,
                    input: .touch(
                        TouchSample(id: TouchID(contact.id), phase: contact.phase, location: Point(x: x, y: y)))))
        }
        return trace
    }

    /// Reads a device description given on its own: an evemu description or a `libinput record`.
    static func readDescription(_ text: String, file: String) throws(RecordingError) -> DeviceDescription {
        let detected = TraceFormat.detect(text)
        switch detected.format {
        case .evemu:
            if let description = try EvemuReader.read(text, file: file).description { return description }
        case .libinputRecord:
            return try LibinputRecordReader.read(text, file: file).description
        case .jsonLines, .getevent, nil:
            break
        }
        throw RecordingError(
            file: file, line: detected.line,
            reason: .malformedLine(
                expected: "a device description: an evemu .desc (N:, I:, A: lines) or a libinput record",
                found: RecordingError.show(detected.found)))
    }
}

/// Why an input could not be read: a malformed trace, a malformed recording, or an option that does not apply.
public enum TraceInputError: Error, Sendable, Hashable, CustomStringConvertible {
    case trace(TraceError)
    case recording(RecordingError)
    /// A recording-only option (`--screen`, `--device-description`) given with a JSON Lines trace.
    case optionNeedsRecording(option: String, file: String)

    /// The file the problem is in.
    public var file: String {
        switch self {
        case .trace(let error): error.file
        case .recording(let error): error.file
        case .optionNeedsRecording(_, let file): file
        }
    }

    /// The line the problem is on; nil for an option.
    public var line: Int? {
        switch self {
        case .trace(let error): error.line
        case .recording(let error): error.line
        case .optionNeedsRecording: nil
        }
    }

    public var description: String {
        switch self {
        case .trace(let error): error.description
        case .recording(let error): error.description
        case let .optionNeedsRecording(option, file):
            "\(file): \(option) applies to device recordings; a JSON Lines trace gives its screen in its header line"
        }
    }
}
