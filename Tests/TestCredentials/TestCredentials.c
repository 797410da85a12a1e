// In C because Swift cannot call the variadic syscall(2): glibc's setresuid changes every
// thread of the test process, and the tests run on many threads at once.
#define _GNU_SOURCE
#include "TestCredentials.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

/// Runs `body` (connect or bind+listen) with this thread's effective user set to `euid`.
static int as_user(uid_t euid, int fd, const struct sockaddr_un *address, socklen_t length, int listening) {
    uid_t original = geteuid();
    if (syscall(SYS_setresuid, (uid_t)-1, euid, (uid_t)-1) != 0) return -1;
    int result;
    if (listening) {
        result = bind(fd, (const struct sockaddr *)address, length);
        if (result == 0 && listening > 0) result = listen(fd, 4);
    } else {
        result = connect(fd, (const struct sockaddr *)address, length);
    }
    int code = errno;
    // Back to root on this thread before anything else runs on it.
    if (syscall(SYS_setresuid, (uid_t)-1, original, (uid_t)-1) != 0) _exit(125);
    errno = code;
    return result;
}

static int socket_as(const char *path, uid_t euid, int listening) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (as_user(euid, fd, &address, sizeof address, listening) != 0) {
        int code = errno;
        close(fd);
        errno = code;
        return -1;
    }
    return fd;
}

int gb_test_connect_as(const char *path, uid_t euid) { return socket_as(path, euid, 0); }

int gb_test_listen_as(const char *path, uid_t euid) { return socket_as(path, euid, 1); }

int gb_test_abstract_as(const char *name, uid_t euid, int listening) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    size_t count = strlen(name);
    if (count + 1 > sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    // The abstract namespace: a NUL, then the name; the length counts only the bytes used.
    memcpy(address.sun_path + 1, name, count);
    socklen_t length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + count);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (as_user(euid, fd, &address, length, listening ? 1 : -1) != 0) {
        int code = errno;
        close(fd);
        errno = code;
        return -1;
    }
    return fd;
}

int gb_test_open_as(const char *path, uid_t euid, int flags) {
    uid_t original = geteuid();
    if (syscall(SYS_setresuid, (uid_t)-1, euid, (uid_t)-1) != 0) return -1;
    int fd = open(path, flags | O_CLOEXEC, 0600);
    int code = errno;
    if (syscall(SYS_setresuid, (uid_t)-1, original, (uid_t)-1) != 0) _exit(125);
    errno = code;
    return fd;
}
