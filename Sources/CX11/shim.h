/*
 * CX11: the Xlib, XInput2, XTest and XRandR headers GestureBridge uses, plus
 * prefixed static inline functions for the function-like macros Swift cannot
 * import. Nothing else belongs here.
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

#endif
