import GestureConfig
import GestureEngine

/// What the settings app shows of a config: its bindings grouped as the file groups them (the
/// screen, each edge, each app, the regions in it), each as a row that says what the gesture
/// is, what it does and when, in the file's own words. The GTK window draws this; tests read
/// it without a display.
public struct SettingsPage: Sendable {
    /// One group of the file, in file order.
    public struct Section: Sendable, Equatable {
        public var group: ConfigDocument.Group
        public var title: String
        public var rows: [Row]
    }

    /// One binding.
    public struct Row: Sendable, Equatable {
        public var entry: ConfigDocument.Entry
        /// Its name, or where it is when it has none ("gesture 2").
        public var title: String
        /// The recognizer as written: "swipe { fingers: 3, direction: left }".
        public var gesture: String
        /// What it does as written: "desktop: next", the steps, or the held chord.
        public var action: String
        /// Its conditions and options as written (`when:`, `on:`, `repeat:`, `after:`, `with:`,
        /// `device:`), or nil.
        public var conditions: String?
        /// What the row's picture draws.
        public var picture: Picture
        /// Whether it is on (`enabled:` is not false).
        public var isEnabled: Bool
        /// Why it is shown but not editable here, or nil.
        public var readOnlyReason: String? { entry.readOnlyReason }

        /// The line under the title.
        public var subtitle: String {
            ([gesture + " → " + action] + [conditions].compactMap { $0 }).joined(separator: " · ")
        }
    }

    /// What a binding's small picture shows: its recognizer, fingers and direction (or shape).
    public struct Picture: Sendable, Equatable {
        public var kind: String
        public var fingers: Int
        /// A swipe's or pan's direction, a stroke's shape; nil for the others.
        public var detail: String?

        public init(kind: String, fingers: Int, detail: String? = nil) {
            self.kind = kind
            self.fingers = fingers
            self.detail = detail
        }
    }

    public var sections: [Section]

    /// The keys that say when or how a binding acts, shown after what it does.
    static let conditionKeys = [
        "on", "when", "repeat", "after", "with", "device", "target", "not-prevented-by",
        "does-not-prevent", "cancels-touches", "feedback"
    ]

    public init(document: ConfigDocument) {
        var sections: [Section] = []
        for entry in document.entries {
            var row = Self.row(entry, keys: document.keys(of: entry))
            row.picture = Self.picture(entry, document: document)
            if let index = sections.firstIndex(where: { $0.group == entry.group }) {
                sections[index].rows.append(row)
            } else {
                sections.append(Section(group: entry.group, title: Self.title(of: entry.group), rows: [row]))
            }
        }
        self.sections = sections
    }

    /// A group's title, as the list and the editor show it.
    public static func title(of group: ConfigDocument.Group) -> String {
        switch group {
        case .screen: "Anywhere on the screen"
        case .edge(let edge): "From the \(edge) edge"
        case .app(let key): "In " + key
        case .region(let app, let name): "In \(app): \(name)"
        }
    }

    static func picture(_ entry: ConfigDocument.Entry, document: ConfigDocument) -> Picture {
        let recognizers = GestureKind.builtIn.map(\.description)
        guard let kind = document.keys(of: entry).first(where: { recognizers.contains($0.key) })?.key else {
            return Picture(kind: "none", fingers: 0)
        }
        let fewest = kind == "pinch" || kind == "rotate" ? 2 : 1
        let fingers = document.scalar([kind, "fingers"], in: entry).flatMap(Int.init) ?? fewest
        let detail = document.scalar([kind, kind == "stroke" ? "shape" : "direction"], in: entry)
        return Picture(kind: kind, fingers: fingers, detail: detail)
    }

    static func row(_ entry: ConfigDocument.Entry, keys: [(key: String, text: String)]) -> Row {
        let recognizers = Set(GestureKind.builtIn.map(\.description))
        let gesture = keys.first { recognizers.contains($0.key) }.map { "\($0.key) \($0.text)" } ?? "no gesture"
        let action =
            keys.first { $0.key == "do" }?.text ?? keys.first { $0.key == "steps" }.map { "steps \($0.text)" }
            ?? keys.first { $0.key == "hold" }.map { "hold \($0.text)" } ?? "nothing"
        let conditions = keys.filter { conditionKeys.contains($0.key) }.map { "\($0.key): \($0.text)" }
        let enabled = keys.first { $0.key == "enabled" }.map { !["false", "no", "off"].contains($0.text) } ?? true
        return Row(
            entry: entry, title: entry.name ?? "gesture \(entry.index + 1)", gesture: gesture, action: action,
            conditions: conditions.isEmpty ? nil : conditions.joined(separator: ", "),
            picture: Picture(kind: "none", fingers: 0), isEnabled: enabled)
    }
}
