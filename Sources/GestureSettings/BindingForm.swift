import GestureConfig
import GestureEngine
import Glibc
import YAMLReader

/// One binding as the settings app's editor shows it: ordinary fields for the gesture, the
/// action and the options, read from the file's text and written back as the changes
/// `ConfigDocument` makes in place. Only what changed is written: a field left alone leaves its
/// text alone, however the file writes it.
public struct BindingForm: Equatable, Sendable {
    /// The recognizers the editor offers (a stroke of one shape; one of several is kept as written).
    public enum Kind: String, CaseIterable, Sendable {
        case tap, longPress = "long-press", swipe, pan, pinch, rotate, stroke

        /// Whether it takes a direction.
        public var hasDirection: Bool { self == .swipe || self == .pan }
        /// The fewest fingers it takes.
        public var fewestFingers: Int { self == .pinch || self == .rotate ? 2 : 1 }
    }

    /// What the binding does, as the editor offers it.
    public enum ActionKind: String, CaseIterable, Sendable {
        case keys, desktop, window, click, scroll, command
        /// The file's own `do:` (several actions, steps, a hold): shown, kept as written.
        case asWritten = "as written"
    }

    public static let directions = ["left", "right", "up", "down"]
    public static let desktopActions = ["next", "previous", "show", "1", "2", "3", "4"]
    public static let windowActions = [
        "maximize", "minimize", "close", "fullscreen", "raise", "lower", "move-to-desktop next",
        "move-to-desktop previous"
    ]
    public static let buttons = ["left", "middle", "right", "back", "forward"]
    public static let scrollDirections = ["up", "down", "left", "right"]
    public static let phases = ["", "begin", "end"]

    public var group: ConfigDocument.Group
    public var name: String
    /// Nil when the recognizer is one the editor does not offer (a stroke of several shapes):
    /// kept as written.
    public var kind: Kind?
    public var fingers: Int
    /// A stroke's shape, built in or your own ("" for the other kinds).
    public var shape: String
    /// For a swipe or a pan; nil for the others, and for a swipe of several directions.
    public var direction: String?
    public var actionKind: ActionKind
    /// The chord, the desktop or window word, the button, the scroll direction or the command line.
    public var actionValue: String
    /// `feedback:`: nil leaves it to the settings.
    public var feedback: Bool?
    /// `on:` ("" for the default).
    public var phase: String
    /// `repeat:` (a swipe's or long press's interval, such as 0.5s; "" for none).
    public var repeatEvery: String
    /// `when:`, `after:` and `with:` as YAML text ("" for none).
    public var when: String
    public var after: String
    public var with: String
    public var enabled: Bool

    /// A new binding for `group`: a 3-finger swipe left that presses nothing yet.
    public init(newIn group: ConfigDocument.Group) {
        self.group = group
        name = ""
        kind = .swipe
        fingers = 3
        direction = "left"
        shape = ""
        actionKind = .keys
        actionValue = ""
        feedback = nil
        phase = ""
        repeatEvery = ""
        when = ""
        after = ""
        with = ""
        enabled = true
    }

    /// The binding `entry` of `document`, as its text says.
    public init(_ entry: ConfigDocument.Entry, in document: ConfigDocument) {
        self.init(newIn: entry.group)
        let keys = document.keys(of: entry)
        func text(_ key: String) -> String? { keys.first { $0.key == key }?.text }
        name = entry.name ?? ""
        kind = keys.lazy.compactMap { Kind(rawValue: $0.key) }.first
        if let kind {
            fingers = document.scalar([kind.rawValue, "fingers"], in: entry).flatMap(Int.init) ?? kind.fewestFingers
            direction = kind.hasDirection ? document.scalar([kind.rawValue, "direction"], in: entry) : nil
        }
        if kind == .stroke {
            // One shape; a list of them is kept as the file writes it.
            shape = document.scalar(["stroke", "shape"], in: entry) ?? ""
            if shape.isEmpty { kind = nil }
        }
        (actionKind, actionValue) = Self.action(document, entry, written: text("do"))
        feedback = document.scalar(["feedback"], in: entry).map { ["on", "true", "yes"].contains($0) }
        phase = document.scalar(["on"], in: entry) ?? ""
        repeatEvery = text("repeat") ?? ""
        when = text("when") ?? ""
        after = text("after") ?? ""
        with = text("with") ?? ""
        enabled = document.scalar(["enabled"], in: entry).map { !["false", "no", "off"].contains($0) } ?? true
    }

    /// A `do:` of one action the editor offers, or `.asWritten`.
    private static func action(_ document: ConfigDocument, _ entry: ConfigDocument.Entry, written: String?)
        -> (ActionKind, String)
    {
        guard let written else { return (.asWritten, "") }
        for kind in ActionKind.allCases where kind != .asWritten {
            if let value = document.scalar(["do", kind.rawValue], in: entry),
                document.keys(of: entry).first(where: { $0.key == "do" }).map({ !$0.text.hasPrefix("[") }) ?? false
            {
                return (kind, value)
            }
        }
        return (.asWritten, written)
    }

    /// The recognizer's value: fingers, the direction for a swipe or a pan, the shape for a stroke.
    var recognizerValue: ConfigValue {
        var entries = [ConfigValue.Entry("fingers", .scalar(String(fingers)))]
        if kind == .stroke { entries.insert(.init("shape", .scalar(shape)), at: 0) }
        if let kind, kind.hasDirection, let direction, !direction.isEmpty {
            entries.append(.init("direction", .scalar(direction)))
        }
        return .mapping(entries)
    }

    var actionEntry: ConfigValue? {
        switch actionKind {
        case .asWritten: nil
        default: .mapping([.init(actionKind.rawValue, .scalar(actionValue))])
        }
    }

    /// Every key of a new binding, in the order the shipped config writes them.
    public var keys: [ConfigValue.Entry] {
        var keys: [ConfigValue.Entry] = []
        if !name.isEmpty { keys.append(.init("name", .scalar(name))) }
        if let kind { keys.append(.init(kind.rawValue, recognizerValue)) }
        if !phase.isEmpty { keys.append(.init("on", .scalar(phase))) }
        if !repeatEvery.isEmpty { keys.append(.init("repeat", .raw(repeatEvery))) }
        if !after.isEmpty { keys.append(.init("after", .raw(after))) }
        if !with.isEmpty { keys.append(.init("with", .raw(with))) }
        if !when.isEmpty { keys.append(.init("when", .raw(when))) }
        if let feedback { keys.append(.init("feedback", .scalar(feedback ? "on" : "off"))) }
        if !enabled { keys.append(.init("enabled", .scalar("false"))) }
        if let actionEntry { keys.append(.init("do", actionEntry)) }
        return keys
    }

    /// The changes that make `original`'s text say this form.
    public func changes(from original: BindingForm) -> [ConfigDocument.Change] {
        var changes: [ConfigDocument.Change] = []
        if name != original.name { changes.append(.set(["name"], name.isEmpty ? nil : .scalar(name))) }
        if let kind,
            kind != original.kind || fingers != original.fingers || direction != original.direction
                || shape != original.shape
        {
            if let old = original.kind, old != kind {
                changes.append(.replaceKey(old.rawValue, with: .init(kind.rawValue, recognizerValue)))
            } else if kind == original.kind {
                if fingers != original.fingers {
                    changes.append(.set([kind.rawValue, "fingers"], .scalar(String(fingers))))
                }
                if direction != original.direction {
                    changes.append(.set([kind.rawValue, "direction"], direction.map { .scalar($0) }))
                }
                if shape != original.shape { changes.append(.set(["stroke", "shape"], .scalar(shape))) }
            }
        }
        if (actionKind, actionValue) != (original.actionKind, original.actionValue), let actionEntry {
            changes.append(.set(["do"], actionEntry))
        }
        if phase != original.phase { changes.append(.set(["on"], phase.isEmpty ? nil : .scalar(phase))) }
        for (key, value, old) in [
            ("repeat", repeatEvery, original.repeatEvery), ("when", when, original.when),
            ("after", after, original.after), ("with", with, original.with)
        ]
        where value != old {
            changes.append(.set([key], value.isEmpty ? nil : .raw(value)))
        }
        if feedback != original.feedback {
            changes.append(.set(["feedback"], feedback.map { .scalar($0 ? "on" : "off") }))
        }
        if enabled != original.enabled { changes.append(.set(["enabled"], enabled ? nil : .scalar("false"))) }
        return changes
    }

    /// The document with this form saved: a new binding appended to its group, or the changes
    /// from `original` made to `entry` (moved to another group when its group changed).
    public func save(into document: ConfigDocument, replacing entry: ConfigDocument.Entry?, original: BindingForm?)
        throws(ConfigDocument.EditError) -> ConfigDocument
    {
        guard let entry, let original else { return try document.appending(keys, to: group) }
        if group != original.group {
            // The text of the moved binding is written anew from the form: keys it does not show are kept.
            var keys = self.keys
            let shown = Set(keys.map(\.key))
            for (key, text) in document.keys(of: entry) where !shown.contains(key) && key != "enabled" {
                keys.append(.init(key, .raw(text)))
            }
            return try document.moving(entry, to: group, as: keys)
        }
        return try document.applying(changes(from: original), to: entry)
    }

    /// The `when:` conditions as the editor's controls show them: the window's state, a text its
    /// title contains, a quiet time, and any others as written, in the file's order.
    public struct Conditions: Equatable, Sendable {
        /// Each condition's key and its plain value, in order.
        public var pairs: [(key: String, value: String)]

        public static let states = ["fullscreen", "maximized", "normal"]

        /// A condition's value ("" when it is not given).
        public subscript(key: String) -> String {
            get { pairs.first { $0.key == key }?.value ?? "" }
            set {
                if let index = pairs.firstIndex(where: { $0.key == key }) {
                    if newValue.isEmpty { pairs.remove(at: index) } else { pairs[index].value = newValue }
                } else if !newValue.isEmpty {
                    pairs.append((key, newValue))
                }
            }
        }

        /// The conditions of a `when:` text ("" is none), or nil when the editor's controls cannot
        /// show them: a value that is a list, or text that is no mapping.
        public init?(_ text: String) {
            pairs = []
            guard !text.allSatisfy({ $0 == " " }) else { return }
            guard let root = try? YAML.compose(text).root, let mapping = root.mapping else { return nil }
            for pair in mapping {
                guard let key = pair.key.scalar?.string, let value = pair.value.scalar?.string else { return nil }
                pairs.append((key, value))
            }
        }

        /// As a `when:` value: `{ state: fullscreen, title: Video }`, or "" for none.
        public var text: String {
            pairs.isEmpty ? "" : ConfigValue.mapping(pairs.map { .init($0.key, .scalar($0.value)) }).description
        }

        public static func == (a: Conditions, b: Conditions) -> Bool {
            a.pairs.map(\.key) == b.pairs.map(\.key) && a.pairs.map(\.value) == b.pairs.map(\.value)
        }
    }

    /// The one binding's name an `after:` or `with:` text gives (`[name]` or `name`), or "" for
    /// none or several: the editor's pickers show one name, the row under them any list.
    public static func partner(in text: String) -> String {
        var name = Substring(text).drop { $0 == " " }
        while name.last == " " { name = name.dropLast() }
        if name.first == "[", name.last == "]" { name = name.dropFirst().dropLast() }
        let trimmed = name.split(separator: " ").joined(separator: " ")
        return trimmed.contains(",") || trimmed.contains("[") ? "" : trimmed
    }

    /// The shapes a stroke may be bound to: yours (`strokes/NAME.yaml` in `folder`, sorted),
    /// then the built-in ones, a name of yours that a built-in has left out.
    public static func shapes(ownIn folder: String?) -> [String] {
        var own: [String] = []
        if let folder, let directory = opendir(folder) {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let file = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard file.hasSuffix(".yaml") else { continue }
                let name = String(file.dropLast(5))
                if StrokeTemplateFile.isValidName(name), !StrokeShapes.isBuiltIn(name) { own.append(name) }
            }
        }
        return own.sorted() + StrokeShapes.names
    }
}
