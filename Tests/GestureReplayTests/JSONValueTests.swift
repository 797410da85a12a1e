import Testing
@testable import GestureReplay
import JSON

/// The ordered JSON value: parsing by RFC 8259, key order, escaping and compact numbers.
@Suite struct JSONValueTests {
    @Test(arguments: [
        (
            #"{"b": 1, "a": [true, false, null], "c": {"z": "x", "y": -0.5e1}}"#,
            JSONValue.object([("b", 1), ("a", [true, false, nil]), ("c", .object([("z", "x"), ("y", -5)]))])
        ),
        (#"  "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"  "#, JSONValue.string("\"\\/\u{08}\u{0C}\n\r\té😀")),
        ("0", JSONValue.number(0)),
        ("-0.25E+2", JSONValue.number(-25)),
        ("[]", JSONValue.array([])),
        ("{}", JSONValue.object([])),
        (#""日本語 ☃""#, JSONValue.string("日本語 ☃"))
    ])
    func validTextParses(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test(arguments: [
        ("", "the text ends where a value should be"),
        ("01", "unexpected text after the value"),
        (".5", "expected a value, found '.'"),
        ("1.", "the text ends where a digit after the decimal point should be"),
        ("1e", "the text ends where a digit in the exponent should be"),
        ("-", "the text ends where a digit should be"),
        ("0x10", "unexpected text after the value"),
        ("nul", #"the text ends where "null" should be"#),
        ("tru e", "expected a value, found 't'"),
        ("NaN", "expected a value, found 'N'"),
        ("[1,]", "expected a value, found ']'"),
        (#"{"a" 1}"#, #"expected ":" after the member name, found '1'"#),
        ("{1: 2}", "expected a member name in double quotes, found '1'"),
        (#""\x""#, "a backslash before 'x' is not an escape"),
        (#""\ud800""#, #"a high surrogate \ud800 without its low half"#),
        (#""\ud800\u0041""#, "an invalid surrogate pair"),
        (#""\u12g4""#, "expected a hex digit, found 'g'"),
        ("\"a\u{1}\"", "control character byte 0x01 in a string; write it escaped"),
        ("1e400", "the number 1e400 is too large"),
        (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nested deeper than 64 levels")
    ])
    func invalidTextIsRejectedWithAReason(text: String, message: String) {
        do {
            _ = try JSONValue(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func sixtyFourLevelsOfNestingAreAllowed() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try JSONValue(parsing: text)
    }

    @Test func truncationIsMarkedAsUnexpectedEnd() {
        do {
            _ = try JSONValue(parsing: #"{"a": [1, 2"#)
            Issue.record("a truncated text parsed")
        } catch {
            #expect(error.isUnexpectedEnd)
            #expect(error.expectedAtEnd == "\",\" or \"]\"")
            #expect(error.offset == 11)
        }
    }

    @Test func objectsKeepTheirMemberOrder() throws {
        let value = try JSONValue(parsing: #"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == ["z", "a", "m"])
        #expect(value["a"] == 2)
        #expect(value["q"] == nil)
    }

    @Test func objectsWithTheSameMembersInAnotherOrderDiffer() {
        #expect(JSONValue.object([("a", 1), ("b", 2)]) != .object([("b", 2), ("a", 1)]))
        #expect(JSONValue.object([("a", 1), ("b", 2)]) == ["a": 1, "b": 2])
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
        ("line\nbreak\ttab\rreturn", #""line\nbreak\ttab\rreturn""#),
        ("\u{08}\u{0C}\u{01}\u{1F}", #""\b\f\u0001\u001f""#),
        ("del \u{7F} csi \u{9B}", #""del \u007f csi \u009b""#),
        ("sep \u{2028}\u{2029}", #""sep \u2028\u2029""#),
        ("Café 😀 日本", #""Café 😀 日本""#),
        ("/", #""/""#)
    ])
    func stringsAreEscapedForJSON(text: String, json: String) throws {
        var output = ""
        JSONValue.writeQuoted(text, to: &output)
        #expect(output == json)
        #expect(try JSONValue(parsing: output) == .string(text))
    }

    @Test func serializationUsesTheContractLayout() {
        let value: JSONValue = ["keys": "alt+Left", "list": [1, 2.5, true, nil], "nested": ["a": [:]]]
        #expect(value.serialized() == #"{"keys": "alt+Left", "list": [1, 2.5, true, null], "nested": {"a": {}}}"#)
    }

    @Test(arguments: [
        (0.02, 3, "0.02"),
        (0.020000001, 3, "0.02"),
        (130, 3, "130"),
        (1500, 4, "1500"),
        (-0.0, 3, "0"),
        (-0.0001, 3, "0"),
        (-0.0005, 3, "-0.001"),
        (0.0005, 3, "0.001"),
        (1.0005, 3, "1.001"),
        (0.1 + 0.2, 3, "0.3"),
        (2.5e-7, 4, "0"),
        (5e-5, 4, "0.0001"),
        (1e-5, 4, "0"),
        (0.99995, 4, "1"),
        (9.9996, 3, "10"),
        (123456.78949, 4, "123456.7895"),
        (-1500.25, 4, "-1500.25"),
        (1e20, 3, "100000000000000000000"),
        (-1.5e16, 3, "-15000000000000000"),
        (1234.5, 0, "1235"),
        (-2.5, 0, "-3"),
        (0.000123456, 6, "0.000123"),
        (Double.infinity, 3, "null"),
        (Double.nan, 4, "null")
    ])
    func numbersAreCompactWithoutExponents(value: Double, decimals: Int, expected: String) {
        #expect(JSONNumberFormat.string(value, decimals: decimals) == expected)
    }
}
