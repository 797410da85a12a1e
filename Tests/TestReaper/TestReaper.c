// Every process a test run starts dies with the run, even when the run crashes or is killed.
//
// When a test bundle is loaded (a constructor, before any test), it tags its own environment
// with GESTUREBRIDGE_TEST_RUN=<token>, which every child inherits: X servers, window managers,
// session buses, daemons and the commands they start, whatever process group or session they
// move to. It then starts a reaper in a session of its own, whose standard input is a pipe
// only this process holds (close-on-exec, so no child keeps it open). However the test process
// ends, even by SIGKILL, the pipe's end reaches the reaper, which kills every process still
// carrying the token, or a token below it (`TOKEN/…`, which a test may give processes of its own).
//
// The run's temporary files go the same way: the constructor makes one folder for the run
// (`gb-test-XXXXXX` in $TMPDIR or /tmp) and points TMPDIR at it, so that whatever a test, a
// window manager, a bus or Foundation's atomic writes put in "the temporary directory" is
// inside it; once the processes are dead, the reaper removes the folder. A test still removes
// what it made, but a crash, a kill or a forgotten `defer` leaves nothing in /tmp either.
// Set GESTUREBRIDGE_TEST_REAPER=off to run without it.
#define _GNU_SOURCE
#include "TestReaper.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *const gb_test_reaper_script =
    "token=\"$1\"\n"
    "cat >/dev/null\n"
    "pass=0\n"
    "while [ \"$pass\" -lt 50 ]; do\n"
    "  found=\n"
    "  for dir in /proc/[0-9]*; do\n"
    "    pid=\"${dir#/proc/}\"\n"
    "    [ \"$pid\" = \"$$\" ] && continue\n"
    "    if grep -qzE \"^GESTUREBRIDGE_TEST_RUN=$token(/.*)?\\$\" \"$dir/environ\" 2>/dev/null; then\n"
    "      kill -KILL \"$pid\" 2>/dev/null && found=1\n"
    "    fi\n"
    "  done\n"
    "  [ -z \"$found\" ] && break\n"
    "  pass=$((pass + 1))\n"
    "done\n"
    "case \"${2##*/}\" in gb-test-*) rm -rf -- \"$2\" ;; esac\n";

static char token[64] = "";
static char folder[4096] = "";

const char *gb_test_run_token(void) { return token; }
const char *gb_test_run_folder(void) { return folder; }

__attribute__((constructor)) static void gb_test_reaper_start(void) {
    const char *setting = getenv("GESTUREBRIDGE_TEST_REAPER");
    if (setting && strcmp(setting, "off") == 0) return;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    snprintf(token, sizeof token, "%d-%lld-%ld", (int)getpid(), (long long)now.tv_sec, now.tv_nsec);
    const char *base = getenv("TMPDIR");
    if (!base || base[0] != '/' || strlen(base) > sizeof folder - 32) base = "/tmp";
    snprintf(folder, sizeof folder, "%s/gb-test-XXXXXX", base);
    if (!mkdtemp(folder)) folder[0] = 0;
    // As /tmp is: the tests that act as another user (uid 65534) make and reach files in it.
    else chmod(folder, 01777);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) { token[0] = 0; if (folder[0]) rmdir(folder); folder[0] = 0; return; }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]); close(fds[1]); token[0] = 0;
        if (folder[0]) rmdir(folder);
        folder[0] = 0;
        return;
    }
    if (pid == 0) {
        setsid();
        dup2(fds[0], STDIN_FILENO);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) { dup2(null, STDOUT_FILENO); }
        signal(SIGINT, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGPIPE, SIG_DFL);
        unsetenv("GESTUREBRIDGE_TEST_RUN");
        execl("/bin/sh", "sh", "-c", gb_test_reaper_script, "gesturebridge-test-reaper", token, folder, (char *)NULL);
        _exit(127);
    }
    close(fds[0]);
    // fds[1] stays open, unread and unwritten, for the life of this process.
    setenv("GESTUREBRIDGE_TEST_RUN", token, 1);
    if (folder[0]) {
        setenv("TMPDIR", folder, 1);
        // The run's own runtime directory too: a daemon or a tool a test starts without one of
        // its own would otherwise use the real session's (/run/user/UID), or /tmp/gesturebridge-UID.
        char runtime[sizeof folder + 16];
        snprintf(runtime, sizeof runtime, "%s/runtime", folder);
        if (mkdir(runtime, 0700) == 0) setenv("XDG_RUNTIME_DIR", runtime, 1);
    }
}

pid_t gb_test_spawn_detached(char *const argv[], char *const envp[]) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t pid = -1;
    int status = posix_spawn(&pid, argv[0], &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (status != 0) { errno = status; return -1; }
    return pid;
}
