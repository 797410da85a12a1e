import Foundation
import GestureConfig
import GestureSettings
import Testing

/// The editor's form: read from the text, written back as the changes alone.
@Suite struct BindingFormTests {
    static let yaml = """
        gestures:
          - name: next
            swipe: { fingers: 3, direction: left }   # three fingers
            do: { desktop: next }
          - name: zoom
            pinch: { fingers: 2 }
            steps: { every: 0.15, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
        """

    static func form(_ name: String) throws -> (ConfigDocument, ConfigDocument.Entry, BindingForm) {
        let document = try ConfigDocument(text: yaml)
        let entry = try #require(document.entries.first { $0.name == name })
        return (document, entry, BindingForm(entry, in: document))
    }

    @Test func theFormReadsWhatTheTextSays() throws {
        let (_, _, next) = try Self.form("next")
        #expect(next.kind == .swipe && next.fingers == 3 && next.direction == "left")
        #expect(next.actionKind == .desktop && next.actionValue == "next")
        #expect(next.enabled && next.feedback == nil && next.phase == "")
        let (_, _, zoom) = try Self.form("zoom")
        #expect(zoom.kind == .pinch && zoom.fingers == 2 && zoom.direction == nil)
        #expect(zoom.actionKind == .asWritten, "steps are kept as written")
    }

    @Test func anUnchangedFormChangesNothing() throws {
        let (document, entry, form) = try Self.form("zoom")
        #expect(form.changes(from: form).isEmpty)
        #expect(try form.save(into: document, replacing: entry, original: form).text == Self.yaml)
    }

    @Test func changedFieldsAreWrittenInPlace() throws {
        let (document, entry, original) = try Self.form("next")
        var form = original
        form.fingers = 4
        form.actionKind = .keys
        form.actionValue = "ctrl+alt+Right"
        form.feedback = false
        let saved = try form.save(into: document, replacing: entry, original: original)
        #expect(
            saved.text
                == Self.yaml.replacingOccurrences(
                    of: "swipe: { fingers: 3, direction: left }   # three fingers\n    do: { desktop: next }",
                    with:
                        "swipe: { fingers: 4, direction: left }   # three fingers\n    do: { keys: ctrl+alt+Right }\n    feedback: off"
                ))
        form.kind = .tap
        let tapped = try form.save(into: document, replacing: entry, original: original)
        #expect(tapped.text.contains("  - name: next\n    tap: { fingers: 4 }   # three fingers\n"), "\(tapped.text)")
    }

    @Test func aNewBindingGoesAtTheEndOfItsGroupAndAPickedAppMovesIt() throws {
        let document = try ConfigDocument(text: Self.yaml)
        var form = BindingForm(newIn: .screen)
        form.name = "close"
        form.direction = "down"
        form.actionKind = .window
        form.actionValue = "close"
        let added = try form.save(into: document, replacing: nil, original: nil)
        #expect(
            added.text == Self.yaml
                + "\n  - name: close\n    swipe: { fingers: 3, direction: down }\n    do: { window: close }")
        let entry = try #require(added.entries.first { $0.name == "close" })
        let original = BindingForm(entry, in: added)
        var picked = original
        picked.group = .app("kitty")
        let moved = try picked.save(into: added, replacing: entry, original: original)
        #expect(moved.configuration.apps.first?.bindings.map(\.name) == ["close"])
        #expect(moved.text.hasPrefix(Self.yaml), "the other bindings stay as they were")
    }

    @Test func aRepeatIsWrittenAndARefusedOneSaysWhy() throws {
        let (document, entry, original) = try Self.form("next")
        var form = original
        form.repeatEvery = "0.4s"
        let saved = try form.save(into: document, replacing: entry, original: original)
        #expect(saved.text.contains("    do: { desktop: next }\n    repeat: 0.4s\n"), "\(saved.text)")
        #expect(BindingForm(try #require(saved.entries.first), in: saved).repeatEvery == "0.4s")
        form.kind = .tap
        #expect {
            try form.save(into: document, replacing: entry, original: original)
        } throws: { error in
            "\(error)".contains("'repeat' applies to a swipe or a long press")
        }
    }

    @Test func theSwitchWritesEnabledFalseAndTakesItAway() throws {
        let (document, entry, original) = try Self.form("zoom")
        var form = original
        form.enabled = false
        let off = try form.save(into: document, replacing: entry, original: original)
        #expect(off.configuration.allBindings.map(\.name) == ["next"])
        let offEntry = try #require(off.entries.first { $0.name == "zoom" })
        let offForm = BindingForm(offEntry, in: off)
        #expect(!offForm.enabled)
        var on = offForm
        on.enabled = true
        #expect(try on.save(into: off, replacing: offEntry, original: offForm).text == Self.yaml)
    }

    /// A stroke of one shape is edited as the other kinds are: its shape and fingers in place,
    /// the rest of its parameters kept; a stroke of several shapes stays as the file writes it.
    @Test func aStrokesShapeIsChangedInPlaceAndAListOfShapesIsKept() throws {
        let yaml = """
            gestures:
              - name: save
                stroke: { shape: checkmark, max-distance: 0.3 }
                do: { keys: ctrl+s }
              - name: either
                stroke: { shape: [v, circle] }
                do: { keys: F1 }
            """
        let document = try ConfigDocument(text: yaml)
        let save = try #require(document.entries.first { $0.name == "save" })
        let original = BindingForm(save, in: document)
        #expect(original.kind == .stroke && original.shape == "checkmark" && original.fingers == 1)
        var form = original
        form.shape = "zigzag"
        #expect(
            try form.save(into: document, replacing: save, original: original).text
                == yaml.replacingOccurrences(of: "shape: checkmark,", with: "shape: zigzag,"))
        let either = try #require(document.entries.first { $0.name == "either" })
        #expect(BindingForm(either, in: document).kind == nil, "several shapes: kept as written")
        var new = BindingForm(newIn: .screen)
        new.kind = .stroke
        new.shape = "circle"
        new.fingers = 1
        new.actionValue = "ctrl+alt+t"
        let appended = try new.save(into: document, replacing: nil, original: nil)
        #expect(
            appended.text.hasSuffix("  - stroke: { shape: circle, fingers: 1 }\n    do: { keys: ctrl+alt+t }"),
            "\(appended.text)")
    }

    /// The pickers of `after:` and `with:` show one name; a list of several stays typed.
    @Test(arguments: [
        ("[double-tap]", "double-tap"), ("double-tap", "double-tap"), (" [ spin ] ", "spin"), ("", ""),
        ("[a, b]", ""), ("[[a]]", "")
    ])
    func aPickerShowsOneNameAndNoList(text: String, name: String) {
        #expect(BindingForm.partner(in: text) == name)
    }

    /// `when:` as controls: its state, title and quiet time set in place, the others kept in
    /// order; a list of states is not shown as controls.
    @Test func conditionsAreSetInPlaceAndKeepTheOthers() throws {
        var conditions = try #require(BindingForm.Conditions("{ class: mpv, quiet: 0.3s }"))
        #expect(conditions["quiet"] == "0.3s" && conditions["state"] == "")
        conditions["state"] = "fullscreen"
        conditions["quiet"] = ""
        conditions["title"] = "A film: part 2"
        #expect(conditions.text == "{ class: mpv, state: fullscreen, title: \"A film: part 2\" }")
        #expect(BindingForm.Conditions(conditions.text) == conditions, "reads back as written")
        #expect(BindingForm.Conditions("")?.text == "")
        #expect(BindingForm.Conditions("{ state: [fullscreen, maximized] }") == nil)
        #expect(BindingForm.Conditions("[a]") == nil)
        // The text is what the loader takes.
        var form = BindingForm(newIn: .screen)
        form.actionValue = "space"
        form.when = conditions.text
        let saved = try form.save(into: try ConfigDocument(text: "gestures: []\n"), replacing: nil, original: nil)
        #expect(saved.configuration.allBindings.count == 1)
    }

    /// The shapes offered: yours (the files in strokes/, sorted), then every built-in one.
    @Test func theShapesOfferedAreYoursThenTheBuiltInOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gb-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["spiral.yaml", "arrow.yaml", "notes.txt", "Bad Name.yaml"] {
            try "".write(to: folder.appendingPathComponent(file), atomically: false, encoding: .utf8)
        }
        let shapes = BindingForm.shapes(ownIn: folder.path)
        #expect(Array(shapes.prefix(3)) == ["arrow", "spiral", "checkmark"], "\(shapes)")
        #expect(shapes.count == 2 + BindingForm.shapes(ownIn: nil).count)
    }
}

/// Every binding of the shipped config and examples, opened in the editor's form, one field
/// changed and saved: the file differs only in that binding's lines.
@Suite struct BindingFormRoundTripTests {
    /// The shipped config and every example, by path below the package root.
    static let files: [String] = {
        let folder = SettingsPageTests.packageRoot.appendingPathComponent("Config/examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return ["Config/config.yaml"] + names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Config/examples/\($0)" }
    }()

    @Test(arguments: files)
    func oneBindingChangedInTheFormChangesOnlyItsLines(path: String) throws {
        let original = try String(
            contentsOf: SettingsPageTests.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let document = try ConfigDocument(text: original, file: path)
        let old = original.split(separator: "\n", omittingEmptySubsequences: false)
        for entry in document.entries {
            let form = BindingForm(entry, in: document)
            var changed = form
            if form.kind != nil {
                // Five fingers: no shipped binding has as many, so the change collides with none.
                changed.fingers = form.fingers == 5 ? 4 : 5
            } else {
                changed.feedback = form.feedback == false ? true : false
            }
            let saved = try changed.save(into: document, replacing: entry, original: form)
            let new = saved.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(new.count == old.count || form.kind == nil, "\(path): \(entry.name ?? "?")")
            for index in old.indices where !entry.lines.contains(index + 1) {
                #expect(
                    index < new.count && new[index] == old[index],
                    "\(path): line \(index + 1) changed by \(entry.name ?? "?")")
            }
            let reread = try #require(saved.entries.first { $0.group == entry.group && $0.index == entry.index })
            #expect(BindingForm(reread, in: saved) == changed, "\(path): \(entry.name ?? "?") reads back as saved")
        }
    }
}
