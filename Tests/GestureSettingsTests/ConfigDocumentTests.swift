import Foundation
import GestureConfig
import Testing
@testable import GestureSettings

/// Editing a config in place: one binding changed, everything else as it was.
@Suite struct ConfigDocumentTests {
    static let files = BindingFormRoundTripTests.files

    /// The lines of `edited` that differ from `original`'s, as the range of original lines they
    /// replace (nil when equal): what a line diff would show as one hunk.
    static func changedLines(_ original: String, _ edited: String) -> ClosedRange<Int>? {
        let old = original.split(separator: "\n", omittingEmptySubsequences: false)
        let new = edited.split(separator: "\n", omittingEmptySubsequences: false)
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        if head == old.count, head == new.count { return nil }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        // Original lines head+1 ... count-tail are replaced (an empty range for a pure insertion:
        // report the line the insertion follows).
        let first = head + 1
        let last = old.count - tail
        return last >= first ? first...last : (first - 1)...(first - 1)
    }

    /// Every binding of every shipped file, its `do:` replaced (or its feedback turned off when it
    /// has none): the file differs from the original only in that binding's lines, and loads
    /// with the change.
    @Test(arguments: files)
    func changingOneBindingChangesOnlyItsLines(path: String) throws {
        let original = try String(
            contentsOf: SettingsPageTests.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let document = try ConfigDocument(text: original, file: path)
        #expect(!document.entries.isEmpty)
        for entry in document.entries {
            #expect(
                entry.readOnlyReason == nil, "\(path): \(entry.name ?? "") read-only: \(entry.readOnlyReason ?? "")")
            let edits: [([String], ConfigValue)] = [
                (["feedback"], .scalar("off")),
                (["do"], .map(["keys": .scalar("ctrl+alt+F12")])),
                (["name"], .scalar("renamed \(entry.index)"))
            ]
            for (key, value) in edits {
                if key == ["do"],
                    document.configuration.allBindings.first(where: { $0.name == entry.name })?
                        .actions.isEmpty ?? true
                {
                    continue
                }
                // A rename breaks the names other bindings refer to: those are refused, as they should be.
                let result = Result { () throws(ConfigDocument.EditError) in
                    try document.setting(key, to: value, in: entry)
                }
                if key == ["name"], case .failure(let error) = result {
                    #expect("\(error)".contains("'\(entry.name ?? "")'"), "\(error)")
                    continue
                }
                let edited = try result.get()
                let changed = try #require(Self.changedLines(original, edited.text), "\(path): nothing changed")
                #expect(
                    entry.lines.contains(changed.lowerBound) && entry.lines.contains(changed.upperBound),
                    "\(path): setting \(key) of \(entry.name ?? "?") at lines \(entry.lines) changed lines \(changed):\n\(edited.text)"
                )
                // Comments stay, the binding's own too.
                for comment in Self.comments(original) {
                    #expect(edited.text.contains(comment), "\(path): \(key) of \(entry.name ?? "?") lost \(comment)")
                }
                let bindings = edited.configuration.allBindings
                switch key {
                case ["feedback"]:
                    #expect(
                        bindings.filter { $0.feedback == .off }.count
                            == document.configuration.allBindings.filter { $0.feedback == .off }.count + 1)
                case ["do"]:
                    #expect(bindings.filter { "\($0.actions)".contains("F12") }.count == 1)
                default:
                    #expect(bindings.contains { $0.name == "renamed \(entry.index)" })
                }
            }
        }
    }

    /// Each comment of the text, from its `#` to the end of its line.
    static func comments(_ text: String) -> [Substring] {
        text.split(separator: "\n").compactMap { line in
            guard
                let hash = line.firstRange(of: " #") ?? (line.hasPrefix("#") ? line.startIndex..<line.startIndex : nil)
            else { return nil }
            return line[hash.upperBound...]
        }
    }

    static let yaml = """
        # My gestures.
        settings:
          feedback: on   # show what happens

        gestures:
          - name: next
            swipe: { fingers: 3, direction: left }   # three fingers
            do: { desktop: next }

          # Back.
          - name: back
            swipe: { fingers: 3, direction: right }
            do: { desktop: previous }
            feedback: off
        apps:
          "firefox, chromium":
            gestures:
              - name: zoom
                pinch: { fingers: 2 }
                steps: { every: 0.15, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
        """

    @Test func aValueInsideAFlowMappingIsReplacedAlone() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let next = try #require(document.entries.first { $0.name == "next" })
        let edited = try document.setting(["swipe", "fingers"], to: .scalar("4"), in: next)
        #expect(
            edited.text
                == Self.yaml.replacingOccurrences(
                    of: "swipe: { fingers: 3, direction: left }", with: "swipe: { fingers: 4, direction: left }"))
    }

    @Test func aNewKeyGoesOnItsOwnLineUnderTheOthers() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let next = try #require(document.entries.first { $0.name == "next" })
        let edited = try document.setting(["cancels-touches"], to: .scalar("false"), in: next)
        #expect(
            edited.text
                == Self.yaml.replacingOccurrences(
                    of: "    do: { desktop: next }\n", with: "    do: { desktop: next }\n    cancels-touches: false\n"))
        let flow = try document.setting(["swipe", "distance"], to: .scalar("80"), in: next)
        #expect(flow.text.contains("swipe: { fingers: 3, direction: left, distance: 80 }   # three fingers"))
    }

    @Test func aKeyIsRemovedWithItsLineAndAFirstKeyGivesItsPlaceToTheNext() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let back = try #require(document.entries.first { $0.name == "back" })
        let edited = try document.setting(["feedback"], to: nil, in: back)
        #expect(edited.text == Self.yaml.replacingOccurrences(of: "    feedback: off\n", with: ""))
        let unnamed = try document.setting(["name"], to: nil, in: back)
        #expect(
            unnamed.text
                == Self.yaml.replacingOccurrences(
                    of: "  - name: back\n    swipe: { fingers: 3, direction: right }",
                    with: "  - swipe: { fingers: 3, direction: right }"))
    }

    @Test func aBindingIsRemovedWithItsLinesAndTheCommentsAroundItStay() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let next = try #require(document.entries.first { $0.name == "next" })
        let edited = try document.removing(next)
        #expect(
            edited.text
                == Self.yaml.replacingOccurrences(
                    of:
                        "  - name: next\n    swipe: { fingers: 3, direction: left }   # three fingers\n    do: { desktop: next }\n",
                    with: ""))
        #expect(edited.entries.map(\.name) == ["back", "zoom"])
    }

    @Test func aBindingIsAddedAtTheEndOfItsGroupInTheGroupsIndentation() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let binding: [ConfigValue.Entry] = [
            .init("name", .scalar("reload")),
            .init("swipe", .map(["fingers": .scalar("3"), "direction": .scalar("down")])),
            .init("do", .map(["keys": .scalar("ctrl+r")]))
        ]
        let edited = try document.appending(binding, to: .app("firefox, chromium"))
        #expect(
            edited.text
                == Self.yaml + """

                          - name: reload
                            swipe: { fingers: 3, direction: down }
                            do: { keys: ctrl+r }
                    """)
        let screen = try document.appending(binding, to: .screen)
        #expect(
            screen.text.contains(
                "    feedback: off\n  - name: reload\n    swipe: { fingers: 3, direction: down }\n    do: { keys: ctrl+r }\napps:"
            ), "\(screen.text)")
        #expect(screen.configuration.screenBindings.map(\.name) == ["next", "back", "reload"])
    }

    @Test func aRecognizerIsReplacedInPlaceAndOnlyTheEndIsChecked() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let next = try #require(document.entries.first { $0.name == "next" })
        // Without its swipe for a moment the binding has no recognizer: only the result is checked.
        let edited = try document.applying(
            [
                .replaceKey("swipe", with: .init("tap", .map(["fingers": .scalar("3"), "taps": .scalar("2")]))),
                .set(["when"], .raw("{ class: kitty }"))
            ], to: next)
        #expect(
            edited.text
                == Self.yaml.replacingOccurrences(
                    of: "    swipe: { fingers: 3, direction: left }   # three fingers\n    do: { desktop: next }\n",
                    with:
                        "    tap: { fingers: 3, taps: 2 }   # three fingers\n    do: { desktop: next }\n    when: { class: kitty }\n"
                ))
    }

    @Test func aBindingMovedToAnAppWithoutAnEntryMakesTheEntry() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let back = try #require(document.entries.first { $0.name == "back" })
        let keys: [ConfigValue.Entry] = [
            .init("name", .scalar("back")),
            .init("swipe", .map(["fingers": .scalar("3"), "direction": .scalar("right")])),
            .init("do", .map(["keys": .scalar("alt+Left")]))
        ]
        let moved = try document.moving(back, to: .app("kitty"), as: keys)
        #expect(moved.configuration.screenBindings.map(\.name) == ["next"])
        #expect(moved.configuration.apps.map(\.key) == ["firefox, chromium", "kitty"])
        #expect(
            moved.text.hasSuffix(
                "\n  kitty:\n    gestures:\n      - name: back\n        swipe: { fingers: 3, direction: right }\n        do: { keys: alt+Left }"
            ), "\(moved.text)")
        // A file without apps: gets the section at its end.
        let bare = try ConfigDocument(text: "gestures:\n  - tap: { fingers: 3 }\n    do: { keys: a }\n")
        let added = try bare.appending(keys, to: .app("xterm, kitty"))
        #expect(
            added.text
                == "gestures:\n  - tap: { fingers: 3 }\n    do: { keys: a }\napps:\n  \"xterm, kitty\":\n    gestures:\n      - name: back\n        swipe: { fingers: 3, direction: right }\n        do: { keys: alt+Left }\n"
        )
    }

    /// A binding for an edge that has none yet: the edge's entry under `edges:` (the section
    /// made at the end when missing), at the default width.
    @Test func aNewEdgeGetsItsEntry() throws {
        let keys: [ConfigValue.Entry] = [
            .init("pan", .map(["fingers": .scalar("1"), "direction": .scalar("right")])),
            .init("do", .map(["keys": .scalar("alt+Left")]))
        ]
        let bare = try ConfigDocument(text: "gestures:\n  - tap: { fingers: 3 }\n    do: { keys: a }\n")
        let left = try bare.appending(keys, to: .edge("left"))
        #expect(
            left.text
                == "gestures:\n  - tap: { fingers: 3 }\n    do: { keys: a }\nedges:\n  left:\n    gestures:\n      - pan: { fingers: 1, direction: right }\n        do: { keys: alt+Left }\n",
            "\(left.text)")
        #expect(left.configuration.edges.map(\.edge.rawValue) == ["left"])
        let right = try left.appending(keys, to: .edge("right"))
        #expect(right.configuration.edges.map(\.edge.rawValue) == ["left", "right"])
        #expect(right.text.hasPrefix(left.text.dropLast()), "the left edge stays as it was: \(right.text)")
        #expect(throws: ConfigDocument.EditError.self) { try bare.appending(keys, to: .edge("middle")) }
    }

    @Test func anEmptyFileGetsItsFirstSection() throws {
        let document = try ConfigDocument(text: "# mine\n")
        let edited = try document.appending(
            [.init("tap", .map(["fingers": .scalar("3")])), .init("do", .map(["keys": .scalar("a")]))], to: .screen)
        #expect(edited.text == "# mine\ngestures:\n  - tap: { fingers: 3 }\n    do: { keys: a }\n")
    }

    @Test func aGroupWithoutGesturesGetsAList() throws {
        let yaml = "settings:\n  feedback: on\n"
        let document = try ConfigDocument(text: yaml)
        let edited = try document.appending(
            [
                .init("swipe", .map(["fingers": .scalar("3"), "direction": .scalar("up")])),
                .init("do", .map(["keys": .scalar("super")]))
            ],
            to: .screen)
        #expect(edited.configuration.screenBindings.count == 1)
        #expect(edited.text.hasPrefix(yaml), "\(edited.text)")
    }

    @Test func anEditThatWouldMakeTheFileInvalidIsRefusedWithTheLoadersError() throws {
        let document = try ConfigDocument(text: Self.yaml)
        let next = try #require(document.entries.first { $0.name == "next" })
        #expect {
            try document.setting(["swipe", "direction"], to: .scalar("sideways"), in: next)
        } throws: { error in
            guard case .invalid(let errors) = error as? ConfigDocument.EditError else { return false }
            return errors.errors.first?.line == 7 && errors.description.contains("sideways")
        }
    }

    @Test func bindingsWithAnchorsOrFlowItemsAreReadOnlyWithTheReason() throws {
        let yaml = """
            gestures:
              - name: a
                swipe: &three { fingers: 3, direction: left }
                do: { keys: ctrl+a }
              - { name: b, swipe: { fingers: 3, direction: right }, do: { keys: ctrl+b } }
              - name: c
                swipe: { fingers: 3, direction: up }
                do: { keys: "ctrl+c" }   # a '*' or '&' in quotes or comments is fine
            """
        let document = try ConfigDocument(text: yaml)
        #expect(document.entries.map(\.name) == ["a", "b", "c"])
        #expect(document.entries[0].readOnlyReason?.contains("anchors") == true)
        #expect(document.entries[1].readOnlyReason?.contains("flow style") == true)
        #expect(document.entries[2].readOnlyReason == nil)
        #expect(throws: ConfigDocument.EditError.self) {
            try document.setting(["do"], to: .map(["keys": .scalar("ctrl+z")]), in: document.entries[0])
        }
    }

    @Test(arguments: [
        ("ctrl+alt+t", "ctrl+alt+t"), ("ctrl+l ctrl+c", "ctrl+l ctrl+c"),
        ("notify-send 'Hi, there'", "\"notify-send 'Hi, there'\""),
        ("a: b", "\"a: b\""), ("#x", "\"#x\""), ("x #y", "\"x #y\""), ("", "\"\""), ("null", "\"null\""),
        ("say \"hi\"\n", "\"say \\\"hi\\\"\\n\""), ("{x}", "\"{x}\""), ("-1", "\"-1\"")
    ])
    func scalarsAreQuotedOnlyWhenYAMLWouldReadThemOtherwise(text: String, written: String) throws {
        #expect(ConfigValue.scalar(text).description == written)
        // And read back as the same string, inside a flow mapping.
        let document = try ConfigDocument(text: "gestures:\n  - name: n\n    tap: {}\n    do: { command: x }\n")
        let edited = try document.setting(
            ["do"], to: .map(["command": .scalar(text.isEmpty ? "x" : text)]), in: document.entries[0])
        let action = try #require(edited.configuration.screenBindings.first?.actions.first)
        #expect(
            "\(action)".contains(text.isEmpty ? "x" : text.replacingOccurrences(of: "\n", with: "\\n"))
                || text.contains("\n"))
    }
}
