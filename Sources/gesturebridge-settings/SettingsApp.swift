import CGtk
import GestureConfig
import GestureSettings
import Glibc

/// The app: the config it edits, the window, the list of bindings and the editor.
///
/// One window with a stack of two pages: the list (the config's groups, a row per binding with
/// its switch) and the editor of one binding (`BindingEditor`). Saving makes the change in the
/// text (`BindingForm.save`, `ConfigDocument`), writes it through a temporary file and a rename
/// (`OutputFile.replaceConfig`), and the running daemon reloads it as it does any edit.
final class SettingsApp {
    let explicitPath: String?
    private var application: UnsafeMutablePointer<AdwApplication>?
    private var stack: Widget?
    private var toasts: Widget?
    private var title: Widget?
    private var addButton: Widget?
    private var backButton: Widget?
    private var saveButton: Widget?
    private var tryButton: Widget?
    private var tryStrip: Widget?
    private var tryLines: [String] = []
    private var tryRun: ToolRun?
    private var listPage: Widget?
    private var editorPage: Widget?
    private var editor: BindingEditor?
    /// The config as loaded, or nil with the problem shown.
    private(set) var document: ConfigDocument?
    /// Where saving writes, and the file it started from (the system's, before your first save).
    private(set) var target = ""
    private var source: String?

    init(configPath: String?) {
        explicitPath = configPath
    }

    func run() -> Int32 {
        // NON_UNIQUE: a second start opens a window of its own (another --config, say).
        application = adw_application_new("io.github.gesturebridge.Settings", G_APPLICATION_NON_UNIQUE)
        Signal.on(UnsafeMutableRawPointer(application), "activate") { [unowned self] in openWindow() }
        // GApplication gets no arguments of ours (it would refuse --config).
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("gesturebridge-settings"), nil]
        defer { free(arguments[0]) }
        let status = g_application_run(gb_application(application), 1, &arguments)
        // A `try` or `pick` still running would outlive the window (up to its own time limit).
        tryRun?.stop()
        editor?.stop()
        g_object_unref(UnsafeMutableRawPointer(application))
        return status
    }

    // MARK: The window

    private func openWindow() {
        let window = adw_application_window_new(gb_gtk_application(application))!
        gb_window_set_title(window, "GestureBridge Settings")
        gb_window_set_default_size(window, 480, 720)
        // Usable down to a 2-in-1 in portrait (360 × 640).
        gtk_widget_set_size_request(window, 360, 480)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let header = adw_header_bar_new()!
        title = adw_window_title_new("Gestures", "")
        gb_header_set_title(header, title!)
        backButton = iconButton("go-previous-symbolic", named: "Back to the list") { [unowned self] in showList() }
        addButton = iconButton("list-add-symbolic", named: "Add a gesture") { [unowned self] in openEditor(nil) }
        saveButton = button("Save", suggested: true) { [unowned self] in save() }
        tryButton = gtk_toggle_button_new_with_label("Try")!
        gtk_widget_set_size_request(tryButton!, 44, 44)
        gb_accessible_label(tryButton!, "Try gestures live")
        Signal.onNotify(object(tryButton!), "active") { [unowned self] in toggleTry() }
        gb_header_pack_start(header, backButton!)
        gb_header_pack_start(header, tryButton!)
        gb_header_pack_end(header, addButton!)
        gb_header_pack_end(header, saveButton!)
        gb_box_append(box, header)

        stack = gtk_stack_new()
        gtk_widget_set_vexpand(stack!, 1)
        toasts = adw_toast_overlay_new()
        gb_toast_overlay_set_child(toasts!, stack!)
        gb_box_append(box, toasts!)

        // The live strip: what `gesturebridge try` says of each gesture, without acting.
        tryStrip = gtk_label_new("")
        gb_label_setup(tryStrip!)
        gtk_widget_set_margin_start(tryStrip!, 12)
        gtk_widget_set_margin_end(tryStrip!, 12)
        gtk_widget_set_margin_bottom(tryStrip!, 8)
        gtk_widget_set_visible(tryStrip!, 0)
        gb_accessible_label(tryStrip!, "What the gestures you make would do")
        gb_box_append(box, tryStrip!)

        gb_adw_window_set_content(window, box)
        // Finger-sized: the header's buttons, the window's own (minimize, maximize, close)
        // included, are 44 px high as the rest; Adwaita draws them 34 and 24 px.
        gb_add_css(
            """
            headerbar button { min-height: 44px; padding-top: 0; padding-bottom: 0; }
            headerbar windowcontrols button { min-width: 44px; min-height: 44px; padding: 0; }
            """)
        load()
        showList()
        gb_window_present(window)
    }

    /// Reads the config; a file that does not load is shown with its errors, and not edited.
    private func load() {
        let (target, source) = ConfigLocator().editTarget(explicit: explicitPath)
        self.target = target
        self.source = source
        do {
            let text = try source.map { path throws(ConfigErrors) in try ConfigFile.read(path) } ?? ""
            document = try ConfigDocument(
                text: text, file: source ?? target, strokeFolder: StrokeTemplateFile.folder(forConfigAt: target))
        } catch {
            document = nil
            showProblem("The config cannot be edited here until it loads:\n\(error)")
        }
    }

    private func showProblem(_ text: String) {
        guard let stack else { return }
        let status = adw_status_page_new()!
        gb_status_page_set(status, "dialog-warning-symbolic", "The config has errors", text)
        gb_stack_add(stack, status, "problem")
        gb_stack_show(stack, "problem")
    }

    // MARK: The list

    private func showList() {
        editor?.stop()
        editor = nil
        guard let stack, let document else { return }
        if let listPage { gb_stack_remove(stack, listPage) }
        if let editorPage { gb_stack_remove(stack, editorPage) }
        editorPage = nil
        let page = SettingsPage(document: document)
        listPage = listWidget(page)
        gb_stack_add(stack, listPage!, "list")
        gb_stack_show(stack, "list")
        gb_window_title_set(title!, "Gestures", target)
        gtk_widget_set_visible(backButton!, 0)
        gtk_widget_set_visible(saveButton!, 0)
        gtk_widget_set_visible(addButton!, 1)
        gtk_widget_set_visible(tryButton!, 1)
    }

    private func listWidget(_ page: SettingsPage) -> Widget {
        let widget = adw_preferences_page_new()!
        for section in page.sections {
            let sectionGroup = group(section.title)
            for row in section.rows {
                gb_group_add(sectionGroup, bindingRow(row))
            }
            gb_page_add(widget, sectionGroup)
        }
        if page.sections.isEmpty {
            gb_page_add(widget, group("Nothing is bound yet", description: "Add a gesture with Add."))
        }
        return widget
    }

    /// A binding's row: its picture, name and words, its switch (a tap on the row works it), Edit.
    private func bindingRow(_ row: SettingsPage.Row) -> Widget {
        var subtitle = row.subtitle
        if let reason = row.readOnlyReason { subtitle += "\nRead-only here: \(reason)." }
        let widget = actionRow(row.title, subtitle: subtitle)
        gb_action_row_add_prefix(widget, GesturePicture.widget(for: row))
        gb_accessible_description(widget, subtitle)
        guard row.readOnlyReason == nil else { return widget }
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gb_switch_set_active(toggle, row.isEnabled ? 1 : 0)
        gb_accessible_label(toggle, "\(row.title) on")
        Signal.onNotify(object(toggle), "active") { [unowned self] in
            setEnabled(row.entry, gb_switch_active(toggle) != 0)
        }
        gb_action_row_add_suffix(widget, toggle)
        // A switch is 26 px high: a tap anywhere on its row (50 px and more) works it, as in
        // GNOME's own settings; Edit is a button of its own beside it.
        gb_action_row_set_activatable_widget(widget, toggle)
        let open = button("Edit") { [unowned self] in openEditor(row.entry) }
        gb_accessible_label(open, "Edit \(row.title)")
        gb_action_row_add_suffix(widget, open)
        return widget
    }

    private func setEnabled(_ entry: ConfigDocument.Entry, _ on: Bool) {
        guard let document else { return }
        let original = BindingForm(entry, in: document)
        guard original.enabled != on else { return }
        var form = original
        form.enabled = on
        let written = write { () throws(ConfigDocument.EditError) in
            try form.save(into: document, replacing: entry, original: original)
        } then: { [unowned self] in
            toast(on ? "Switched on" : "Switched off")
        }
        // Not written: the list shows the file as it is again (the switch back where it was).
        if !written { showList() }
    }

    // MARK: The editor

    private func openEditor(_ entry: ConfigDocument.Entry?) {
        guard let stack, let document else { return }
        let editor = BindingEditor(document: document, entry: entry, app: self)
        self.editor = editor
        if let editorPage { gb_stack_remove(stack, editorPage) }
        editorPage = editor.widget
        gb_stack_add(stack, editorPage!, "editor")
        gb_stack_show(stack, "editor")
        gb_window_title_set(title!, entry == nil ? "New gesture" : (entry?.name ?? "Gesture"), target)
        gtk_widget_set_visible(backButton!, 1)
        gtk_widget_set_visible(saveButton!, 1)
        gtk_widget_set_visible(addButton!, 0)
        // Trying is the list's: the editor has Perform it. Without the toggle the header fits a
        // 360 px window (Back, the title, Save and the window's three buttons; with Try it took 422).
        gb_toggle_set_active(tryButton!, 0)
        gtk_widget_set_visible(tryButton!, 0)
    }

    private func save() {
        guard let editor, let document else { return }
        let form = editor.form
        write { () throws(ConfigDocument.EditError) in
            try form.save(into: document, replacing: editor.entry, original: editor.original)
        } then: { [unowned self] in
            toast("Saved to \(target)")
            showList()
        }
    }

    /// Makes an edit, writes it, and goes on; a refused edit or a failed write is said, and
    /// nothing changes. Whether it was written.
    @discardableResult
    private func write(
        _ edit: () throws(ConfigDocument.EditError) -> ConfigDocument, then done: () -> Void
    ) -> Bool {
        do {
            let edited = try edit()
            try OutputFile.replaceConfig(target, with: edited.text)
            document = edited
            source = target
            done()
            return true
        } catch let error as ConfigDocument.EditError {
            editor?.show(problem: "\(error)")
            if editor == nil { toast("Not saved: \(error)") }
        } catch {
            editor?.show(problem: "Not saved: \(error)")
            if editor == nil { toast("Not saved: \(error)") }
        }
        return false
    }

    func toast(_ text: String) {
        if let toasts { gb_toast(toasts, text) }
    }

    // MARK: Trying

    private func toggleTry() {
        guard let tryButton, let tryStrip else { return }
        let on = gb_toggle_active(tryButton) != 0
        if !on {
            tryRun?.stop()
            tryRun = nil
            gtk_widget_set_visible(tryStrip, 0)
            return
        }
        tryLines = ["Make a gesture: what it would do shows here (nothing is performed)."]
        gb_label_set_text(tryStrip, tryLines.joined(separator: "\n"))
        gtk_widget_set_visible(tryStrip, 1)
        switch ToolRun.start(
            ["try"],
            onLine: { [unowned self] line in
                guard !line.isEmpty else { return }
                tryLines = Array((tryLines + [line]).suffix(6))
                gb_label_set_text(tryStrip, tryLines.joined(separator: "\n"))
            },
            onExit: { [unowned self] in
                tryRun = nil
                tryLines.append("(gesturebridge try ended: is the daemon running?)")
                gb_label_set_text(tryStrip, tryLines.suffix(6).joined(separator: "\n"))
            })
        {
        case .success(let run): tryRun = run
        case .failure(let problem): gb_label_set_text(tryStrip, "\(problem)")
        }
    }
}
