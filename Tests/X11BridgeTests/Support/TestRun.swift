import TestReaper

/// The test run's tag (Tests/TestReaper): a process that carries it is killed when the run ends.
///
/// Children inherit it; an environment built from scratch must add it with `tagged`.
enum TestRun {
    static var tag: [String: String] {
        let token = String(cString: gb_test_run_token())
        return token.isEmpty ? [:] : ["GESTUREBRIDGE_TEST_RUN": token]
    }

    static func tagged(_ environment: [String: String]) -> [String: String] {
        environment.merging(tag) { mine, _ in mine }
    }
}
