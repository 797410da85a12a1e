/*
 * The on-screen indicator's C parts: the Shape extension (an empty input region makes the
 * indicator click-through; a bounding mask shapes it without a compositor) and cairo, which
 * draws it. cairo is loaded with dlopen the first time an indicator is drawn, not linked:
 * the idle daemon does not map it and its dependencies (fontconfig, freetype, pixman), and a
 * system without libcairo.so.2 runs the daemon without feedback. Only the headers are needed
 * to build.
 */
#ifndef GESTUREBRIDGE_CX11_OVERLAY_H
#define GESTUREBRIDGE_CX11_OVERLAY_H

#include <X11/Xlib.h>
#include <X11/extensions/shape.h>
#include <cairo/cairo.h>
#include <cairo/cairo-xlib.h>
#include <dlfcn.h>

/* The cairo functions the indicator uses, looked up in libcairo.so.2. */
typedef struct {
    cairo_surface_t *(*xlib_surface_create)(Display *, Drawable, Visual *, int, int);
    cairo_surface_t *(*xlib_surface_create_for_bitmap)(Display *, Pixmap, Screen *, int, int);
    cairo_t *(*create)(cairo_surface_t *);
    void (*destroy)(cairo_t *);
    void (*surface_destroy)(cairo_surface_t *);
    void (*surface_flush)(cairo_surface_t *);
    void (*set_operator)(cairo_t *, cairo_operator_t);
    void (*set_source_rgba)(cairo_t *, double, double, double, double);
    void (*paint)(cairo_t *);
    void (*new_sub_path)(cairo_t *);
    void (*arc)(cairo_t *, double, double, double, double, double);
    void (*close_path)(cairo_t *);
    void (*fill)(cairo_t *);
    void (*move_to)(cairo_t *, double, double);
    void (*select_font_face)(cairo_t *, const char *, cairo_font_slant_t, cairo_font_weight_t);
    void (*set_font_size)(cairo_t *, double);
    void (*text_extents)(cairo_t *, const char *, cairo_text_extents_t *);
    void (*show_text)(cairo_t *, const char *);
    cairo_status_t (*status)(cairo_t *);
    /* For the documentation's screenshots (the tests write them): pixels to a PNG file. */
    cairo_surface_t *(*image_surface_create_for_data)(unsigned char *, cairo_format_t, int, int, int);
    cairo_status_t (*surface_write_to_png)(cairo_surface_t *, const char *);
} cx11_cairo_api;

/*
 * Loads libcairo.so.2 (`library`, for tests: another name) and fills `api`. Returns 1, or 0
 * with nothing loaded when the library or one of its functions is missing.
 */
static inline int cx11_cairo_open(const char *library, cx11_cairo_api *api) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return 0;
#define CX11_CAIRO(field, name) \
    if (!(*(void **)&api->field = dlsym(handle, name))) { dlclose(handle); return 0; }
    CX11_CAIRO(xlib_surface_create, "cairo_xlib_surface_create")
    CX11_CAIRO(xlib_surface_create_for_bitmap, "cairo_xlib_surface_create_for_bitmap")
    CX11_CAIRO(create, "cairo_create")
    CX11_CAIRO(destroy, "cairo_destroy")
    CX11_CAIRO(surface_destroy, "cairo_surface_destroy")
    CX11_CAIRO(surface_flush, "cairo_surface_flush")
    CX11_CAIRO(set_operator, "cairo_set_operator")
    CX11_CAIRO(set_source_rgba, "cairo_set_source_rgba")
    CX11_CAIRO(paint, "cairo_paint")
    CX11_CAIRO(new_sub_path, "cairo_new_sub_path")
    CX11_CAIRO(arc, "cairo_arc")
    CX11_CAIRO(close_path, "cairo_close_path")
    CX11_CAIRO(fill, "cairo_fill")
    CX11_CAIRO(move_to, "cairo_move_to")
    CX11_CAIRO(select_font_face, "cairo_select_font_face")
    CX11_CAIRO(set_font_size, "cairo_set_font_size")
    CX11_CAIRO(text_extents, "cairo_text_extents")
    CX11_CAIRO(show_text, "cairo_show_text")
    CX11_CAIRO(status, "cairo_status")
    CX11_CAIRO(image_surface_create_for_data, "cairo_image_surface_create_for_data")
    CX11_CAIRO(surface_write_to_png, "cairo_surface_write_to_png")
#undef CX11_CAIRO
    return 1;
}

/* An empty input region: pointer and touch events pass through the window to what is below. */
static inline void cx11_ClearInputShape(Display *display, Window window) {
    XShapeCombineRectangles(display, window, ShapeInput, 0, 0, NULL, 0, ShapeSet, Unsorted);
}

#endif
