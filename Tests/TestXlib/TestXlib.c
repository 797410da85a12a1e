// A lost test X server fails the test that used it, never the test process.
//
// Once libX11 (1.8) has seen a connection break it sets XlibDisplayIOError, calls the IO
// error handler, then the display's exit handler; both exit by default. Here both return.
// From then on _XSend returns at once without emptying the output buffer, so requests pile
// up in it; once it is full, _XGetRequest prints "request N length L would exceed buffer
// size" and returns NULL, which the request macros write through. An after function (run by
// SyncHandle at the end of nearly every request) empties the buffer of a lost display, so it
// never fills. This needs the Display's private fields (Xlibint.h), which is why it is C.
#include "TestXlib.h"

#include <X11/Xlibint.h>
#include <dlfcn.h>
#include <pthread.h>

static gb_xlib_loss_callback loss_callback;

static int returning_io_error_handler(Display *display) {
    if (loss_callback) loss_callback(display ? DisplayString(display) : "?");
    return 0;
}

/// Empties the output buffer of a lost display (nothing will ever send it).
static void discard_output(Display *display) {
    static const xReq dummy_request;
    display->bufptr = display->buffer;
    display->last_req = (char *)&dummy_request;
}

/// Called inside _XIOError: also where the loss was found by a flush that made room for a
/// request (_XGetRequest goes on to use that room once this returns).
static void returning_exit_handler(Display *display, void *data) {
    (void)data;
    discard_output(display);
}

static int discard_requests_after_loss(Display *display) {
    if (display->flags & XlibDisplayIOError) discard_output(display);
    return 0;
}

static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;

void gb_xlib_install_loss_handler(gb_xlib_loss_callback lost) {
    pthread_mutex_lock(&install_lock);
    if (!loss_callback) {
        loss_callback = lost;
        XSetIOErrorHandler(returning_io_error_handler);
    }
    pthread_mutex_unlock(&install_lock);
}

void gb_xlib_survive_loss(Display *display) {
    XSetIOErrorExitHandler(display, returning_exit_handler, NULL);
    XSetAfterFunction(display, discard_requests_after_loss);
}

// The X-Resource extension's XResQueryClientResources, from libXRes.so.1 at run time: the
// library is installed for the tests (Scripts/deps.sh), its header is not.
typedef struct {
    Atom resource_type;
    unsigned int count;
} gb_xres_type;

int gb_test_client_resource_count(Display *display, unsigned long resource) {
    static void *library;
    static Status (*query)(Display *, XID, int *, gb_xres_type **);
    if (!library) {
        library = dlopen("libXRes.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!library) return -1;
        query = (Status(*)(Display *, XID, int *, gb_xres_type **))dlsym(library, "XResQueryClientResources");
    }
    if (!query) return -1;
    int count = 0;
    gb_xres_type *types = NULL;
    if (!query(display, (XID)resource, &count, &types)) return -2;
    int total = 0;
    for (int index = 0; index < count; index++) total += (int)types[index].count;
    if (types) XFree(types);
    return total;
}
