#if AllocationCounting
    import MallocInterposerSwift
#endif

/// Counts the process's heap allocations for `gesturebridge bench`, when the build can.
///
/// Development builds count with ordo-one's malloc interposer (the package's default
/// `AllocationCounting` trait). Installed builds link the Swift runtime statically and leave
/// the interposer out, since it is a shared library that needs the toolchain's runtime; there
/// every call does nothing and `isAvailable` is false.
enum AllocationCounter {
    /// Whether this build counts allocations at all.
    #if AllocationCounting
        static let isAvailable = true
    #else
        static let isAvailable = false
    #endif

    /// Resets the counters.
    static func reset() {
        #if AllocationCounting
            MallocInterposerSwift.initialize()
        #endif
    }

    /// Starts counting this thread's allocations.
    static func start() {
        #if AllocationCounting
            MallocInterposerSwift.hook()
        #endif
    }

    /// Stops counting.
    static func stop() {
        #if AllocationCounting
            MallocInterposerSwift.unhook()
        #endif
    }

    /// The allocations counted since the last reset; 0 when the build cannot count.
    static var count: Int {
        #if AllocationCounting
            Int(MallocInterposerSwift.getStatistics().mallocCount)
        #else
            0
        #endif
    }
}
