import CX11
import Testing
@testable import GestureConfig

/// The generated keysym table (`make keysyms`) agrees with libX11 on every name.
///
/// GestureConfig checks key names without linking X11; the daemon types them through
/// XStringToKeysym. A table older or newer than the library would accept names the daemon
/// cannot type, or refuse ones it can.
@Suite struct KeysymTableTests {
    @Test func everyNameIsTheKeysymXStringToKeysymGives() {
        var disagreements: [String] = []
        for entry in KeysymTable.entries {
            let keysym = XStringToKeysym(entry.name)
            if keysym != KeySym(entry.value) {
                disagreements.append(
                    "\(entry.name): table 0x\(String(entry.value, radix: 16)), libX11 0x\(String(keysym, radix: 16))")
            }
        }
        #expect(KeysymTable.entries.count > 2_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) names differ, e.g. \(disagreements.prefix(10))")
    }
}
