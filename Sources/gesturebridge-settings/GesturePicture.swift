import CGtk
import GestureSettings

/// A binding's small picture, drawn with cairo: a dot per finger, and what they do (an arrow for
/// a swipe or a pan, arrows apart for a pinch, an arc for a rotation, a ring for a long press,
/// the shape's initial for a stroke). In the text's colour, so it follows light and dark.
enum GesturePicture {
    final class Box {
        let picture: SettingsPage.Picture
        init(_ picture: SettingsPage.Picture) { self.picture = picture }
    }

    static let size: Int32 = 44

    static func widget(for row: SettingsPage.Row) -> Widget {
        let area = gtk_drawing_area_new()!
        gb_drawing_area_setup(area, size, draw, Unmanaged.passRetained(Box(row.picture)).toOpaque(), release)
        gtk_widget_set_valign(area, GTK_ALIGN_CENTER)
        let words = [row.picture.kind, "\(row.picture.fingers) fingers", row.picture.detail].compactMap { $0 }
        gtk_widget_set_tooltip_text(area, words.joined(separator: ", "))
        return area
    }

    private static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<Box>.fromOpaque(data).release()
    }

    private static let draw: GtkDrawingAreaDrawFunc = { area, cairo, width, height, data in
        guard let area, let cairo, let data else { return }
        let picture = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().picture
        var color = GdkRGBA()
        gtk_style_context_get_color(
            gtk_widget_get_style_context(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)), &color)
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        cairo_set_line_width(cairo, 2)
        let (w, h) = (Double(width), Double(height))
        let count = max(1, min(picture.fingers, 5))
        // The fingers: dots in a row across the middle.
        let gap = w / Double(count + 1)
        for index in 1...count {
            cairo_arc(cairo, gap * Double(index), h * 0.5, 3.5, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
        func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            cairo_move_to(cairo, x0, y0)
            cairo_line_to(cairo, x1, y1)
            // The arrow's head.
            let angle = atan2(y1 - y0, x1 - x0)
            for side in [-0.5, 0.5] {
                cairo_move_to(cairo, x1, y1)
                cairo_line_to(cairo, x1 - 6 * cos(angle + side), y1 - 6 * sin(angle + side))
            }
            cairo_stroke(cairo)
        }
        switch picture.kind {
        case "swipe", "pan":
            let (dx, dy): (Double, Double) =
                switch picture.detail {
                case "right": (1, 0)
                case "up": (0, -1)
                case "down": (0, 1)
                default: (-1, 0)
                }
            line(
                w / 2 - dx * w * 0.35, h / 2 - dy * h * 0.35 + (dy == 0 ? h * 0.3 : 0), w / 2 + dx * w * 0.35,
                h / 2 + dy * h * 0.35 + (dy == 0 ? h * 0.3 : 0))
        case "pinch":
            line(w * 0.35, h * 0.8, w * 0.05, h * 0.8)
            line(w * 0.65, h * 0.8, w * 0.95, h * 0.8)
        case "rotate":
            cairo_arc(cairo, w / 2, h / 2, w * 0.42, -Double.pi * 0.8, -Double.pi * 0.2)
            cairo_stroke(cairo)
        case "long-press":
            cairo_arc(cairo, w / 2, h / 2, w * 0.45, 0, 2 * Double.pi)
            cairo_stroke(cairo)
        case "stroke":
            cairo_set_font_size(cairo, 14)
            cairo_move_to(cairo, 2, h * 0.3)
            cairo_show_text(cairo, String((picture.detail ?? "?").prefix(5)))
        default:
            break
        }
    }
}
