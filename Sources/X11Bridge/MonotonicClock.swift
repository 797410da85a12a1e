import Glibc

/// The one clock the daemon and the bridge read: `CLOCK_MONOTONIC` in seconds.
///
/// Everything with a deadline takes its time as an input (the engine, the session, the key
/// injector's `clock:`), so tests drive them with a manual clock; only drivers read this one.
public enum MonotonicClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
