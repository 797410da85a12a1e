#ifndef GESTUREBRIDGE_TEST_XLIB_H
#define GESTUREBRIDGE_TEST_XLIB_H

#include <X11/Xlib.h>

/// What the test process does when a display's server is lost: `lost` is called once per display,
/// on the thread that found the loss, with the display's name (XDisplayString).
typedef void (*gb_xlib_loss_callback)(const char *name);

/// Installs, once for the process, an IO error handler that returns instead of exiting
/// (Xlib's default prints "X connection to :N broken" and exits the whole test process) and
/// calls `lost`. Call before the first display is opened.
void gb_xlib_install_loss_handler(gb_xlib_loss_callback lost);

/// Makes losing `display`'s server safe for the rest of the process: its exit handler returns,
/// and every request made on it afterwards is discarded, so that Xlib's output buffer, which no
/// longer drains, never fills up (libX11 then returns NULL from _XGetRequest, and its callers
/// write through it: the SIGSEGV that once ended a whole test run).
void gb_xlib_survive_loss(Display *display);

/// How many resources (windows, pixmaps, colormaps, GCs, ...) the client that owns
/// `resource` holds on the server, by the X-Resource extension (libXRes.so.1, loaded on first
/// use); -1 when the library is missing, -2 when the server does not answer.
int gb_test_client_resource_count(Display *display, unsigned long resource);

#endif
