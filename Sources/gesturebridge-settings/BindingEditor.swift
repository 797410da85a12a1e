import CGtk
import GestureConfig
import GestureEngine
import GestureSettings
import TextSearch
import Glibc

/// The editor of one binding: ordinary controls over a `BindingForm`.
///
/// "Perform it" runs `gesturebridge try --bind` and takes the first gesture it names; "Draw it"
/// runs `gesturebridge record --stroke NAME` and binds the shape it saves; "Pick the app" runs
/// `gesturebridge pick` and takes the window's class; "Press keys" takes the next key press as
/// the chord. Every control is at least 44 px high and works by a tap.
final class BindingEditor {
    let entry: ConfigDocument.Entry?
    let original: BindingForm?
    let widget: Widget
    private var draft: BindingForm
    private unowned let app: SettingsApp
    private var run: ToolRun?
    private var capturing = false

    private var nameRow: Widget!
    private var kindRow: Widget!
    private var fingersRow: Widget!
    private var directionRow: Widget!
    private var shapeRow: Widget!
    private var recordNameRow: Widget!
    private var recordRow: Widget!
    private var recordButton: Widget!
    /// The shapes `shapeRow` offers: yours, then the built-in ones.
    private var shapes: [String]
    private let strokeFolder: String?
    private var performRow: Widget!
    private var performButton: Widget!
    private var appRow: Widget!
    private var edgeRow: Widget!
    private var pickButton: Widget!
    private var actionKindRow: Widget!
    private var valueRow: Widget!
    private var captureButton: Widget!
    private var choiceRow: Widget!
    private var writtenRow: Widget!
    private var feedbackRow: Widget!
    private var phaseRow: Widget!
    private var repeatRow: Widget!
    private var whenRow: Widget!
    private var afterRow: Widget!
    private var withRow: Widget!
    private var afterPick: Widget!
    private var stateRow: Widget!
    private var titleRow: Widget!
    private var quietRow: Widget!
    /// Set while `fill` sets the controls, so that their handlers leave the text alone.
    private var filling = false
    private var withPick: Widget!
    /// "none" and the other bindings' names, for `after:` and `with:`.
    private let partners: [String]
    private var enabledSwitch: Widget!
    private var problemLabel: Widget!

    static let fingerChoices = ["1", "2", "3", "4", "5"]
    /// "From an edge": none, or the screen's edges (a new one gets its entry under `edges:`).
    static let edgeChoices = ["none"] + ScreenEdge.allCases.map(\.rawValue)
    static let feedbackChoices = ["as in the settings", "on", "off"]
    static let phaseChoices = ["when recognized (default)", "when it begins", "when the fingers lift"]
    static let stateChoices = ["in any state"] + BindingForm.Conditions.states

    init(document: ConfigDocument, entry: ConfigDocument.Entry?, app: SettingsApp) {
        self.entry = entry
        self.app = app
        let original = entry.map { BindingForm($0, in: document) }
        self.original = original
        draft = original ?? BindingForm(newIn: .screen)
        strokeFolder = document.strokeFolder
        partners = ["none"] + document.entries.compactMap(\.name).filter { $0 != entry?.name }
        shapes = BindingForm.shapes(ownIn: document.strokeFolder)
        if let shape = original?.shape, !shape.isEmpty, !shapes.contains(shape) { shapes.insert(shape, at: 0) }
        widget = adw_preferences_page_new()!
        build()
        fill(from: draft)
    }

    // MARK: Building

    private func build() {
        problemLabel = gtk_label_new("")
        gb_label_setup(problemLabel)
        gtk_widget_add_css_class(problemLabel, "error")
        gtk_widget_set_visible(problemLabel, 0)
        let problems = group("")
        gb_group_add(problems, problemLabel)
        gb_page_add(widget, problems)

        let gesture = group("Gesture")
        performButton = button("Perform it") { [unowned self] in perform() }
        gb_accessible_label(performButton, "Perform the gesture")
        performRow = actionRow(
            "Perform it", subtitle: "Make the gesture anywhere on the screen: it becomes this binding's gesture",
            suffix: performButton)
        gb_group_add(gesture, performRow)
        kindRow = comboRow("Kind", BindingForm.Kind.allCases.map(\.rawValue))
        fingersRow = comboRow("Fingers", Self.fingerChoices)
        directionRow = comboRow("Direction", BindingForm.directions)
        Signal.onNotify(object(kindRow), "selected") { [unowned self] in updateVisibility() }
        shapeRow = comboRow("Shape", shapes)
        recordNameRow = gb_entry_row("A new shape's name")
        gb_editable_set_text(recordNameRow, Self.unusedName(among: shapes))
        recordButton = button("Draw it") { [unowned self] in record() }
        gb_accessible_label(recordButton, "Draw a new shape")
        recordRow = actionRow(
            "A shape of your own",
            subtitle: "Draw it three times anywhere on the screen; meanwhile no app and no gesture sees the touches",
            suffix: recordButton)
        nameRow = gb_entry_row("Name")
        // Perform it and Draw it are the two ways of doing the gesture; the rows under them say
        // what it is.
        for row in [recordRow!, recordNameRow!, kindRow!, fingersRow!, directionRow!, shapeRow!, nameRow!] {
            gb_group_add(gesture, row)
        }
        gb_page_add(widget, gesture)

        let place = group("Where")
        pickButton = button("Pick the app") { [unowned self] in pick() }
        gb_accessible_label(pickButton, "Pick the app by touching its window")
        let anywhere = button("Anywhere") { [unowned self] in setGroup(.screen) }
        gb_accessible_label(anywhere, "Anywhere on the screen")
        appRow = actionRow("Anywhere on the screen", subtitle: "Touch or click a window to bind it to its app")
        gb_action_row_add_suffix(appRow, anywhere)
        gb_action_row_add_suffix(appRow, pickButton)
        gb_group_add(place, appRow)
        edgeRow = comboRow("From an edge", Self.edgeChoices)
        Signal.onNotify(object(edgeRow), "selected") { [unowned self] in edgeChanged() }
        gb_group_add(place, edgeRow)
        gb_page_add(widget, place)

        let action = group("Does")
        actionKindRow = comboRow("Action", BindingForm.ActionKind.allCases.map(\.rawValue))
        Signal.onNotify(object(actionKindRow), "selected") { [unowned self] in actionKindChanged() }
        valueRow = gb_entry_row("Keys")
        captureButton = button("Press keys") { [unowned self] in startCapture() }
        gb_accessible_label(captureButton, "Press the keys to type")
        gb_entry_row_add_suffix(valueRow, captureButton)
        choiceRow = comboRow("Choice", [])
        writtenRow = actionRow("As the file writes it")
        for row in [actionKindRow!, valueRow!, choiceRow!, writtenRow!] { gb_group_add(action, row) }
        gb_page_add(widget, action)
        Signal.onKeyPress(widget) { [unowned self] key, state in captured(key, state) }

        let options = group("Options")
        enabledSwitch = gtk_switch_new()
        gtk_widget_set_valign(enabledSwitch, GTK_ALIGN_CENTER)
        gb_accessible_label(enabledSwitch, "On")
        let onRow = actionRow("On", subtitle: "Off keeps the binding in the file without firing", suffix: enabledSwitch)
        gb_action_row_set_activatable_widget(onRow, enabledSwitch)
        gb_group_add(options, onRow)
        feedbackRow = comboRow("On-screen feedback", Self.feedbackChoices)
        phaseRow = comboRow("Acts", Self.phaseChoices)
        repeatRow = gb_entry_row("Repeat while held (such as 0.5s)")
        whenRow = gb_entry_row("When (such as { class: kitty })")
        afterRow = gb_entry_row("After (such as [double-tap])")
        withRow = gb_entry_row("With (such as [spin])")
        // After and With pick one other binding by name (the rows under them take any list).
        afterPick = comboRow("After another binding fails", partners)
        withPick = comboRow("With another binding, at once", partners)
        Signal.onNotify(object(afterPick), "selected") { [unowned self] in picked(afterPick, into: afterRow) }
        Signal.onNotify(object(withPick), "selected") { [unowned self] in picked(withPick, into: withRow) }
        // When: the window's state, its title and a quiet time as controls, written into the row
        // under them, which takes any other condition.
        stateRow = comboRow("Only when its window is", Self.stateChoices)
        titleRow = gb_entry_row("Only when its title contains")
        quietRow = gb_entry_row("Only after a quiet time (such as 0.3s)")
        Signal.onNotify(object(stateRow), "selected") { [unowned self] in conditionsChanged() }
        Signal.on(object(titleRow), "changed") { [unowned self] in conditionsChanged() }
        Signal.on(object(quietRow), "changed") { [unowned self] in conditionsChanged() }
        for row in [
            feedbackRow!, phaseRow!, repeatRow!, stateRow!, titleRow!, quietRow!, whenRow!, afterPick!, afterRow!,
            withPick!, withRow!
        ] {
            gb_group_add(options, row)
        }
        gb_page_add(widget, options)
    }

    private func fill(from form: BindingForm) {
        filling = true
        defer { filling = false }
        gb_editable_set_text(nameRow, form.name)
        if let kind = form.kind, let index = BindingForm.Kind.allCases.firstIndex(of: kind) {
            gb_combo_row_select(kindRow, guint(index))
        }
        gb_combo_row_select(fingersRow, guint(max(0, min(4, form.fingers - 1))))
        if let direction = form.direction, let index = BindingForm.directions.firstIndex(of: direction) {
            gb_combo_row_select(directionRow, guint(index))
        }
        if let index = shapes.firstIndex(of: form.shape) { gb_combo_row_select(shapeRow, guint(index)) }
        setGroup(form.group)
        if let index = BindingForm.ActionKind.allCases.firstIndex(of: form.actionKind) {
            gb_combo_row_select(actionKindRow, guint(index))
        }
        actionKindChanged()
        if let index = choices(for: form.actionKind).firstIndex(of: form.actionValue) {
            gb_combo_row_select(choiceRow, guint(index))
        }
        gb_editable_set_text(valueRow, form.actionKind == .keys || form.actionKind == .command ? form.actionValue : "")
        gb_action_row_set_subtitle(writtenRow, form.actionKind == .asWritten ? form.actionValue : "")
        gb_switch_set_active(enabledSwitch, form.enabled ? 1 : 0)
        gb_combo_row_select(feedbackRow, form.feedback == nil ? 0 : (form.feedback == true ? 1 : 2))
        gb_combo_row_select(phaseRow, form.phase == "begin" ? 1 : (form.phase == "end" ? 2 : 0))
        gb_editable_set_text(repeatRow, form.repeatEvery)
        gb_editable_set_text(whenRow, form.when)
        let conditions = BindingForm.Conditions(form.when)
        let state = conditions.map { Self.stateChoices.firstIndex(of: $0["state"]) ?? 0 } ?? 0
        gb_combo_row_select(stateRow, guint(state))
        gb_editable_set_text(titleRow, conditions?["title"] ?? "")
        gb_editable_set_text(quietRow, conditions?["quiet"] ?? "")
        // Conditions the controls cannot show (a list of states, of classes) are the row's alone.
        for row in [stateRow!, titleRow!, quietRow!] { gtk_widget_set_sensitive(row, conditions == nil ? 0 : 1) }
        gb_editable_set_text(afterRow, form.after)
        gb_editable_set_text(withRow, form.with)
        gb_combo_row_select(afterPick, guint(partners.firstIndex(of: BindingForm.partner(in: form.after)) ?? 0))
        gb_combo_row_select(withPick, guint(partners.firstIndex(of: BindingForm.partner(in: form.with)) ?? 0))
        updateVisibility()
    }

    /// The form as the controls say it now.
    var form: BindingForm {
        var form = draft
        form.name = String(cString: gb_editable_text(nameRow))
        if form.kind != nil || original == nil {
            form.kind = BindingForm.Kind.allCases[Int(gb_combo_row_selected(kindRow))]
        }
        if let kind = form.kind {
            form.fingers = Int(gb_combo_row_selected(fingersRow)) + 1
            let direction = BindingForm.directions[Int(gb_combo_row_selected(directionRow))]
            // A swipe of several directions in the file stays so until one is chosen.
            if kind.hasDirection, original?.kind != kind || original?.direction != nil || direction != "left" {
                form.direction = direction
            }
            if !kind.hasDirection { form.direction = nil }
            let shape = Int(gb_combo_row_selected(shapeRow))
            form.shape = kind == .stroke && shape < shapes.count ? shapes[shape] : ""
        }
        form.actionKind = BindingForm.ActionKind.allCases[Int(gb_combo_row_selected(actionKindRow))]
        switch form.actionKind {
        case .keys, .command: form.actionValue = String(cString: gb_editable_text(valueRow))
        case .asWritten: form.actionValue = original?.actionValue ?? ""
        default:
            let choices = choices(for: form.actionKind)
            let index = Int(gb_combo_row_selected(choiceRow))
            form.actionValue = index < choices.count ? choices[index] : ""
        }
        form.enabled = gb_switch_active(enabledSwitch) != 0
        form.feedback = [nil, true, false][Int(gb_combo_row_selected(feedbackRow))]
        form.phase = ["", "begin", "end"][Int(gb_combo_row_selected(phaseRow))]
        form.repeatEvery = String(cString: gb_editable_text(repeatRow))
        form.when = String(cString: gb_editable_text(whenRow))
        form.after = String(cString: gb_editable_text(afterRow))
        form.with = String(cString: gb_editable_text(withRow))
        return form
    }

    private func choices(for kind: BindingForm.ActionKind) -> [String] {
        switch kind {
        case .desktop: BindingForm.desktopActions
        case .window: BindingForm.windowActions
        case .click: BindingForm.buttons
        case .scroll: BindingForm.scrollDirections
        default: []
        }
    }

    private func actionKindChanged() {
        let kind = BindingForm.ActionKind.allCases[Int(gb_combo_row_selected(actionKindRow))]
        withCStrings(choices(for: kind)) { gb_combo_row_set_strings(choiceRow, $0) }
        gb_row_set_title(valueRow, kind == .command ? "Command" : "Keys (such as ctrl+alt+t)")
        gtk_widget_set_visible(valueRow, kind == .keys || kind == .command ? 1 : 0)
        gtk_widget_set_visible(captureButton, kind == .keys ? 1 : 0)
        gtk_widget_set_visible(choiceRow, choices(for: kind).isEmpty ? 0 : 1)
        gtk_widget_set_visible(writtenRow, kind == .asWritten ? 1 : 0)
    }

    private func updateVisibility() {
        let kind = BindingForm.Kind.allCases[Int(gb_combo_row_selected(kindRow))]
        gtk_widget_set_visible(directionRow, kind.hasDirection ? 1 : 0)
        gtk_widget_set_visible(shapeRow, kind == .stroke ? 1 : 0)
        // A stroke of several shapes is kept as written: the kind rows would replace it.
        let editable = draft.kind != nil || original == nil
        for row in [kindRow!, fingersRow!, performRow!, recordRow!, recordNameRow!] {
            gtk_widget_set_sensitive(row, editable ? 1 : 0)
        }
    }

    private func setGroup(_ group: ConfigDocument.Group) {
        draft.group = group
        gb_row_set_title(appRow, SettingsPage.title(of: group))
        var edge = 0
        if case .edge(let name) = group { edge = Self.edgeChoices.firstIndex(of: name) ?? 0 }
        if Int(gb_combo_row_selected(edgeRow)) != edge { gb_combo_row_select(edgeRow, guint(edge)) }
    }

    /// An edge chosen: the binding is that edge's; "none" puts an edge's binding on the screen.
    private func edgeChanged() {
        let index = Int(gb_combo_row_selected(edgeRow))
        if index > 0 {
            setGroup(.edge(Self.edgeChoices[index]))
        } else if case .edge = draft.group {
            setGroup(.screen)
        }
    }

    /// A button's new text; its accessible name stays what it does (GTK names it after its text).
    private func relabel(_ button: Widget, _ text: String, accessible: String) {
        gb_button_set_label(button, text)
        gb_accessible_label(button, accessible)
    }

    /// A row's line under its title, also its accessible description (what a screen reader says).
    private func say(_ text: String, on row: Widget) {
        gb_action_row_set_subtitle(row, text)
        gb_accessible_description(row, text)
    }

    func show(problem: String) {
        gb_label_set_text(problemLabel, problem)
        gtk_widget_set_visible(problemLabel, 1)
    }

    func stop() {
        run?.stop()
        run = nil
    }

    // MARK: Doing it

    /// Runs `try --bind` until it names a gesture, which becomes the form's.
    private func perform() {
        stop()
        relabel(performButton, "Listening…", accessible: "Perform the gesture")
        say("Starting gesturebridge try…", on: performRow)
        var measured: String?
        let started = ToolRun.start(
            ["try", "--bind", "--duration", "60"],
            onLine: { [unowned self] line in
                if line.contains(text: "Ctrl-C stops") {
                    say("Listening: make the gesture now, anywhere on the screen", on: performRow)
                }
                // The comment line before the binding: a pinch's scale, a rotation's angle.
                if let figures = ToolOutput.measured(line: line) { measured = figures }
                guard let performed = ToolOutput.performed(line: line) else { return }
                if let index = BindingForm.Kind.allCases.firstIndex(of: performed.kind) {
                    gb_combo_row_select(kindRow, guint(index))
                }
                gb_combo_row_select(fingersRow, guint(max(0, min(4, performed.fingers - 1))))
                if let direction = performed.direction, let index = BindingForm.directions.firstIndex(of: direction) {
                    gb_combo_row_select(directionRow, guint(index))
                }
                let words = [performed.kind.rawValue, "\(performed.fingers) fingers", performed.direction, measured]
                say("Performed: " + words.compactMap { $0 }.joined(separator: ", "), on: performRow)
                stop()
            },
            onExit: { [unowned self] in
                relabel(performButton, "Perform it", accessible: "Perform the gesture")
            })
        if case .failure(let problem) = started { show(problem: "\(problem)") }
        if case .success(let run) = started { self.run = run }
    }

    /// Runs `pick` for the window the next touch or click lands on; its class becomes the binding's app.
    private func pick() {
        stop()
        relabel(pickButton, "Touch a window…", accessible: "Pick the app by touching its window")
        var printed = ""
        let started = ToolRun.start(
            ["pick", "--timeout", "30"],
            onLine: { [unowned self] line in
                if line.hasPrefix("Touch or click") {
                    say("Listening: touch or click the window of the app", on: appRow)
                } else if !line.hasPrefix("gesturebridge:") {
                    printed += line + "\n"
                }
            },
            onExit: { [unowned self] in
                relabel(pickButton, "Pick the app", accessible: "Pick the app by touching its window")
                if let key = ToolOutput.pickedApp(printed) {
                    setGroup(.app(key))
                    say("Picked \(key)", on: appRow)
                } else {
                    app.toast("No app was picked")
                }
            })
        if case .failure(let problem) = started { show(problem: "\(problem)") }
        if case .success(let run) = started { self.run = run }
    }

    /// A condition changed by its control: written into the `when:` row with the others.
    private func conditionsChanged() {
        guard !filling, var conditions = BindingForm.Conditions(String(cString: gb_editable_text(whenRow))) else {
            return
        }
        let state = Int(gb_combo_row_selected(stateRow))
        conditions["state"] = state > 0 && state < Self.stateChoices.count ? Self.stateChoices[state] : ""
        conditions["title"] = String(cString: gb_editable_text(titleRow))
        conditions["quiet"] = String(cString: gb_editable_text(quietRow))
        if conditions.text != String(cString: gb_editable_text(whenRow)) {
            gb_editable_set_text(whenRow, conditions.text)
        }
    }

    /// A binding picked for `after:` or `with:`: written into its row as a list of one ("none" clears it).
    private func picked(_ pick: Widget, into row: Widget) {
        let index = Int(gb_combo_row_selected(pick))
        let current = String(cString: gb_editable_text(row))
        if index == 0 {
            // "none" clears only a single name; a list typed in the row stays.
            if !BindingForm.partner(in: current).isEmpty { gb_editable_set_text(row, "") }
        } else if index < partners.count, BindingForm.partner(in: current) != partners[index] {
            gb_editable_set_text(row, "[\(partners[index])]")
        }
    }

    /// A name for a new shape that no shape has: shape-1, shape-2, …
    static func unusedName(among shapes: [String]) -> String {
        var number = 1
        while shapes.contains("shape-\(number)") { number += 1 }
        return "shape-\(number)"
    }

    /// Runs `record --stroke NAME` (three drawings, anywhere on the screen); the shape it saves
    /// becomes the binding's, drawn with as many fingers as the drawings were.
    private func record() {
        stop()
        let name = String(cString: gb_editable_text(recordNameRow))
        relabel(recordButton, "Drawing…", accessible: "Draw a new shape")
        say("Starting gesturebridge record…", on: recordRow)
        var saved: String?
        var fingers = 1
        let started = ToolRun.start(
            ["record", "--stroke", name, "--duration", "120"],
            onLine: { [unowned self] line in
                if line.hasPrefix("draw '") || line.hasPrefix("  ") {
                    // "draw 'NAME' (2 of 3), then lift every finger", "  kept: 812 px with 1 finger"
                    say(String(line.drop { $0 == " " }), on: recordRow)
                } else if line.hasPrefix("saved ") || line.hasPrefix("replaced ") {
                    saved = String(line.drop { $0 != " " }.dropFirst().prefix { $0 != " " })
                } else if line.hasPrefix("bind it with:"), line.contains(text: "fingers: ") {
                    fingers = Int(String(line.reversed().drop { !$0.isNumber }.prefix { $0.isNumber }.reversed())) ?? 1
                } else if line.hasPrefix("gesturebridge:") || line.hasPrefix("gesturebridge record:") {
                    // The tool's own words: a name it refuses, a daemon that went away.
                    show(problem: line)
                }
            },
            onExit: { [unowned self] in
                relabel(recordButton, "Draw it", accessible: "Draw a new shape")
                guard let saved else {
                    say("Nothing was saved", on: recordRow)
                    return
                }
                if let strokeFolder, !saved.hasPrefix(strokeFolder + "/") {
                    show(problem: "Saved as \(saved), beside the running daemon's config, not this one's")
                    return
                }
                shapes = BindingForm.shapes(ownIn: strokeFolder)
                withCStrings(shapes) { gb_combo_row_set_strings(shapeRow, $0) }
                if let index = shapes.firstIndex(of: name) { gb_combo_row_select(shapeRow, guint(index)) }
                if let index = BindingForm.Kind.allCases.firstIndex(of: .stroke) {
                    gb_combo_row_select(kindRow, guint(index))
                }
                gb_combo_row_select(fingersRow, guint(max(0, min(4, fingers - 1))))
                say("Saved \(name)", on: recordRow)
                gb_editable_set_text(recordNameRow, Self.unusedName(among: shapes))
            })
        if case .failure(let problem) = started { show(problem: "\(problem)") }
        if case .success(let run) = started { self.run = run }
    }

    private func startCapture() {
        capturing = true
        relabel(captureButton, "Press them now…", accessible: "Press the keys to type")
        gb_accessible_description(captureButton, "Waiting for the keys")
    }

    /// A key press while capturing: the chord, in X's key names.
    private func captured(_ keyval: UInt32, _ state: UInt32) -> Bool {
        guard capturing, let name = gdk_keyval_name(gdk_keyval_to_lower(keyval)) else { return false }
        let modifiers = KeyChordText.Modifiers(rawValue: state)
        guard let chord = KeyChordText.chord(key: String(cString: name), modifiers: modifiers) else { return true }
        capturing = false
        gb_editable_set_text(valueRow, chord)
        relabel(captureButton, "Press keys", accessible: "Press the keys to type")
        gb_accessible_description(captureButton, "Pressed \(chord)")
        return true
    }
}
