/*
 * latency-floor: the least a touch-gesture daemon must do to turn a gesture into a key, in C,
 * for the latency benchmark to compare GestureBridge with (DaemonLatencyTests).
 *
 * Usage: latency-floor DISPLAY
 *
 * It grabs touches on the root window (XIGrabTouchBegin, all master devices, any modifier),
 * accepts each touch at its begin (XIAllowTouchEvents, XIAcceptTouch), and when the third
 * touch of a gesture has moved twice (a three-finger swipe's second frame of motion, about
 * where a recognizer has seen enough), types ctrl+alt+Left through XTest, once per gesture.
 * Nothing else: no recognizer, no config, no window lookup, no focus wait. It prints "ready"
 * once the grab is in place and exits when stdin closes (the test went away).
 *
 * Test infrastructure, not installed.
 */
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: latency-floor DISPLAY\n"); return 64; }
    Display *display = XOpenDisplay(argv[1]);
    if (!display) { fprintf(stderr, "cannot open display %s\n", argv[1]); return 1; }
    int opcode, event, error, major = 2, minor = 2;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        || XIQueryVersion(display, &major, &minor) != Success) {
        fprintf(stderr, "no XInput 2.2\n");
        return 1;
    }
    Window root = DefaultRootWindow(display);
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_TouchBegin);
    XISetMask(bits, XI_TouchUpdate);
    XISetMask(bits, XI_TouchEnd);
    XIEventMask mask = {XIAllMasterDevices, sizeof bits, bits};
    XIGrabModifiers modifiers = {XIAnyModifier, 0};
    if (XIGrabTouchBegin(display, XIAllMasterDevices, root, False, &mask, 1, &modifiers) != 0) {
        fprintf(stderr, "the root touch grab is taken\n");
        return 1;
    }
    XSync(display, False);
    KeyCode chord[3] = {
        XKeysymToKeycode(display, XK_Control_L), XKeysymToKeycode(display, XK_Alt_L),
        XKeysymToKeycode(display, XK_Left)};
    printf("ready\n");
    fflush(stdout);

    int down = 0, moves = 0, fired = 0;
    struct pollfd fds[2] = {{ConnectionNumber(display), POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
    for (;;) {
        while (XPending(display)) {
            XEvent xevent;
            XNextEvent(display, &xevent);
            XGenericEventCookie *cookie = &xevent.xcookie;
            if (cookie->type != GenericEvent || cookie->extension != opcode || !XGetEventData(display, cookie))
                continue;
            XIDeviceEvent *touch = cookie->data;
            switch (cookie->evtype) {
            case XI_TouchBegin:
                XIAllowTouchEvents(display, touch->deviceid, touch->detail, touch->event, XIAcceptTouch);
                down++;
                break;
            case XI_TouchUpdate:
                if (down >= 3 && !fired && ++moves >= 6) {
                    for (int i = 0; i < 3; i++) XTestFakeKeyEvent(display, chord[i], True, CurrentTime);
                    for (int i = 2; i >= 0; i--) XTestFakeKeyEvent(display, chord[i], False, CurrentTime);
                    fired = 1;
                }
                break;
            case XI_TouchEnd:
                if (--down <= 0) { down = 0; moves = 0; fired = 0; }
                break;
            }
            XFreeEventData(display, cookie);
            XFlush(display);
        }
        if (poll(fds, 2, -1) < 0) continue;
        if (fds[1].revents) {
            char buffer[64];
            if (read(STDIN_FILENO, buffer, sizeof buffer) <= 0) break;
        }
    }
    XCloseDisplay(display);
    return 0;
}
