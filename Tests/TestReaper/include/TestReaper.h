#ifndef GESTUREBRIDGE_TEST_REAPER_H
#define GESTUREBRIDGE_TEST_REAPER_H

/// The token every process the test run starts carries in GESTUREBRIDGE_TEST_RUN; "" if the reaper is off.
const char *gb_test_run_token(void);

/// The run's temporary folder, which TMPDIR names for the whole run; "" if the reaper is off.
const char *gb_test_run_folder(void);

/// The reaper's shell script: `sh -c SCRIPT reaper TOKEN [FOLDER]` waits for its standard input
/// to end, then kills every process whose environment holds GESTUREBRIDGE_TEST_RUN=TOKEN or
/// TOKEN/…, and removes FOLDER (a folder named `gb-test-*`; anything else is left alone).
extern const char *const gb_test_reaper_script;

#include <sys/types.h>

/// Starts `argv` (a full path first) in a session of its own, as a daemon puts itself, with only
/// standard input (/dev/null) and `envp`; returns its pid, or -1 with errno set.
pid_t gb_test_spawn_detached(char *const argv[], char *const envp[]);

#endif
