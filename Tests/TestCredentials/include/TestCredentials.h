#ifndef GESTUREBRIDGE_TEST_CREDENTIALS_H
#define GESTUREBRIDGE_TEST_CREDENTIALS_H

#include <sys/types.h>

/// Connects a Unix stream socket to `path` as user `euid`, the way another local user's
/// program would, for the tests of the control socket's peer check. Only the calling thread
/// changes its effective user (the raw system call, not glibc's process-wide setresuid), and
/// only for the connect: the kernel records the peer's credentials then (SO_PEERCRED). Needs
/// root. Returns the connected descriptor, or -1 with errno set.
int gb_test_connect_as(const char *path, uid_t euid);

/// Binds and listens on a Unix stream socket at `path` as user `euid` (its directory must let
/// that user write), as another user's program waiting at a path we might use. Returns the
/// listening descriptor, or -1 with errno set.
int gb_test_listen_as(const char *path, uid_t euid);

#endif
