import CGtk
import Glibc

// Swift closures as GTK signal handlers, and the few widgets the app makes often. GObject's
// casts are in Sources/CGtk/shim.h; here a widget is a plain `GtkWidget` pointer.

typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A closure kept alive as long as the signal handler that runs it.
final class Handler {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A key press handler: the key's value and the modifiers held; true when it took the key.
final class KeyHandler {
    let run: (UInt32, UInt32) -> Bool
    init(_ run: @escaping (UInt32, UInt32) -> Bool) { self.run = run }
}

private let runTwo: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let data else { return }
    Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue().run()
}

private let runThree:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, _, data in
        guard let data else { return }
        Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue().run()
    }

private let releaseHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<Handler>.fromOpaque(data).release()
}

private let runKey:
    @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
        _, keyval, _, state, data in
        guard let data else { return 0 }
        return Unmanaged<KeyHandler>.fromOpaque(data).takeUnretainedValue().run(keyval, state.rawValue) ? 1 : 0
    }

private let releaseKeyHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<KeyHandler>.fromOpaque(data).release()
}

enum Signal {
    /// A signal whose handler takes the instance alone (`clicked`, `activated`, `changed`).
    static func on(_ instance: UnsafeMutableRawPointer?, _ name: String, _ action: @escaping () -> Void) {
        _ = gb_signal_connect_full(
            instance, name, unsafeBitCast(runTwo, to: GCallback.self),
            Unmanaged.passRetained(Handler(action)).toOpaque(), releaseHandler)
    }

    /// A `notify::property` signal (instance, property spec).
    static func onNotify(_ instance: UnsafeMutableRawPointer?, _ property: String, _ action: @escaping () -> Void) {
        _ = gb_signal_connect_full(
            instance, "notify::\(property)", unsafeBitCast(runThree, to: GCallback.self),
            Unmanaged.passRetained(Handler(action)).toOpaque(), releaseHandler)
    }

    /// Key presses on `widget`, before its children see them.
    static func onKeyPress(_ widget: Widget, _ action: @escaping (UInt32, UInt32) -> Bool) {
        gb_key_capture(
            widget, unsafeBitCast(runKey, to: GCallback.self),
            Unmanaged.passRetained(KeyHandler(action)).toOpaque(), releaseKeyHandler)
    }
}

/// Raw pointer of a widget, for the GObject calls that take a `gpointer`.
func object(_ widget: Widget) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

/// A button with a label; `suggested` styles it as the main action.
func button(_ label: String, suggested: Bool = false, _ action: @escaping () -> Void) -> Widget {
    let widget = gtk_button_new_with_label(label)!
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    // Finger-sized: at least 44 px high and wide.
    gtk_widget_set_size_request(widget, 44, 44)
    if suggested { gtk_widget_add_css_class(widget, "suggested-action") }
    Signal.on(object(widget), "clicked", action)
    return widget
}

/// A button drawn as an icon (a header's Back and Add, where words would not fit 360 px), named
/// for screen readers and with the same words as its tooltip.
func iconButton(_ icon: String, named name: String, _ action: @escaping () -> Void) -> Widget {
    let widget = gtk_button_new_from_icon_name(icon)!
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_size_request(widget, 44, 44)
    gtk_widget_set_tooltip_text(widget, name)
    gb_accessible_label(widget, name)
    Signal.on(object(widget), "clicked", action)
    return widget
}

/// A combo row over `strings`.
func comboRow(_ title: String, _ strings: [String]) -> Widget {
    withCStrings(strings) { gb_string_combo_row(title, $0)! }
}

/// Gives `strings` to C as a NULL-terminated array for the duration of `body`.
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A row with a title, an optional subtitle and a widget at its end.
func actionRow(_ title: String, subtitle: String? = nil, suffix: Widget? = nil) -> Widget {
    let row = adw_action_row_new()!
    gb_row_set_use_markup(row, 0)
    gb_row_set_title(row, title)
    if let subtitle { gb_action_row_set_subtitle(row, subtitle) }
    if let suffix { gb_action_row_add_suffix(row, suffix) }
    return row
}

/// A preferences group with a title.
func group(_ title: String, description: String? = nil) -> Widget {
    let widget = adw_preferences_group_new()!
    gb_group_set_title(widget, title)
    if let description { gb_group_set_description(widget, description) }
    return widget
}
