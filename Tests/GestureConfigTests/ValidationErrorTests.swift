import Testing
@testable import GestureConfig

/// One mistake, the only one in its file, and the line the user should see for it.
struct MistakeCase: CustomTestStringConvertible, Sendable {
    var label: String
    var yaml: String
    var kind: ConfigError.Kind
    var expected: String

    var testDescription: String { label }
}

/// Each kind of mistake is reported once, at its line and column, with what to write instead.
@Suite struct ValidationErrorTests {
    static let mistakes: [MistakeCase] = [
        MistakeCase(
            label: "misspelled recognizer parameter",
            yaml: """
                gestures:
                  - swipe:
                      fingrs: 3
                    do: { desktop: next }
                """,
            kind: .unknownKey,
            expected: "config.yaml:3:7: unknown key 'fingrs' in swipe; did you mean 'fingers'?"
        ),
        MistakeCase(
            label: "parameter of another recognizer",
            yaml: """
                gestures:
                  - swipe: { taps: 2 }
                    do: { desktop: next }
                """,
            kind: .unknownKey,
            expected: "config.yaml:2:14: unknown key 'taps' in swipe; 'taps' belongs to 'tap' or 'long-press'; "
                + "swipe takes 'fingers', 'direction', 'distance', 'max-duration' or 'max-angle'"
        ),
        MistakeCase(
            label: "parameter outside its recognizer",
            yaml: """
                gestures:
                  - swipe: {}
                    fingers: 3
                    do: { desktop: next }
                """,
            kind: .unknownKey,
            expected: "config.yaml:3:5: unknown key 'fingers' in a gesture; put it inside the recognizer, "
                + "as in 'tap: { fingers: … }'"
        ),
        MistakeCase(
            label: "misspelled section",
            yaml: "gesture: []\n",
            kind: .unknownKey,
            expected: "config.yaml:1:1: unknown key 'gesture' in the file; did you mean 'gestures'?"
        ),
        MistakeCase(
            label: "list where a number belongs",
            yaml: """
                gestures:
                  - tap: { fingers: [3] }
                    do: { keys: a }
                """,
            kind: .wrongType,
            expected: "config.yaml:2:21: expected a whole number for 'fingers', found a list"
        ),
        MistakeCase(
            label: "mapping where a list of gestures belongs",
            yaml: "gestures:\n  tap: {}\n",
            kind: .wrongType,
            expected: "config.yaml:2:3: expected a list of gestures for 'gestures', found a mapping; "
                + "start each gesture with '- ', as in '- swipe: { fingers: 3 }'"
        ),
        MistakeCase(
            label: "duration with an unknown unit",
            yaml: """
                gestures:
                  - long-press: { duration: 2 weeks }
                    do: { click: right }
                """,
            kind: .invalidValue,
            expected: "config.yaml:2:29: unknown unit 'weeks' in duration '2 weeks' for 'duration'; "
                + "write 'ms' or 's', such as 150ms or 0.5s"
        ),
        MistakeCase(
            label: "bare number meant as milliseconds",
            yaml: "settings:\n  finger-window: 150\n",
            kind: .invalidValue,
            expected: "config.yaml:2:18: duration '150' is too long to be seconds for 'finger-window'; "
                + "a bare number is seconds: write '150ms' for milliseconds, or '150s'"
        ),
        MistakeCase(
            label: "fingers allowed no travel while the hand lands",
            yaml: "settings:\n  landing-travel: 0\n",
            kind: .outOfRange,
            expected: "config.yaml:2:19: 'landing-travel' must be more than 0 and at most 2000 pt, found '0'; "
                + "write a value more than 0 and at most 2000 pt"
        ),
        MistakeCase(
            label: "distance in pixels",
            yaml: """
                gestures:
                  - tap: { movement: 10px }
                    do: { keys: a }
                """,
            kind: .invalidValue,
            expected: "config.yaml:2:22: distance '10px' in pixels for 'movement'; "
                + "distances are in points (1/96 inch): write '10' or '10pt'"
        ),
        MistakeCase(
            label: "angle with an unknown unit",
            yaml: """
                gestures:
                  - rotate: { hysteresis: 10grad }
                    do: { keys: a }
                """,
            kind: .invalidValue,
            expected: "config.yaml:2:27: unknown unit 'grad' in angle '10grad' for 'hysteresis'; did you mean 'rad'?"
        ),
        MistakeCase(
            label: "eleven fingers",
            yaml: """
                gestures:
                  - tap: { fingers: 11 }
                    do: { keys: a }
                """,
            kind: .outOfRange,
            expected: "config.yaml:2:21: 'fingers' for tap must be 1 to 10, found 11; write a number from 1 to 10"
        ),
        MistakeCase(
            label: "one-finger pinch",
            yaml: """
                gestures:
                  - pinch: { fingers: 1 }
                    do: { keys: a }
                """,
            kind: .outOfRange,
            expected: "config.yaml:2:23: 'fingers' for pinch must be 2 to 5, found 1; write a number from 2 to 5"
        ),
        MistakeCase(
            label: "swipe angle past 45 degrees",
            yaml: """
                gestures:
                  - swipe: { max-angle: 60deg }
                    do: { keys: a }
                """,
            kind: .outOfRange,
            expected: "config.yaml:2:25: 'max-angle' must be more than 0 and at most 45deg, found '60deg'; "
                + "write a value more than 0 and at most 45deg"
        ),
        MistakeCase(
            label: "a step so small one update fires millions",
            yaml: """
                gestures:
                  - pinch: { fingers: 2 }
                    steps: { every: 0.0000001, out: { keys: ctrl+plus } }
                """,
            kind: .outOfRange,
            expected: "config.yaml:3:21: 'every' must be at least 0.01 and at most 10, found '0.0000001'; "
                + "write a value at least 0.01 and at most 10"
        ),
        MistakeCase(
            label: "a pan step under two points",
            yaml: """
                gestures:
                  - pan: { fingers: 3 }
                    steps: { every: 0.5, left: { keys: a } }
                """,
            kind: .outOfRange,
            expected: "config.yaml:3:21: 'every' must be at least 2 and at most 2000, found '0.5'; "
                + "write a value at least 2 and at most 2000"
        ),
        MistakeCase(
            label: "a dpi no screen has",
            yaml: """
                settings:
                  dpi: 0.000001
                """,
            kind: .outOfRange,
            expected: "config.yaml:2:8: 'dpi' must be at least 24 and at most 1200, found '0.000001'; "
                + "write a value at least 24 and at most 1200"
        ),
        MistakeCase(
            label: "key name in the wrong case",
            yaml: """
                gestures:
                  - swipe: {}
                    do: { keys: alt+left }
                """,
            kind: .unknownKeyName,
            expected: "config.yaml:3:21: unknown key name 'left'; did you mean 'Left'?"
        ),
        MistakeCase(
            label: "misspelled modifier in the second chord of a quoted sequence",
            yaml: """
                gestures:
                  - swipe: {}
                    do: { keys: "ctrl+c ctl+v" }
                """,
            kind: .unknownKeyName,
            expected: "config.yaml:3:25: unknown modifier 'ctl'; did you mean 'ctrl'?"
        ),
        MistakeCase(
            label: "misspelled action",
            yaml: """
                gestures:
                  - swipe: {}
                    do: { key: a }
                """,
            kind: .unknownAction,
            expected: "config.yaml:3:11: unknown action 'key'; did you mean 'keys'?"
        ),
        MistakeCase(
            label: "misspelled window action",
            yaml: """
                gestures:
                  - swipe: {}
                    do: { window: maximise }
                """,
            kind: .unknownAction,
            expected: "config.yaml:3:19: unknown window action 'maximise'; did you mean 'maximize'?"
        ),
        MistakeCase(
            label: "abbreviated desktop",
            yaml: """
                gestures:
                  - swipe: {}
                    do: { desktop: prev }
                """,
            kind: .unknownAction,
            expected: "config.yaml:3:20: unknown desktop 'prev' for 'desktop'; did you mean 'previous'?"
        ),
        MistakeCase(
            label: "two gestures with one name",
            yaml: """
                gestures:
                  - name: back
                    swipe: {}
                    do: { keys: a }
                  - name: back
                    tap: {}
                    do: { keys: b }
                """,
            kind: .duplicateName,
            expected: "config.yaml:5:11: duplicate gesture name 'back'; it is already used at line 2; "
                + "give each gesture its own name"
        ),
        MistakeCase(
            label: "one application in two entries",
            yaml: """
                apps:
                  firefox: {}
                  "chromium, Firefox": {}
                """,
            kind: .duplicateName,
            expected: "config.yaml:3:3: application 'Firefox' is configured twice; "
                + "it is already configured at line 2; merge the two entries"
        ),
        MistakeCase(
            label: "after names a misspelled gesture",
            yaml: """
                gestures:
                  - name: launcher
                    tap: { taps: 2 }
                    do: { keys: a }
                  - tap: {}
                    after: [lancher]
                    do: { keys: b }
                """,
            kind: .unknownReference,
            expected: "config.yaml:6:13: 'after' names no gesture 'lancher'; did you mean 'launcher'?"
        ),
        MistakeCase(
            label: "with names nothing",
            yaml: """
                gestures:
                  - pinch: {}
                    with: spin
                    do: { keys: a }
                """,
            kind: .unknownReference,
            expected:
                "config.yaml:3:11: 'with' names no gesture 'spin'; give the gesture you mean a 'name:' and use that"
        ),
        MistakeCase(
            label: "repeat on a pan",
            yaml: """
                gestures:
                  - pan: {}
                    repeat: 100ms
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected: "config.yaml:3:5: 'repeat' applies to a swipe or a long press, not a pan; "
                + "remove 'repeat', or use 'steps:' on a pan, pinch or rotation"
        ),
        MistakeCase(
            label: "repeat at the lift",
            yaml: """
                gestures:
                  - swipe: {}
                    on: end
                    repeat: 100ms
                    do: { keys: a }
                """,
            kind: .conflictingKeys,
            expected:
                "config.yaml:4:5: 'repeat' acts while the fingers stay down, but 'on: end' waits for them to lift; "
                + "write 'on: begin' or leave 'on' out"
        ),
        MistakeCase(
            label: "repeat too fast",
            yaml: """
                gestures:
                  - long-press: {}
                    repeat: 10ms
                    do: { keys: a }
                """,
            kind: .outOfRange,
            expected:
                "config.yaml:3:13: 'repeat' must be from 50ms to 10s, found '10ms'; write a value from 50ms to 10s"
        ),
        MistakeCase(
            label: "a diagonal for a pan",
            yaml: """
                gestures:
                  - pan: { direction: up-left }
                    do: { keys: a }
                """,
            kind: .invalidValue,
            expected: "config.yaml:2:23: a pan goes along the axes, not 'up-left'; "
                + "use a swipe for diagonal strokes, or one of 'left', 'right', 'up' or 'down'"
        ),
        MistakeCase(
            label: "not-prevented-by names nothing",
            yaml: """
                gestures:
                  - name: spin
                    rotate: {}
                    not-prevented-by: [zooom]
                    do: { keys: a }
                  - name: zoom
                    pinch: {}
                    do: { keys: b }
                """,
            kind: .unknownReference,
            expected: "config.yaml:4:24: 'not-prevented-by' names no gesture 'zooom'; did you mean 'zoom'?"
        ),
        MistakeCase(
            label: "does-not-prevent names itself",
            yaml: """
                gestures:
                  - name: zoom
                    pinch: {}
                    does-not-prevent: zoom
                    do: { keys: a }
                """,
            kind: .unknownReference,
            expected: "config.yaml:4:23: gesture 'zoom' names itself in 'does-not-prevent'; "
                + "remove it; 'does-not-prevent' lists other gestures"
        ),
        MistakeCase(
            label: "gesture that does nothing",
            yaml: """
                gestures:
                  - tap: {}
                """,
            kind: .neverFires,
            expected: "config.yaml:2:5: gesture 'screen.gestures[0]' does nothing; "
                + "add 'do:' with an action, or 'steps:' or 'hold:' for pan, pinch and rotate"
        ),
        MistakeCase(
            label: "on for a tap",
            yaml: """
                gestures:
                  - tap: {}
                    on: end
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected: "config.yaml:3:5: 'on' does not apply to a tap: it is recognized when the fingers lift; "
                + "remove 'on'; a tap acts when it is recognized"
        ),
        MistakeCase(
            label: "on: update for a swipe",
            yaml: """
                gestures:
                  - swipe: {}
                    on: update
                    do: { keys: a }
                """,
            kind: .invalidValue,
            expected: "config.yaml:3:9: a swipe is recognized once, so it has no 'update'; "
                + "write 'on: begin' to act as soon as it is recognized, or 'on: end' to act at the lift"
        ),
        MistakeCase(
            label: "steps for a swipe",
            yaml: """
                gestures:
                  - swipe: {}
                    steps: { every: 10, left: { keys: a } }
                """,
            kind: .neverFires,
            expected: "config.yaml:3:5: 'steps' applies only to pan, pinch and rotate, but swipe is recognized once; "
                + "use 'do:' instead"
        ),
        MistakeCase(
            label: "empty direction list",
            yaml: """
                gestures:
                  - swipe: { direction: [] }
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected: "config.yaml:2:25: empty direction list in swipe: it could never start; "
                + "name at least one of 'left', 'right', 'up', 'down', 'up-left', 'up-right', 'down-left' or 'down-right'"
        ),
        MistakeCase(
            label: "tap with no taps",
            yaml: """
                gestures:
                  - tap: { taps: 0 }
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected: "config.yaml:2:18: a tap with 'taps: 0' could never fire; write 'taps: 1' or more"
        ),
        MistakeCase(
            label: "pan needing more fingers than it allows",
            yaml: """
                gestures:
                  - pan: { min-fingers: 3, max-fingers: 2 }
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected: "config.yaml:2:41: pan needs at least 3 fingers but at most 2: it could never begin; "
                + "make 'max-fingers' at least 'min-fingers'"
        ),
        MistakeCase(
            label: "a two-finger swipe on a touchpad",
            yaml: """
                gestures:
                  - swipe: { fingers: 2, direction: left }
                    device: touchpad
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected:
                "config.yaml:3:13: gesture 'screen.gestures[0]' can never fire: a touchpad's swipes have 3 or more "
                + "fingers (two fingers scroll, one moves the pointer); write 'fingers: 3' (or 4), or leave out "
                + "'device: touchpad'"
        ),
        MistakeCase(
            label: "a long press on a touchpad",
            yaml: """
                gestures:
                  - long-press: { fingers: 2 }
                    device: touchpad
                    do: { click: right }
                """,
            kind: .neverFires,
            expected: "config.yaml:3:13: gesture 'screen.gestures[0]' can never fire: a touchpad gives X no long-press "
                + "gestures, only its swipes and pinches (its taps are clicks); leave out 'device: touchpad', or bind "
                + "a touchpad swipe or pinch"
        ),
        MistakeCase(
            label: "a one-finger pan on a touchpad",
            yaml: """
                gestures:
                  - pan: { max-fingers: 2 }
                    device: touchpad
                    do: { keys: a }
                """,
            kind: .neverFires,
            expected:
                "config.yaml:3:13: gesture 'screen.gestures[0]' can never fire: a touchpad's swipes have 3 or more "
                + "fingers (two fingers scroll, one moves the pointer); write 'max-fingers: 3' or more, or leave out "
                + "'device: touchpad'"
        ),
        MistakeCase(
            label: "a MouseKeys keysym held",
            yaml: """
                gestures:
                  - pan: { fingers: 3 }
                    hold: Pointer_Button1
                """,
            kind: .unknownKeyName,
            expected: "config.yaml:3:11: 'Pointer_Button1' is a MouseKeys keysym, which no key sends: X cannot press "
                + "it; to click, use 'do: { click: left }' (or middle, right); a binding cannot hold a button"
        ),
        MistakeCase(
            label: "steps without actions",
            yaml: """
                gestures:
                  - pinch: {}
                    steps: { every: 0.1 }
                """,
            kind: .neverFires,
            expected: "config.yaml:3:5: steps for pinch name no actions; "
                + "add 'in' or 'out' with an action, such as 'in: { keys: … }'"
        ),
        MistakeCase(
            label: "two recognizers in one gesture",
            yaml: """
                gestures:
                  - tap: {}
                    swipe: {}
                    do: { keys: a }
                """,
            kind: .conflictingKeys,
            expected: "config.yaml:3:5: two recognizers in one gesture: 'tap' and 'swipe'; "
                + "split them into two gestures, one recognizer each"
        ),
        MistakeCase(
            label: "exact and ranged finger counts",
            yaml: """
                gestures:
                  - pan: { fingers: 2, max-fingers: 3 }
                    do: { keys: a }
                """,
            kind: .conflictingKeys,
            expected: "config.yaml:2:24: 'fingers' and 'max-fingers' in one pan; "
                + "use 'fingers' for an exact count, or 'min-fingers' and 'max-fingers' for a range"
        ),
        MistakeCase(
            label: "gesture without a recognizer",
            yaml: """
                gestures:
                  - name: lonely
                    do: { keys: a }
                """,
            kind: .missingKey,
            expected: "config.yaml:2:5: gesture 'lonely' has no recognizer; "
                + "add one of 'tap', 'long-press', 'pan', 'swipe', 'pinch', 'rotate' or 'stroke'"
        ),
        MistakeCase(
            label: "Touchégg's type: SWIPE, said once and first",
            yaml: """
                gestures:
                  - name: touchegg
                    type: SWIPE
                    do: { keys: a }
                """,
            kind: .unknownKey,
            expected: "config.yaml:3:5: unknown key 'type' in a gesture; the recognizer is a key of its own here, "
                + "not Touchégg's 'type:': 'swipe: { fingers: 3, ... }' (gesturebridge.yaml(5), RECOGNIZERS)"
        ),
        MistakeCase(
            label: "keys as a list of chords",
            yaml: """
                gestures:
                  - tap: {}
                    do: { keys: [ctrl+c, ctrl+v] }
                """,
            kind: .wrongType,
            expected: "config.yaml:3:17: expected keys such as 'ctrl+c', found a list; "
                + "write a sequence of chords as one string: 'keys: ctrl+c ctrl+v'"
        ),
        MistakeCase(
            label: "steps without every",
            yaml: """
                gestures:
                  - rotate: {}
                    steps: { clockwise: { keys: a } }
                """,
            kind: .missingKey,
            expected: "config.yaml:3:12: steps for rotate need 'every'; add 'every: 15deg'"
        ),
        MistakeCase(
            label: "region wider than its window",
            yaml: """
                apps:
                  evince:
                    regions:
                      - name: strip
                        area: { x: 50%, width: 60% }
                        gestures: []
                """,
            kind: .regionOutsideWindow,
            expected: "config.yaml:5:15: region 'strip' reaches past the window's right edge (x 50% + width 60%); "
                + "make x + width fit in the window, such as 'x: 0, width: 100%'"
        ),
        MistakeCase(
            label: "region percentage above 100",
            yaml: """
                apps:
                  evince:
                    regions:
                      - area: { height: 120% }
                """,
            kind: .regionOutsideWindow,
            expected: "config.yaml:4:25: 'height: 120%' of region 'regions[0]' lies outside the window; "
                + "percentages of the window run from 0 to 100%"
        ),
        MistakeCase(
            label: "require-to-fail cycle of two",
            yaml: """
                gestures:
                  - name: a
                    tap: {}
                    after: [b]
                    do: { keys: a }
                  - name: b
                    tap: { taps: 2 }
                    after: [a]
                    do: { keys: b }
                """,
            kind: .requireToFailCycle,
            expected: "config.yaml:4:13: require-to-fail cycle: a → b → a; "
                + "none of these gestures could ever begin; remove one of the 'after' entries"
        ),
        MistakeCase(
            label: "gesture waiting for itself",
            yaml: """
                gestures:
                  - name: a
                    tap: {}
                    after: a
                    do: { keys: a }
                """,
            kind: .requireToFailCycle,
            expected: "config.yaml:4:12: require-to-fail cycle: a → a; "
                + "a gesture cannot wait for itself to fail; remove 'a' from its 'after'"
        ),
        MistakeCase(
            label: "tab indentation",
            yaml: "gestures:\n  - tap: {}\n\tdo: { keys: a }\n",
            kind: .syntax,
            expected: "config.yaml:3:1: invalid YAML: found character that cannot start any token "
                + "while scanning for the next token; indent with spaces; YAML does not allow tabs for indentation"
        ),
        MistakeCase(
            label: "an unquoted colon in a command",
            yaml: "gestures:\n  - swipe: { fingers: 3 }\n    do: { command: notify-send a: b }\n",
            kind: .syntax,
            expected: "config.yaml:3:33: invalid YAML: did not find expected ',' or '}' while parsing a flow mapping; "
                + "end each '{ … }' on the line it starts, and quote a value with ': ' or ',' in it, "
                + "as in command: \"notify-send 'a: b'\""
        ),
        MistakeCase(
            label: "a brace left open",
            yaml: "gestures:\n  - swipe: { fingers: 3\n    do: { keys: a }\n",
            kind: .syntax,
            expected: "config.yaml:3:7: invalid YAML: did not find expected ',' or '}' while parsing a flow mapping; "
                + "end each '{ … }' on the line it starts, and quote a value with ': ' or ',' in it, "
                + "as in command: \"notify-send 'a: b'\""
        ),
        MistakeCase(
            label: "a quote left open",
            yaml: "gestures:\n  - swipe: { fingers: 3 }\n    do: { command: \"echo hi }\n",
            kind: .syntax,
            expected: "config.yaml:4:1: invalid YAML: found unexpected end of stream while scanning a quoted scalar; "
                + "a quote is left open: end the text with the quote it starts with, on its line"
        ),
        MistakeCase(
            label: "key repeated in one mapping",
            yaml: """
                gestures:
                  - tap: {}
                    do: { keys: a }
                    do: { keys: b }
                """,
            kind: .syntax,
            expected:
                "config.yaml:4:5: key 'do' appears twice in one mapping (first on line 3); write each key once, merging the two values"
        ),
        MistakeCase(
            label: "a binding hidden by an identical one",
            yaml: """
                gestures:
                  - name: first
                    tap: { fingers: 3 }
                    do: { keys: a }
                  - name: second
                    tap: { fingers: 3 }
                    do: { keys: b }
                """,
            kind: .neverFires,
            expected:
                "config.yaml:5:5: gesture 'second' can never fire: 'first' (line 2) is the same gesture in the same place "
                + "and recognizes first; change one of them, or add 'with: [first]' to 'second' to fire both"
        )
    ]

    /// Issue 27: the same swipe bound twice with different `when: { class }` was refused as
    /// "can never fire", though each fires where its class is. It is shadowed only when the one
    /// that recognizes first has no `when:`, or the very same one.
    @Test(
        arguments: [
            ("{ class: firefox }", "{ class: evince }", nil),
            ("{ class: firefox }", nil, nil),
            (
                nil, "{ class: evince }",
                "'second' can never fire: 'first' (line 2) is the same gesture in the same place and"
            ),
            (
                "{ class: firefox }", "{ class: firefox }",
                "'second' can never fire: 'first' (line 2) is the same gesture in the same place under the same 'when:' and"
            )
        ] as [(String?, String?, String?)])
    func aGestureBoundTwiceIsShadowedOnlyUnderTheSameConditions(first: String?, second: String?, error: String?) {
        func binding(_ name: String, _ when: String?, _ key: String) -> String {
            "  - name: \(name)\n    swipe: { fingers: 3, direction: left }\n"
                + (when.map { "    when: \($0)\n" } ?? "") + "    do: { keys: \(key) }\n"
        }
        let errors = Self.errors(loading: "gestures:\n" + binding("first", first, "a") + binding("second", second, "b"))
        if let error {
            #expect(errors.count == 1 && errors.first?.description.contains(error) == true, "\(errors)")
        } else {
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test(arguments: mistakes)
    func mistakeIsReportedOnceWithPlaceAndAdvice(_ mistake: MistakeCase) {
        let errors = Self.errors(loading: mistake.yaml)
        #expect(errors.map(\.description) == [mistake.expected])
        #expect(errors.map(\.kind) == [mistake.kind])
    }

    @Test func everyKindReadFromTextHasACase() {
        let covered = Set(Self.mistakes.map(\.kind))
        // `unreadable` needs a file on disk and `tooManyErrors` fifty mistakes; ConfigLoaderTests covers both.
        let expected = Set(ConfigError.Kind.allCases).subtracting([.unreadable, .tooManyErrors])
        #expect(covered == expected)
    }

    @Test func allMistakesInAFileAreReportedInFileOrder() {
        let errors = Self.errors(
            loading: """
                settings:
                  dpi: lots
                gestures:
                  - swipe: { fingers: 0, direction: sideways }
                    do: { keys: ctrl+left }
                  - tap: {}
                    after: [nobody]
                    do: { command: "" }
                """)
        #expect(
            errors.map(\.kind) == [
                .invalidValue, .outOfRange, .invalidValue, .unknownKeyName, .unknownReference, .invalidValue
            ])
        #expect(errors.map(\.line) == [2, 4, 4, 5, 7, 8])
        #expect(errors.map(\.column) == [8, 23, 37, 22, 13, 20])
        let described = ConfigErrors(errors).description.split(separator: "\n")
        #expect(described.count == 6)
        #expect(described.allSatisfy { $0.hasPrefix("config.yaml:") })
    }

    @Test func errorNamesTheFileItWasLoadedAs() {
        let errors = Self.errors(loading: "gestures: 3\n", file: "/home/me/.config/gesturebridge/config.yaml")
        #expect(errors.map(\.file) == ["/home/me/.config/gesturebridge/config.yaml"])
        #expect(errors.first?.description.hasPrefix("/home/me/.config/gesturebridge/config.yaml:1:11: ") == true)
    }

    /// A top-level key given twice: the second block is checked too, not dropped.
    @Test func aSectionGivenTwiceIsCheckedInBothPlaces() {
        let errors = Self.errors(
            loading: """
                gestures:
                  - swipe: { fingers: 3 }
                    do: { keys: a }
                gestures:
                  - swipe: { fngers: 4 }
                    do: { keys: b }
                    after: [nowhere]
                """)
        let messages = errors.map(\.description)
        #expect(messages.contains { $0.hasPrefix("config.yaml:4:1: key 'gestures' appears twice") }, "\(messages)")
        #expect(messages.contains { $0.contains("config.yaml:5:14: unknown key 'fngers' in swipe") }, "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("config.yaml:7:13: 'after' names no gesture 'nowhere'") }, "\(messages)")
        #expect(messages.count == 3, "\(messages)")
    }

    /// The errors from loading `yaml`, or none when it loads.
    static func errors(loading yaml: String, file: String = "config.yaml") -> [ConfigError] {
        do {
            _ = try ConfigLoader.load(yaml: yaml, file: file)
            return []
        } catch {
            return error.errors
        }
    }
}

/// Bindings that look alike but can each fire are not reported as hidden.
@Suite struct ShadowedBindingTests {
    @Test(arguments: [
        ("different fingers", ["tap: { fingers: 2 }"]),
        ("with each other", ["tap: { fingers: 3 }", "with: [first]"]),
        ("different devices", ["tap: { fingers: 3 }", "device: touchscreen"])
    ])
    func alikeButBothFire(label: String, second: [String]) throws {
        let lines =
            ["gestures:", "  - name: first", "    tap: { fingers: 3 }", "    do: { keys: a }", "  - name: second"]
            + second.map { "    " + $0 } + ["    do: { keys: b }"]
        let configuration = try ConfigLoader.load(yaml: lines.joined(separator: "\n"))
        #expect(configuration.allBindings.count == 2, "\(label)")
    }

    @Test func inDifferentPlacesTheDeeperOneWinsAndBothAreFine() throws {
        let configuration = try ConfigLoader.load(
            yaml: """
                gestures:
                  - tap: { fingers: 3 }
                    do: { keys: a }
                apps:
                  firefox:
                    gestures:
                      - tap: { fingers: 3 }
                        do: { keys: b }
                """)
        #expect(configuration.allBindings.count == 2)
    }
}
