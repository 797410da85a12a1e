/*
 * x11-test-client: a real X client for GestureBridge's tests, which records what it receives.
 *
 * Usage: x11-test-client DISPLAY INSTANCE CLASS TITLE X Y W H [FLAGS...]
 *
 * It creates a top-level window with WM_CLASS (INSTANCE, CLASS) and WM_NAME (TITLE) at
 * X,Y sized W×H, maps it, and prints one JSON object per line on stdout for every event
 * it receives, flushed at once. Every line has "t", CLOCK_MONOTONIC in microseconds when
 * the event was read, and "type". Once the window is mapped (and focused, with --focus)
 * it prints {"type":"ready","window":N}.
 *
 * Always selected (core events): KeyPress/KeyRelease ("keycode", "keysym" from
 * XLookupKeysym index 0, "lookup" from XLookupString, "state"), ButtonPress/Release
 * ("button", "x", "y", "root_x", "root_y", "state"), FocusIn/FocusOut ("mode",
 * "detail"), MapNotify/UnmapNotify, and WM_DELETE_WINDOW ("DeleteWindow", then it exits 0).
 *
 * Flags:
 *   --select-touch   select XI2 TouchBegin/Update/End on the window (lines "TouchBegin",
 *                    "TouchUpdate", "TouchEnd" with "detail" (touch id), "flags", "device",
 *                    "source", "root_x", "root_y", "event_x", "event_y", "state")
 *   --ownership      also select XI_TouchOwnership ("TouchOwnership", "detail", "flags")
 *   --root-gestures  select XI 2.4 GesturePinch and GestureSwipe begin/update/end on the root
 *                    ("detail" = fingers, "delta_x", "delta_y", "scale", "delta_angle", "flags")
 *   --focus          XSetInputFocus on the window once it is mapped, before "ready"
 *   --focus-child    keep the keyboard focus on a 1×1 input-only child, as GTK (GDK's focus
 *                    window) and Java (AWT's FocusProxy) do: whenever the window itself gets
 *                    the focus, it passes it to the child; --focus and `focus` focus the child.
 *                    The child selects the keys (they do not propagate past the focus window).
 *   --grab-touches   create no window: grab touches on the root (XIGrabTouchBegin, all master
 *                    devices, any modifier), print the touches it owns, and never accept or
 *                    reject them: the stand-in for a daemon that is killed mid-gesture
 *
 * Commands, one per line on stdin:
 *   mark N   XSync, print every event received so far, then {"type":"mark","value":N}: a barrier
 *            after which the lines hold everything the server sent before the command
 *   focus    XSetInputFocus on the window
 *   grab-keyboard    XGrabKeyboard on the window, as a screen locker or an open menu does;
 *                    prints {"type":"grab","status":N}
 *   ungrab-keyboard  XUngrabKeyboard
 *   grab-pointer     XGrabPointer on the window, as an open menu or a drag does;
 *                    prints {"type":"grab","status":N}
 *   ungrab-pointer   XUngrabPointer
 * End of stdin (the test process went away) ends the client.
 *
 * Test infrastructure, not installed.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/XInput2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

static long long now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void emit(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

static int on_error(Display *display, XErrorEvent *error) {
    char text[128];
    XGetErrorText(display, error->error_code, text, sizeof text);
    emit("{\"t\":%lld,\"type\":\"error\",\"code\":%d,\"request\":%d,\"minor\":%d,\"message\":\"%s\"}",
         now_us(), error->error_code, error->request_code, error->minor_code, text);
    return 0;
}

static const char *xi_name(int evtype) {
    switch (evtype) {
    case XI_TouchBegin: return "TouchBegin";
    case XI_TouchUpdate: return "TouchUpdate";
    case XI_TouchEnd: return "TouchEnd";
    case XI_TouchOwnership: return "TouchOwnership";
    case XI_GesturePinchBegin: return "GesturePinchBegin";
    case XI_GesturePinchUpdate: return "GesturePinchUpdate";
    case XI_GesturePinchEnd: return "GesturePinchEnd";
    case XI_GestureSwipeBegin: return "GestureSwipeBegin";
    case XI_GestureSwipeUpdate: return "GestureSwipeUpdate";
    case XI_GestureSwipeEnd: return "GestureSwipeEnd";
    default: return NULL;
    }
}

static const char *keysym_name(KeySym keysym) {
    const char *name = keysym == NoSymbol ? NULL : XKeysymToString(keysym);
    return name ? name : "";
}

static void emit_xi(long long t, XGenericEventCookie *cookie) {
    const char *name = xi_name(cookie->evtype);
    if (!name) return;
    switch (cookie->evtype) {
    case XI_TouchBegin: case XI_TouchUpdate: case XI_TouchEnd: {
        XIDeviceEvent *e = cookie->data;
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"detail\":%d,\"flags\":%d,\"device\":%d,\"source\":%d,"
             "\"root_x\":%.3f,\"root_y\":%.3f,\"event_x\":%.3f,\"event_y\":%.3f,\"state\":%d,\"time\":%lu}",
             t, name, e->event, e->detail, e->flags, e->deviceid, e->sourceid,
             e->root_x, e->root_y, e->event_x, e->event_y, e->mods.effective, e->time);
        break;
    }
    case XI_TouchOwnership: {
        XITouchOwnershipEvent *e = cookie->data;
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"detail\":%u,\"flags\":%d,\"device\":%d,\"source\":%d}",
             t, name, e->event, e->touchid, e->flags, e->deviceid, e->sourceid);
        break;
    }
    case XI_GesturePinchBegin: case XI_GesturePinchUpdate: case XI_GesturePinchEnd: {
        XIGesturePinchEvent *e = cookie->data;
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"detail\":%d,\"flags\":%d,\"device\":%d,\"source\":%d,"
             "\"root_x\":%.3f,\"root_y\":%.3f,\"delta_x\":%.3f,\"delta_y\":%.3f,\"scale\":%.4f,\"delta_angle\":%.4f}",
             t, name, e->event, e->detail, e->flags, e->deviceid, e->sourceid,
             e->root_x, e->root_y, e->delta_x, e->delta_y, e->scale, e->delta_angle);
        break;
    }
    case XI_GestureSwipeBegin: case XI_GestureSwipeUpdate: case XI_GestureSwipeEnd: {
        XIGestureSwipeEvent *e = cookie->data;
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"detail\":%d,\"flags\":%d,\"device\":%d,\"source\":%d,"
             "\"root_x\":%.3f,\"root_y\":%.3f,\"delta_x\":%.3f,\"delta_y\":%.3f}",
             t, name, e->event, e->detail, e->flags, e->deviceid, e->sourceid,
             e->root_x, e->root_y, e->delta_x, e->delta_y);
        break;
    }
    }
}

static void emit_core(long long t, Display *display, XEvent *event, Atom delete_window) {
    switch (event->type) {
    case KeyPress: case KeyRelease: {
        XKeyEvent *e = &event->xkey;
        KeySym lookup = NoSymbol;
        char text[16];
        XLookupString(e, text, sizeof text, &lookup, NULL);
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"keycode\":%u,\"keysym\":\"%s\",\"lookup\":\"%s\","
             "\"state\":%u,\"time\":%lu}",
             t, event->type == KeyPress ? "KeyPress" : "KeyRelease", e->window, e->keycode,
             keysym_name(XLookupKeysym(e, 0)), keysym_name(lookup), e->state, e->time);
        break;
    }
    case ButtonPress: case ButtonRelease: {
        XButtonEvent *e = &event->xbutton;
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"button\":%u,\"event_x\":%d,\"event_y\":%d,"
             "\"root_x\":%d,\"root_y\":%d,\"state\":%u,\"time\":%lu}",
             t, event->type == ButtonPress ? "ButtonPress" : "ButtonRelease", e->window, e->button,
             e->x, e->y, e->x_root, e->y_root, e->state, e->time);
        break;
    }
    case FocusIn: case FocusOut: {
        XFocusChangeEvent *e = &event->xfocus;
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu,\"mode\":%d,\"detail\":%d}",
             t, event->type == FocusIn ? "FocusIn" : "FocusOut", e->window, e->mode, e->detail);
        break;
    }
    case MapNotify: case UnmapNotify:
        emit("{\"t\":%lld,\"type\":\"%s\",\"window\":%lu}", t,
             event->type == MapNotify ? "MapNotify" : "UnmapNotify", event->xany.window);
        break;
    case ClientMessage:
        if ((Atom)event->xclient.data.l[0] == delete_window) {
            emit("{\"t\":%lld,\"type\":\"DeleteWindow\",\"window\":%lu}", t, event->xclient.window);
            XCloseDisplay(display);
            exit(0);
        }
        break;
    }
}

static void select_xi(Display *display, Window window, const int *events, int count) {
    unsigned char bits[XIMaskLen(XI_LASTEVENT)];
    memset(bits, 0, sizeof bits);
    for (int i = 0; i < count; i++) XISetMask(bits, events[i]);
    XIEventMask mask = { .deviceid = XIAllMasterDevices, .mask_len = sizeof bits, .mask = bits };
    XISelectEvents(display, window, &mask, 1);
}

/* The child that holds the focus with --focus-child, or None. */
static Window focus_child = None;

static void handle_event(Display *display, int opcode, Atom delete_window) {
    XEvent event;
    XNextEvent(display, &event);
    long long t = now_us();
    // As GDK does: the top-level itself never keeps the focus, its focus window takes it.
    if (focus_child != None && event.type == FocusIn && event.xfocus.detail != NotifyInferior &&
        event.xfocus.detail != NotifyVirtual && event.xfocus.detail != NotifyNonlinearVirtual &&
        event.xfocus.detail != NotifyPointer) {
        XSetInputFocus(display, focus_child, RevertToParent, CurrentTime);
        XFlush(display);
    }
    XGenericEventCookie *cookie = &event.xcookie;
    if (cookie->type == GenericEvent && cookie->extension == opcode && XGetEventData(display, cookie)) {
        emit_xi(t, cookie);
        XFreeEventData(display, cookie);
    } else {
        emit_core(t, display, &event, delete_window);
    }
}

static void run_command(Display *display, Window window, int opcode, Atom delete_window, const char *command) {
    if (strncmp(command, "mark ", 5) == 0) {
        XSync(display, False);
        while (XPending(display)) handle_event(display, opcode, delete_window);
        emit("{\"t\":%lld,\"type\":\"mark\",\"value\":%lld}", now_us(), atoll(command + 5));
    } else if (strcmp(command, "focus") == 0 && window != None) {
        XSetInputFocus(display, focus_child != None ? focus_child : window, RevertToPointerRoot, CurrentTime);
        XFlush(display);
    } else if (strcmp(command, "grab-keyboard") == 0 && window != None) {
        int status = XGrabKeyboard(display, window, False, GrabModeAsync, GrabModeAsync, CurrentTime);
        emit("{\"t\":%lld,\"type\":\"grab\",\"status\":%d}", now_us(), status);
    } else if (strcmp(command, "ungrab-keyboard") == 0) {
        XUngrabKeyboard(display, CurrentTime);
        XSync(display, False);
    } else if (strcmp(command, "grab-pointer") == 0 && window != None) {
        int status = XGrabPointer(display, window, False, ButtonPressMask | ButtonReleaseMask | PointerMotionMask,
                                  GrabModeAsync, GrabModeAsync, None, None, CurrentTime);
        emit("{\"t\":%lld,\"type\":\"grab\",\"status\":%d}", now_us(), status);
    } else if (strcmp(command, "ungrab-pointer") == 0) {
        XUngrabPointer(display, CurrentTime);
        XSync(display, False);
    } else {
        emit("{\"t\":%lld,\"type\":\"unknown-command\"}", now_us());
    }
}

static int has_flag(int argc, char **argv, const char *flag) {
    for (int i = 9; i < argc; i++) if (strcmp(argv[i], flag) == 0) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 9) {
        fprintf(stderr, "usage: %s DISPLAY INSTANCE CLASS TITLE X Y W H [--select-touch] [--ownership] "
                        "[--root-gestures] [--focus] [--focus-child] [--grab-touches]\n", argv[0]);
        return 2;
    }
    /* A child inherits its parent's signal mask, and the Swift test runner's threads
       block SIGTERM: unblock it, so that SIGTERM ends the client as it would any app. */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    Display *display = XOpenDisplay(argv[1]);
    if (!display) { fprintf(stderr, "cannot open display %s\n", argv[1]); return 1; }
    XSetErrorHandler(on_error);
    int opcode, event_base, error_base, major = 2, minor = 4;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event_base, &error_base) ||
        XIQueryVersion(display, &major, &minor) != Success) {
        fprintf(stderr, "no XInput 2.4\n");
        return 1;
    }
    Window root = DefaultRootWindow(display);
    Window window = None;
    Atom delete_window = XInternAtom(display, "WM_DELETE_WINDOW", False);

    if (has_flag(argc, argv, "--grab-touches")) {
        unsigned char bits[XIMaskLen(XI_LASTEVENT)];
        memset(bits, 0, sizeof bits);
        XISetMask(bits, XI_TouchBegin); XISetMask(bits, XI_TouchUpdate); XISetMask(bits, XI_TouchEnd);
        XISetMask(bits, XI_TouchOwnership);
        XIEventMask mask = { .deviceid = XIAllMasterDevices, .mask_len = sizeof bits, .mask = bits };
        XIGrabModifiers modifiers = { .modifiers = XIAnyModifier };
        if (XIGrabTouchBegin(display, XIAllMasterDevices, root, False, &mask, 1, &modifiers) != 0) {
            fprintf(stderr, "XIGrabTouchBegin failed\n");
            return 1;
        }
    } else {
        XSetWindowAttributes attributes = { .background_pixel = WhitePixel(display, DefaultScreen(display)),
            .event_mask = KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask |
                          FocusChangeMask | StructureNotifyMask };
        window = XCreateWindow(display, root, atoi(argv[5]), atoi(argv[6]), (unsigned)atoi(argv[7]),
                               (unsigned)atoi(argv[8]), 0, CopyFromParent, InputOutput, CopyFromParent,
                               CWBackPixel | CWEventMask, &attributes);
        XClassHint class_hint = { .res_name = argv[2], .res_class = argv[3] };
        XSetClassHint(display, window, &class_hint);
        XStoreName(display, window, argv[4]);
        XSizeHints size = { .flags = USPosition | USSize, .x = atoi(argv[5]), .y = atoi(argv[6]),
                            .width = atoi(argv[7]), .height = atoi(argv[8]) };
        XSetWMNormalHints(display, window, &size);
        XSetWMProtocols(display, window, &delete_window, 1);
        if (has_flag(argc, argv, "--select-touch")) {
            int events[4] = { XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership };
            select_xi(display, window, events, has_flag(argc, argv, "--ownership") ? 4 : 3);
        }
        if (has_flag(argc, argv, "--focus-child")) {
            // Keys stop at the focus window: the child selects them itself, as GDK's does.
            XSetWindowAttributes keys = { .event_mask = KeyPressMask | KeyReleaseMask };
            focus_child = XCreateWindow(display, window, -1, -1, 1, 1, 0, 0, InputOnly, CopyFromParent,
                                        CWEventMask, &keys);
            XMapWindow(display, focus_child);
        }
        XMapWindow(display, window);
        XEvent event;
        do { XNextEvent(display, &event); } while (event.type != MapNotify);
        if (has_flag(argc, argv, "--focus")) {
            XSetInputFocus(display, focus_child != None ? focus_child : window, RevertToPointerRoot, CurrentTime);
        }
    }
    if (has_flag(argc, argv, "--root-gestures")) {
        int events[6] = { XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                          XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd };
        select_xi(display, root, events, 6);
    }
    XSync(display, False);
    emit("{\"t\":%lld,\"type\":\"ready\",\"window\":%lu}", now_us(), window);

    char command[256];
    size_t used = 0;
    for (;;) {
        while (XPending(display)) handle_event(display, opcode, delete_window);
        struct pollfd fds[2] = { { .fd = ConnectionNumber(display), .events = POLLIN },
                                 { .fd = STDIN_FILENO, .events = POLLIN } };
        if (poll(fds, 2, -1) < 0) continue;
        if (fds[1].revents & (POLLIN | POLLHUP)) {
            ssize_t got = read(STDIN_FILENO, command + used, sizeof command - 1 - used);
            if (got <= 0) break;
            used += (size_t)got;
            char *newline;
            while ((newline = memchr(command, '\n', used)) != NULL) {
                *newline = 0;
                run_command(display, window, opcode, delete_window, command);
                used -= (size_t)(newline + 1 - command);
                memmove(command, newline + 1, used);
            }
            if (used == sizeof command - 1) used = 0;
        }
        if (fds[0].revents & (POLLERR | POLLHUP)) break;
    }
    XCloseDisplay(display);
    return 0;
}
