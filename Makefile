# GestureBridge: build, install and package. `make help` lists the targets.
#
#   make install                       # into ~/.local, and start it with the session
#   make install PREFIX=/usr/local     # system-wide (make build, then: sudo make install ...)
#   make uninstall [PREFIX=...]        # the same PREFIX; your config stays
#   make deb                           # .build/deb/gesturebridge_VERSION-1_ARCH.deb
#
# The work is done by the scripts in Packaging/, which the tests also drive.

PREFIX ?= $(HOME)/.local
DESTDIR ?=
# Set NO_ENABLE=1 to install without enabling or starting the systemd user service.
NO_ENABLE ?=
# Set BINARY=path to install or package that gesturebridge instead of building one.
BINARY ?=

INSTALL_FLAGS = --prefix "$(PREFIX)" $(if $(DESTDIR),--destdir "$(DESTDIR)") $(if $(NO_ENABLE),--no-enable) \
	$(if $(BINARY),--binary "$(BINARY)")

.PHONY: help build install uninstall deb test soak fuzz keysyms screenshots

help:
	@echo "GestureBridge make targets:"
	@echo "  make build       release build with the Swift runtime linked in (.build/install)"
	@echo "  make install     build, then install into PREFIX (now: $(PREFIX)) and enable the"
	@echo "                   systemd user service; PREFIX=/usr/local or /usr installs system-wide,"
	@echo "                   DESTDIR=dir stages the files, NO_ENABLE=1 leaves the service alone,"
	@echo "                   BINARY=file installs that build instead of building one"
	@echo "  make uninstall   stop the service and remove what install put in PREFIX (keeps your config)"
	@echo "  make deb         build the Debian package into .build/deb with debian/rules (debhelper)"
	@echo "  make test        install what the tests need (the test Xorg, window managers, toolkits),"
	@echo "                   then run them (swift test)"
	@echo "  (build, install, deb and test first install the system packages they need, with"
	@echo "   apt-get or dnf through sudo, or print the command: Scripts/deps.sh; GESTUREBRIDGE_DEPS=skip)"
	@echo "  make soak        GESTURES (now: $(GESTURES)) mixed gestures back to back through a release"
	@echo "                   daemon on a test Xorg: missed gestures, RSS, stuck touches and keys"
	@echo "  make fuzz        FUZZ_SECONDS (now: $(FUZZ_SECONDS)) of libFuzzer on each parser: config, trace,"
	@echo "                   evemu, getevent, libinput-record, stroke-template (FUZZ_TARGETS=... for some)"
	@echo "  make keysyms     regenerate Sources/GestureConfig/KeysymTable.swift from /usr/include/X11"
	@echo "  make screenshots redraw docs/feedback-*.png and docs/settings-*.png, the README's pictures of"
	@echo "                   the indicator and the settings app, on a test Xorg"

build:
	@Scripts/deps.sh build
	@Packaging/build-release.sh >/dev/null

install:
	@$(if $(BINARY),,Scripts/deps.sh build)
	@Packaging/install.sh $(INSTALL_FLAGS)

uninstall:
	@Packaging/install.sh --uninstall $(INSTALL_FLAGS)

deb:
	@Scripts/deps.sh deb
	@Packaging/build-deb.sh $(if $(BINARY),--binary "$(BINARY)") $(if $(SETTINGS_BINARY),--settings-binary "$(SETTINGS_BINARY)")

test:
	@Scripts/deps.sh test
	swift test

# How many gestures `make soak` sends.
GESTURES ?= 20000

soak:
	swift build -c release --product gesturebridge
	GESTUREBRIDGE_SOAK=$(GESTURES) GESTUREBRIDGE_BINARY="$$(swift build -c release --show-bin-path)/gesturebridge" \
		swift test --filter SoakTests 2>&1 | grep -E '^soak:|✔|✘'


# How long `make fuzz` runs each target, and which (all when empty).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

fuzz:
	Scripts/fuzz.sh --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

keysyms:
	Scripts/generate-keysyms.py > Sources/GestureConfig/KeysymTable.swift.new
	mv Sources/GestureConfig/KeysymTable.swift.new Sources/GestureConfig/KeysymTable.swift
	@git diff --stat -- Sources/GestureConfig/KeysymTable.swift 2>/dev/null || true

screenshots:
	@Scripts/deps.sh test
	GESTUREBRIDGE_SCREENSHOTS=$(CURDIR)/docs swift test --filter 'FeedbackOverlayTests|SettingsAppSessionTests'
