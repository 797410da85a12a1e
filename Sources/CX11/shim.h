/*
 * CX11: the Xlib, XInput2, XTest and XRandR headers GestureBridge uses, plus
 * prefixed static inline functions for the function-like macros Swift cannot
 * import, and the one pair of requests sent through XCB so that they share a
 * round trip (Xlib waits for each reply before sending the next request);
 * overlay.h has the on-screen indicator's Shape and cairo parts. Nothing else belongs here.
 */
#ifndef GESTUREBRIDGE_CX11_SHIM_H
#define GESTUREBRIDGE_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/Xlib-xcb.h>
#include <xcb/xcb.h>
#include <stdlib.h>
#include "overlay.h"

/* XIMaskLen(event): bytes needed for a mask holding `event`. */
static inline int cx11_XIMaskLen(int event) { return XIMaskLen(event); }

/* XISetMask(mask, event). */
static inline void cx11_XISetMask(unsigned char *mask, int event) { XISetMask(mask, event); }

/* XIClearMask(mask, event). */
static inline void cx11_XIClearMask(unsigned char *mask, int event) { XIClearMask(mask, event); }

/* XIMaskIsSet(mask, event). */
static inline int cx11_XIMaskIsSet(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) != 0; }

/* ConnectionNumber(display): the connection's file descriptor, for poll(2). */
static inline int cx11_ConnectionNumber(Display *display) { return ConnectionNumber(display); }

/* DefaultScreen(display). */
static inline int cx11_DefaultScreen(Display *display) { return DefaultScreen(display); }

/* RootWindow(display, screen). */
static inline Window cx11_RootWindow(Display *display, int screen) { return RootWindow(display, screen); }

/* DefaultVisual, DefaultDepth and ScreenOfDisplay, for the indicator's window. */
static inline Visual *cx11_DefaultVisual(Display *display, int screen) { return DefaultVisual(display, screen); }
static inline int cx11_DefaultDepth(Display *display, int screen) { return DefaultDepth(display, screen); }
static inline Screen *cx11_ScreenOfDisplay(Display *display, int screen) { return ScreenOfDisplay(display, screen); }
/* DefaultColormap, for the touch marks' colour. */
static inline Colormap cx11_DefaultColormap(Display *display, int screen) { return DefaultColormap(display, screen); }

/* DisplayWidth / DisplayHeight (pixels) and DisplayWidthMM / DisplayHeightMM. */
static inline int cx11_DisplayWidth(Display *display, int screen) { return DisplayWidth(display, screen); }
static inline int cx11_DisplayHeight(Display *display, int screen) { return DisplayHeight(display, screen); }
static inline int cx11_DisplayWidthMM(Display *display, int screen) { return DisplayWidthMM(display, screen); }
static inline int cx11_DisplayHeightMM(Display *display, int screen) { return DisplayHeightMM(display, screen); }

/* XGetPixel(image, x, y) and XDestroyImage(image): the tests read the screen's pixels. */
static inline unsigned long cx11_XGetPixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline int cx11_XDestroyImage(XImage *image) { return XDestroyImage(image); }

/* The XIAnyModifier constant, which Swift imports with the wrong signedness. */
static inline int cx11_XIAnyModifier(void) { return (int)XIAnyModifier; }

/*
 * GetInputFocus and a GrabKeyboard on `probe`, sent together through XCB on Xlib's own
 * connection and answered in one round trip. Stores the focus window in `focus` (0 for None,
 * 1 for PointerRoot) and returns the grab status (GrabSuccess, AlreadyGrabbed, GrabFrozen,
 * GrabNotViewable, GrabInvalidTime), or -1 without an answer. A grab that succeeded is
 * released at once. Xlib's own pending requests go first (XFlush).
 */
static inline int cx11_FocusAndGrabStatus(Display *display, Window probe, Window *focus) {
    xcb_connection_t *connection = XGetXCBConnection(display);
    XFlush(display);
    xcb_grab_keyboard_cookie_t grab = xcb_grab_keyboard(
        connection, 0, (xcb_window_t)probe, XCB_CURRENT_TIME, XCB_GRAB_MODE_ASYNC, XCB_GRAB_MODE_ASYNC);
    xcb_get_input_focus_cookie_t asked = xcb_get_input_focus(connection);
    xcb_grab_keyboard_reply_t *grabbed = xcb_grab_keyboard_reply(connection, grab, NULL);
    xcb_get_input_focus_reply_t *focused = xcb_get_input_focus_reply(connection, asked, NULL);
    int status = grabbed ? grabbed->status : -1;
    *focus = focused ? focused->focus : 0;
    if (status == XCB_GRAB_STATUS_SUCCESS) {
        xcb_ungrab_keyboard(connection, XCB_CURRENT_TIME);
        xcb_flush(connection);
    }
    free(grabbed);
    free(focused);
    return status;
}

#endif
