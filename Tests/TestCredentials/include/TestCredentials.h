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

/// Binds the abstract Unix socket name `@name` as user `euid`, and listens on it when
/// `listening` is not 0, as another local user's program taking a name first (anyone may bind
/// any abstract name). Returns the descriptor, or -1 with errno set.
int gb_test_abstract_as(const char *name, uid_t euid, int listening);

/// Opens `path` with `flags` as user `euid` (this thread only, for the open), as another
/// local user's program reading or writing a file of ours. Returns the descriptor, or -1 with
/// errno set.
int gb_test_open_as(const char *path, uid_t euid, int flags);

#endif
