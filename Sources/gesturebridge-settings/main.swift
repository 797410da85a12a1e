import CGtk
import GestureConfig
import GestureSettings
import Glibc

// gesturebridge-settings: the graphical settings app, in GTK 4 and libadwaita over their C API
// (Sources/CGtk). A separate executable so the daemon never links GTK.
//
// This first version shows what is bound, grouped as the config groups it, each binding with
// its gesture, what it does and its conditions in the file's own words, and why a binding is
// read-only where the editor (`ConfigDocument`) would not rewrite it. Editing, "perform it"
// and "pick the app" are not built yet (issue 28).

/// What went wrong, rendered in one place: on stderr for the command line, on a status page in the window.
enum SettingsProblem: Error, CustomStringConvertible {
    case usage(String)
    case config(String)

    var description: String {
        switch self {
        case .usage(let problem), .config(let problem): problem
        }
    }
}

/// What the command line says.
struct Options {
    var configPath: String?
    var showHelp = false

    static let usage = """
        USAGE: gesturebridge-settings [--config <file>]

        Shows the gestures the GestureBridge config binds, grouped as the file groups them.

        OPTIONS:
          --config <file>   The config file to show. Default: the one the daemon reads,
                            $XDG_CONFIG_HOME/gesturebridge/config.yaml, else
                            /etc/xdg/gesturebridge/config.yaml.
          -h, --help        Show this help.
        """

    static func parse(_ arguments: [String]) -> Result<Options, SettingsProblem> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": options.showHelp = true
            case "--config":
                guard let path = rest.popFirst() else { return .failure(.usage("--config needs a file")) }
                options.configPath = path
            default: return .failure(.usage("unknown argument '\(argument)'"))
            }
        }
        return .success(options)
    }
}

/// The app's state, reached from GTK's callbacks through their user data.
final class SettingsApp {
    let configPath: String?
    private(set) var application: UnsafeMutablePointer<AdwApplication>?

    init(configPath: String?) {
        self.configPath = configPath
    }

    /// The config's path: the one given, or the daemon's.
    var resolvedPath: String? {
        configPath ?? ConfigLocator().locate()
    }

    /// Loads the config into the page the window shows, or the problem.
    func load() -> Result<SettingsPage, SettingsProblem> {
        guard let path = resolvedPath else {
            return .failure(.config("There is no config file yet. `gesturebridge check` tells where it is looked for."))
        }
        do {
            let text = try ConfigFile.read(path)
            let document = try ConfigDocument(
                text: text, file: path, strokeFolder: StrokeTemplateFile.folder(forConfigAt: path))
            return .success(SettingsPage(document: document))
        } catch {
            return .failure(.config("\(error)"))
        }
    }

    func run() -> Int32 {
        // NON_UNIQUE: a second window opens another app, as the config may differ (--config).
        application = adw_application_new("io.github.gesturebridge.Settings", G_APPLICATION_NON_UNIQUE)
        let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<SettingsApp>.fromOpaque(data).takeUnretainedValue().openWindow()
        }
        _ = gb_signal_connect(
            UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque())
        // GApplication gets no arguments of ours (it would refuse --config).
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("gesturebridge-settings"), nil]
        defer { free(arguments[0]) }
        let status = g_application_run(gb_application(application), 1, &arguments)
        g_object_unref(UnsafeMutableRawPointer(application))
        return status
    }

    /// The window: a header bar over the page of groups, or a status page saying what is wrong.
    func openWindow() {
        let window = adw_application_window_new(gb_gtk_application(application))!
        gb_window_set_title(window, "GestureBridge Settings")
        gb_window_set_default_size(window, 480, 720)
        // Usable down to a 2-in-1 in portrait.
        gtk_widget_set_size_request(window, 360, 480)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let header = adw_header_bar_new()!
        gb_box_append(box, header)
        switch load() {
        case .success(let page):
            gb_box_append(box, Self.pageWidget(page, path: resolvedPath ?? ""))
        case .failure(let problem):
            let status = adw_status_page_new()!
            gb_status_page_set(status, "dialog-warning-symbolic", "The config cannot be shown", "\(problem)")
            gtk_widget_set_vexpand(status, 1)
            gb_box_append(box, status)
        }
        gb_adw_window_set_content(window, box)
        gb_window_present(window)
    }

    /// One group per section, one row per binding.
    static func pageWidget(_ page: SettingsPage, path: String) -> UnsafeMutablePointer<GtkWidget> {
        let widget = adw_preferences_page_new()!
        gtk_widget_set_vexpand(widget, 1)
        for section in page.sections {
            let group = adw_preferences_group_new()!
            gb_group_set_title(group, section.title)
            for row in section.rows {
                let rowWidget = adw_action_row_new()!
                gb_row_set_use_markup(rowWidget, 0)
                gb_row_set_title(rowWidget, row.title)
                var subtitle = row.subtitle
                if let reason = row.readOnlyReason {
                    subtitle += "\nRead-only here: \(reason)."
                    let lock = gtk_image_new_from_icon_name("changes-prevent-symbolic")!
                    gtk_widget_set_tooltip_text(lock, "Read-only here: \(reason).")
                    gb_accessible_label(lock, "read-only")
                    gb_action_row_add_suffix(rowWidget, lock)
                }
                gb_action_row_set_subtitle(rowWidget, subtitle)
                gb_accessible_description(rowWidget, subtitle)
                gb_group_add(group, rowWidget)
            }
            gb_page_add(widget, group)
        }
        if page.sections.isEmpty {
            let group = adw_preferences_group_new()!
            gb_group_set_title(group, "Nothing is bound yet")
            gb_group_set_description(group, "\(path) binds no gesture.")
            gb_page_add(widget, group)
        }
        return widget
    }
}

switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let problem):
    let message = "gesturebridge-settings: \(problem)\n\(Options.usage)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(64)
case .success(let options) where options.showHelp:
    print(Options.usage)
case .success(let options):
    exit(SettingsApp(configPath: options.configPath).run())
}
