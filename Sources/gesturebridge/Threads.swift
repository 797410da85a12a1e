import Glibc

/// The daemon's two helper threads (the log writer, the config reloader) on POSIX threads
/// directly: Foundation's `Thread` and `NSCondition` would link its ICU data into the binary.

/// A thread's body, carried through `pthread_create`'s untyped argument.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts `body` on a detached thread of its own; false when the system refuses one.
@discardableResult
func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
        &thread, nil,
        { argument in
            guard let argument else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, argument)
    guard started == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(argument).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// A mutex with a condition variable whose timed waits run on the monotonic clock
/// (`pthread_cond_timedwait` with `CLOCK_MONOTONIC`), so a clock change cannot stretch them.
final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pthread objects are what makes it safe to share.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for a signal; the lock must be held.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal until `deadline` (seconds on `MonotonicClock`); false once it has
    /// passed. The lock must be held.
    func wait(until deadline: Double) -> Bool {
        let whole = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int((deadline - whole) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }

}
