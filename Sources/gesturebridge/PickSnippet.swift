import GestureReplay
import X11Bridge
import JSON

/// The config snippet `gesturebridge pick` prints for a window: valid YAML from its first line to its last.
///
/// What describes the window comes first, as comments; then an entry for the config's `apps:`
/// section (without the `apps:` line, so that it pastes under the one a config has), keyed
/// by the window's class, with one example binding. `pick --add` puts the same entry in the
/// config itself (`PickMerge`). Class, instance and title are foreign
/// text (any program sets them), so each is written as a YAML double-quoted string
/// with every quote, backslash and control character escaped: a title cannot end a
/// comment early or inject keys.
enum PickSnippet {
    /// The snippet for a picked window, or only the comments when it has no `WM_CLASS` to key an app on.
    static func text(for window: PickedWindow) -> String {
        var lines = [
            "# class \(quoted(window.windowClass)), instance \(quoted(window.instance)), title \(quoted(window.title))",
            "# window \(window.id): \(window.width)x\(window.height) at (\(window.x), \(window.y))"
        ]
        guard let key = key(for: window) else {
            lines.append("# this window has no WM_CLASS: per-application bindings cannot name it")
            return lines.joined(separator: "\n") + "\n"
        }
        lines += [
            "# paste under the apps: line of your config (or let 'gesturebridge pick --add' do it);",
            "# the name matches the class or the instance, ignoring case"
        ]
        lines += entry(forKey: key)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The class (else the instance) a picked window's entry is keyed by; nil when it has neither.
    static func key(for window: PickedWindow) -> String? {
        let key = window.windowClass.isEmpty ? window.instance : window.windowClass
        return key.isEmpty ? nil : key
    }

    /// The `apps:` entry for a key, indented by two spaces as under `apps:`.
    static func entry(forKey key: String) -> [String] {
        [
            "  \(quoted(key)):",
            "    gestures:",
            "      - name: \(bindingName(key))-back",
            "        swipe: { fingers: 2, direction: right }",
            "        do: { keys: alt+Left }"
        ]
    }

    /// A YAML double-quoted scalar: JSON's escapes, which YAML reads the same, so any text round-trips.
    static func quoted(_ text: String) -> String { JSONValue.quoted(text) }

    /// A binding name from the class: lowercase letters, digits and dashes, else "app".
    static func bindingName(_ key: String) -> String {
        let kept = key.lowercased().unicodeScalars.map { scalar -> Character in
            (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
        }
        let name = String(kept).split(separator: "-").joined(separator: "-")
        return name.isEmpty ? "app" : name
    }
}
