import GestureConfig
import YAMLReader

/// What the settings app reads from the command-line tools it runs: the gesture `gesturebridge
/// try --bind` names ("Perform it") and the app `gesturebridge pick` names ("Pick the app").
/// Both print YAML, which is read as such, not scraped.
public enum ToolOutput {
    /// A gesture `try --bind` printed as a binding.
    public struct Performed: Equatable, Sendable {
        public init(kind: BindingForm.Kind, fingers: Int, direction: String? = nil) {
            self.kind = kind
            self.fingers = fingers
            self.direction = direction
        }

        public var kind: BindingForm.Kind
        public var fingers: Int
        public var direction: String?
    }

    /// The gesture of one of `try --bind`'s lines (`  - swipe: { fingers: 3, direction: left }`),
    /// or nil for its other lines.
    public static func performed(line: String) -> Performed? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("- ") else { return nil }
        guard let root = try? YAML.compose(String(trimmed.dropFirst(2))).root, let pair = root.mapping?.first,
            let kind = pair.key.scalar.flatMap({ BindingForm.Kind(rawValue: $0.string) })
        else { return nil }
        let value = { (key: String) in pair.value.mapping?.first { $0.key.scalar?.string == key }?.value.scalar?.string
        }
        guard let fingers = value("fingers").flatMap(Int.init) else { return nil }
        return Performed(kind: kind, fingers: fingers, direction: value("direction"))
    }

    /// The figures `try --bind` measured, from the comment above the binding it printed
    /// (`  # a 2-finger pinch, spread out to ×1.80; paste under …`): "spread out to ×1.80", or nil
    /// for its other lines and for gestures it gives no figure for.
    public static func measured(line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("# a "), let end = trimmed.firstIndex(of: ";") else { return nil }
        let words = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<end]
        guard let comma = words.firstIndex(of: ",") else { return nil }
        let figures = words[words.index(after: comma)...].drop { $0 == " " }
        return figures.isEmpty ? nil : String(figures)
    }

    /// The app key `pick` printed: the first key of its YAML, or nil (no `WM_CLASS`, or cancelled).
    public static func pickedApp(_ text: String) -> String? {
        guard let root = try? YAML.compose(text).root else { return nil }
        return root.mapping?.first?.key.scalar?.string
    }
}
