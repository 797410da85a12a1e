import Testing

extension XServer {
    /// The server of the enclosing `.xServer(...)` suite, if any.
    @TaskLocal static var current: XServer?

    /// The suite's server, or a failure that names the missing trait.
    static func shared(sourceLocation: SourceLocation = #_sourceLocation) throws -> XServer {
        try #require(current, "the suite needs the .xServer(...) trait", sourceLocation: sourceLocation)
    }
}

/// Starts one real Xorg for a whole suite and stops it after the suite's last test.
///
/// A server takes seconds to start, so suites share one: mark the suite `.serialized`
/// and reach the server with `XServer.shared()`. Tests that leave state behind (a
/// grab, a disabled device) must undo it, or use a suite of their own.
struct XServerScope: SuiteTrait, TestScoping {
    let devices: [XServer.Device]

    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try XServer.start(devices: devices)
        defer { server.stop() }
        try await XServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == XServerScope {
    /// One Xorg for the suite, with these inputtest devices.
    static func xServer(_ devices: [XServer.Device] = XServer.Device.standard) -> Self {
        XServerScope(devices: devices)
    }
}
